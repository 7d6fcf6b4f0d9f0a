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

const spellCache = new WeakMap<MatchHistory, Spell[]>();

/** The spells of a history, computed once per history object (never modified: read only). */
function spellsOf(h: MatchHistory): readonly Spell[] {
  let spells = spellCache.get(h);
  if (!spells) {
    spells = ownershipSpells(h);
    spellCache.set(h, spells);
  }
  return spells;
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
  // Tenures are whole rounds below w.to, so the risk sets are running sums over
  // per-tenure counts: O(spells + rounds) instead of one pass per death time.
  const entering = new Array<number>(w.to + 1).fill(0);
  const leaving = new Array<number>(w.to + 1).fill(0);
  const dying = new Array<number>(w.to + 1).fill(0);
  let rows = 0;
  for (const s of spellsOf(h)) {
    if (s.start >= w.to || (s.end !== null && s.end < w.from)) continue;
    const died = s.end !== null && s.end <= w.to;
    const exit = (died ? s.end! : w.to) - s.start;
    entering[Math.max(1, w.from - s.start)]! += 1;
    leaving[exit]! += 1;
    if (died) dying[exit]! += 1;
    rows++;
  }
  if (rows === 0) return Number.NaN;
  let survival = 1;
  let atRisk = 0;
  for (let t = 1; t <= w.to; t++) {
    atRisk += entering[t]!;
    if (dying[t]! > 0) {
      survival *= 1 - dying[t]! / atRisk;
      if (survival <= 0.5) return t;
    }
    atRisk -= leaving[t]!;
  }
  return Infinity;
}
