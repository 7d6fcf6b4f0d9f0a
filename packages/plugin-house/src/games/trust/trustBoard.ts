import type { GameBoard } from '../../dashboard/boardTypes.ts';

/** Trust's board: each player's (and spawned unit's) sats after the round, and who is out. */
export const trustBoard: GameBoard = {
  columns: ['sats', 'status'],
  frame(entry, _events, seats) {
    const ids = [...seats, ...Object.keys(entry.players).filter((id) => !seats.includes(id))];
    const rows = ids
      .filter((id) => Object.hasOwn(entry.players, id))
      .map((id) => {
        const p = entry.players[id]!;
        const out = p.alive === false;
        return { player: id, cells: [typeof p.sats === 'number' ? String(p.sats) : '', out ? 'out' : 'in'], out, marks: [] };
      });
    return { rows };
  },
};
