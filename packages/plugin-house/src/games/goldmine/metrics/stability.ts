import { ratio, total, type MatchHistory, type Window } from './roundCounts.ts';

/**
 * Plot turnover rate: plots that changed hands by raid / plots owned at the
 * round's start, summed over the window (claims of unowned plots are not
 * turnover). 0 when nothing was owned.
 */
export function turnoverRate(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.captures),
    total(h, w, (c) => c.ownedAtStart),
  );
}

/** One ownership spell: acquired in round `start`, lost in round `end` (null: still held at the end of the logs). */
export interface Spell {
  plot: number;
  owner: number;
  start: number;
  end: number | null;
}

/** Every ownership spell in the logs, in order of acquisition. */
export function ownershipSpells(h: MatchHistory): Spell[] {
  const open: Array<Spell | null> = new Array(h.plots).fill(null);
  const spells: Spell[] = [];
  for (const log of h.logs) {
    for (let p = 0; p < h.plots; p++) {
      const o = log.owner[p]!;
      const cur = open[p]!;
      if ((cur?.owner ?? -1) === o) continue;
      if (cur) cur.end = log.round;
      open[p] = null;
      if (o !== -1) {
        const spell: Spell = { plot: p, owner: o, start: log.round, end: null };
        spells.push(spell);
        open[p] = spell;
      }
    }
  }
  return spells;
}

/**
 * Property half-life: the Kaplan-Meier median tenure of ownership, in rounds.
 * A spell acquired in round a and lost in round t lasted t - a rounds; one
 * still held at the window's end is censored at its age then; a spell
 * acquired before the window is at risk only from the age it reaches inside
 * the window (left truncation), so each half is judged on the spells at risk
 * in it. Infinity when fewer than half of them end (the median is not
 * reached: ownership is that stable); NaN when no plot was held in the window.
 * Summaries leave non-finite runs out and report how many runs remain.
 */
export function propertyHalfLife(h: MatchHistory, w: Window): number {
  const rows: Array<{ entry: number; exit: number; died: boolean }> = [];
  for (const s of ownershipSpells(h)) {
    if (s.start >= w.to || (s.end !== null && s.end < w.from)) continue;
    const died = s.end !== null && s.end <= w.to;
    rows.push({ entry: Math.max(1, w.from - s.start), exit: (died ? s.end! : w.to) - s.start, died });
  }
  if (rows.length === 0) return Number.NaN;
  const deaths = [...new Set(rows.filter((r) => r.died).map((r) => r.exit))].sort((a, b) => a - b);
  let survival = 1;
  for (const t of deaths) {
    let atRisk = 0;
    let died = 0;
    for (const r of rows) {
      if (r.entry <= t && r.exit >= t) atRisk++;
      if (r.died && r.exit === t) died++;
    }
    survival *= 1 - died / atRisk;
    if (survival <= 0.5) return t;
  }
  return Infinity;
}
