import type { Outcome, PlayerId } from '../engine/types.ts';

/**
 * The result once a match ends (`how`: `limit` when its length or cap is
 * reached, `stopped` when the continuation draw ends it): the highest score
 * wins; a lead shared by some players is `shared` (all of them win);
 * everyone level is a `draw` (no winner).
 */
export function matrixOutcome(players: readonly PlayerId[], scores: ReadonlyMap<PlayerId, number>, how: 'limit' | 'stopped'): Outcome {
  const best = Math.max(...players.map((p) => scores.get(p) ?? 0));
  const winners = players.filter((p) => (scores.get(p) ?? 0) === best);
  if (winners.length === players.length && players.length > 1) return { over: true, winners: [], kind: 'draw' };
  return { over: true, winners, kind: winners.length > 1 ? 'shared' : how };
}
