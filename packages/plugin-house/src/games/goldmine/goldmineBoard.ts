import type { GameBoard } from '../../dashboard/boardTypes.ts';

/**
 * Gold mining's board: the ownership map after the round (from the round's
 * public map, never the state), the plots each miner holds, and its gold
 * where the reader may know it (RULES S-a: only once the match is over, or
 * for the observer).
 */
export const goldmineBoard: GameBoard = {
  columns: ['plots', 'gold'],
  secretField: 'gold',
  hidden: "Each miner's gold is its own business until the match is over (the map and the plots held are public).",
  frame(entry, events, seats) {
    const map = events.find((e) => e.type === 'round' && e.to === undefined)?.data;
    const owner = Array.isArray(map?.owner) && map.owner.every((o) => typeof o === 'number') ? (map.owner as number[]) : undefined;
    const rows = seats
      .filter((id) => Object.hasOwn(entry.players, id))
      .map((id) => {
        const p = entry.players[id]!;
        const plots = Array.isArray(p.plots) ? p.plots.length : null;
        return { player: id, cells: [plots === null ? '' : String(plots), typeof p.gold === 'number' ? String(p.gold) : 'hidden'], out: false, marks: [] };
      });
    return { rows, ...(owner ? { owner } : {}) };
  },
};
