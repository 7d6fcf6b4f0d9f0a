import { Rng } from '../engine/rng.ts';
import { ownValue } from '../engine/safeKey.ts';
import type { PlayerId } from '../engine/types.ts';
import type { Pairing } from './matrixTypes.ts';

const roundRobins = new WeakMap<readonly PlayerId[], readonly Pairing[]>();

/**
 * Every pair of seats once, in seat order. Of seats i < j, i plays the row
 * when i + j is odd and j when it is even (the home-and-away rule of round
 * robin schedules), so each player plays the row against half the others,
 * give or take one, and no seat is always first. One list per player list:
 * every round of a match shares it.
 */
export function roundRobinTable(players: readonly PlayerId[]): readonly Pairing[] {
  let table = roundRobins.get(players);
  if (!table) {
    const out: Pairing[] = [];
    for (let i = 0; i < players.length; i++) {
      for (let j = i + 1; j < players.length; j++) out.push((i + j) % 2 === 1 ? [players[i]!, players[j]!] : [players[j]!, players[i]!]);
    }
    table = Object.freeze(out);
    roundRobins.set(players, table);
  }
  return table;
}

/**
 * One round's pairs, drawn from the stream (seed, round, 'pairs'): the
 * players shuffled, and with an odd count the first of them who has sat out
 * least sits this round out; the rest pair off in order, the first of each
 * pair playing the row.
 */
export function drawPairs(players: readonly PlayerId[], seed: number, round: number, byes: Readonly<Record<PlayerId, number>>): { table: Pairing[]; sitting: PlayerId | null } {
  const order = Rng.derive(seed, round, 'pairs').shuffle(players);
  let sitting: PlayerId | null = null;
  if (order.length % 2 === 1) {
    const fewest = Math.min(...order.map((p) => ownValue(byes, p) ?? 0));
    sitting = order.find((p) => (ownValue(byes, p) ?? 0) === fewest)!;
    order.splice(order.indexOf(sitting), 1);
  }
  const table: Pairing[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) table.push([order[i]!, order[i + 1]!]);
  return { table, sitting };
}
