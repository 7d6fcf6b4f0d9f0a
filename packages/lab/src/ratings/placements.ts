import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import type { ParticipantId } from './ratingTable.ts';
import type { SeatResult } from './rateMatch.ts';

/**
 * Finishing places of the seats in `scores` (1 is best, competition style: 1, 2, 2, 4).
 * The game's winners share first place whatever their scores, because the game
 * has already ranked them: a cooperative café ending or two Trust teams
 * replicating in the same round is one shared win. Everyone else follows by
 * score, highest first; equal scores tie.
 */
export function placements(outcome: Outcome, scores: Readonly<Record<PlayerId, number>>): Record<PlayerId, number> {
  const winners = new Set(outcome.winners);
  const key = (player: PlayerId): [number, number] => [winners.has(player) ? 0 : 1, winners.has(player) ? 0 : -scores[player]!];
  const seats = Object.keys(scores).map((player) => ({ player, key: key(player) }));
  const better = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return Object.fromEntries(seats.map(({ player, key: own }) => [player, 1 + seats.filter((other) => better(other.key, own)).length]));
}

export interface SeatScore {
  player: PlayerId;
  participant: ParticipantId;
  score: number;
}

/** A finished match as `rateMatch` reads it: each seat's participant, place and whether it won. */
export function matchResult(outcome: Outcome, seats: readonly SeatScore[]): SeatResult[] {
  const places = placements(outcome, Object.fromEntries(seats.map((s) => [s.player, s.score])));
  return seats.map((s) => ({ participant: s.participant, place: places[s.player]!, won: outcome.winners.includes(s.player) }));
}
