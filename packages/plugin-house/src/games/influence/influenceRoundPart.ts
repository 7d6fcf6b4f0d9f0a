import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { seatColor } from '../../dashboard/palette.ts';

/** How many direct messages each player wrote to each other player in a round: from → to → count. */
export function whisperCounts(events: readonly Pick<LogEntry, 'type' | 'data' | 'to'>[], seats: readonly string[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const e of events) {
    const from = e.data?.from;
    if (e.type !== 'dm' || typeof from !== 'string' || !seats.includes(from) || !e.to) continue;
    const row = out.get(from) ?? new Map<string, number>();
    for (const to of e.to) if (to !== from && seats.includes(to)) row.set(to, (row.get(to) ?? 0) + 1);
    out.set(from, row);
  }
  return out;
}

/** Each ballot of a round, in the order cast: who voted to empower or expose whom. */
export function ballots(events: readonly Pick<LogEntry, 'type' | 'data'>[]): Array<{ voter: string; kind: 'empower' | 'expose'; target: string }> {
  return events.flatMap((e) => {
    const d = e.data ?? {};
    return e.type === 'vote' && typeof d.voter === 'string' && typeof d.target === 'string' && (d.kind === 'empower' || d.kind === 'expose') ? [{ voter: d.voter, kind: d.kind, target: d.target }] : [];
  });
}

const SIZE = 280;

/** The whisper graph: the seats on a circle, an arrow from writer to reader as thick as the messages, the count on it. */
function whisperSvg(counts: Map<string, Map<string, number>>, seats: readonly string[], round: number): string {
  const c = SIZE / 2;
  const r = SIZE / 2 - 36;
  const at = seats.map((_, i) => {
    const a = (2 * Math.PI * i) / seats.length - Math.PI / 2;
    return { x: c + r * Math.cos(a), y: c + r * Math.sin(a), lx: c + (r + 24) * Math.cos(a), ly: c + (r + 24) * Math.sin(a) + 4 };
  });
  const arrows: string[] = [];
  const said: string[] = [];
  for (const [from, row] of counts) {
    for (const [to, n] of row) {
      const a = at[seats.indexOf(from)]!;
      const b = at[seats.indexOf(to)]!;
      // Bent to one side, so a reply runs beside its message instead of over it.
      const mx = (a.x + b.x) / 2 + (b.y - a.y) * 0.15;
      const my = (a.y + b.y) / 2 - (b.x - a.x) * 0.15;
      const color = seatColor(seats.indexOf(from));
      arrows.push(`<path d="M${a.x.toFixed(1)},${a.y.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${b.x.toFixed(1)},${b.y.toFixed(1)}" stroke="${color}" stroke-width="${1 + Math.min(n, 6)}" fill="none" opacity=".8" marker-end="url(#wh-${round})"/><text x="${mx.toFixed(1)}" y="${my.toFixed(1)}" fill="#e6e6e6" font-size="11" text-anchor="middle">${n}</text>`);
      said.push(`${from} to ${to}: ${n}`);
    }
  }
  const nodes = seats.map((s, i) => `<circle cx="${at[i]!.x.toFixed(1)}" cy="${at[i]!.y.toFixed(1)}" r="14" fill="${seatColor(i)}"/><text x="${at[i]!.lx.toFixed(1)}" y="${at[i]!.ly.toFixed(1)}" fill="#e6e6e6" font-size="12" text-anchor="middle">${escapeHtml(s)}</text>`);
  const label = `who wrote to whom in round ${round}: ${said.join('; ')}`;
  return `<svg class="whispers" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${escapeHtml(label)}"><defs><marker id="wh-${round}" viewBox="0 0 10 10" refX="28" refY="5" markerUnits="userSpaceOnUse" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#9aa4b2"/></marker></defs>${arrows.join('')}${nodes.join('')}</svg>`;
}

/**
 * Influence's part of a round on the match page: the whisper graph (how many
 * messages each wrote to whom, never what: the words are the timeline's, where
 * the reader may read them) and, once the match is over, the vote flow, each
 * ballot (secret while it runs, RULES I-b). From the events the reader may
 * read, so the room's view of a running match has no whisper to draw.
 */
export function influenceRoundPart(round: number, events: readonly LogEntry[], seats: readonly string[], over: boolean): string | undefined {
  const counts = whisperCounts(events, seats);
  const cast = over ? ballots(events) : [];
  if (!counts.size && !cast.length) return undefined;
  const graph = counts.size ? `<div><h4>Whispers, round ${round}</h4>${whisperSvg(counts, seats, round)}</div>` : '';
  const rows = cast.map((b) => `<tr data-voter="${escapeHtml(b.voter)}"><td>${escapeHtml(b.voter)}</td><td>${b.kind}</td><td>${escapeHtml(b.target)}</td></tr>`).join('');
  const flow = cast.length ? `<div><h4>Votes, round ${round}</h4><table class="vote-flow"><thead><tr><th>voter</th><th>to</th><th>whom</th></tr></thead><tbody>${rows}</tbody></table></div>` : '';
  return `<div class="grid">${graph}${flow}</div>`;
}
