import { tokensText } from '../../dashboard/formatScore.ts';
import type { GameBoard } from '../../dashboard/boardTypes.ts';

/** Café's board: each bank in tokens (two decimals), each level, and who is out. */
export const cafeBoard: GameBoard = {
  columns: ['tokens', 'level', 'status'],
  frame(entry, _events, seats) {
    const rows = seats
      .filter((id) => Object.hasOwn(entry.players, id))
      .map((id) => {
        const p = entry.players[id]!;
        const out = p.alive === false;
        return { player: id, cells: [typeof p.tokens === 'number' ? tokensText(p.tokens) : '', typeof p.level === 'number' ? String(p.level) : '', out ? 'out' : 'in'], out, marks: [] };
      });
    return { rows };
  },
};
