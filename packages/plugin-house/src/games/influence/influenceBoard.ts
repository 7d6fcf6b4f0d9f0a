import type { GameBoard } from '../../dashboard/boardTypes.ts';
import { influenceRoundPart } from './influenceRoundPart.ts';

function counts(value: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (value && typeof value === 'object') for (const [p, n] of Object.entries(value)) if (typeof n === 'number') out.set(p, n);
  return out;
}

/**
 * Influence's board: who is living, exposed or eliminated after the round,
 * who held the power, and the round's vote counts (public once VOTE closes;
 * each ballot stays secret, RULES I-b).
 */
export const influenceBoard: GameBoard = {
  columns: ['status', 'empower votes', 'expose votes'],
  frame(entry, events, seats, over) {
    const tally = events.find((e) => e.type === 'votes' && e.to === undefined)?.data;
    const empower = counts(tally?.empowerVotes);
    const expose = counts(tally?.exposeVotes);
    const empowered = typeof entry.extra?.empowered === 'string' ? entry.extra.empowered : null;
    const outNow = new Set(Array.isArray(entry.extra?.eliminated) ? entry.extra.eliminated.map(String) : []);
    const rows = seats
      .filter((id) => Object.hasOwn(entry.players, id))
      .map((id) => {
        const p = entry.players[id]!;
        const out = p.alive === false;
        const status = out ? (outNow.has(id) ? 'eliminated this round' : 'eliminated') : p.exposed === true ? 'exposed' : 'living';
        return { player: id, cells: [status, String(empower.get(id) ?? 0), String(expose.get(id) ?? 0)], out, marks: id === empowered ? ['empowered'] : [] };
      });
    const voted = seats.filter((p) => empower.has(p) || expose.has(p));
    const part = influenceRoundPart(entry.round, events, seats, over);
    return { rows, ...(part ? { part } : {}), ...(tally ? { votes: { players: voted, empower: voted.map((p) => empower.get(p) ?? 0), expose: voted.map((p) => expose.get(p) ?? 0) } } : {}) };
  },
};
