import type { GameBoard } from '../../dashboard/boardTypes.ts';

/** A matrix game's board: each player's points after the round and what the round gave them. */
export const matrixBoard: GameBoard = {
  columns: ['points', 'this round'],
  frame(entry, _events, seats) {
    const rows = seats
      .filter((id) => Object.hasOwn(entry.players, id))
      .map((id) => {
        const p = entry.players[id]!;
        const num = (v: unknown) => (typeof v === 'number' ? String(v) : '');
        const gain = typeof p.gain === 'number' && p.gain > 0 ? `+${p.gain}` : num(p.gain);
        return { player: id, cells: [num(p.score), gain], out: false, marks: [] };
      });
    return { rows };
  },
};
