import type { Parsed } from '../engine/config.ts';
import { Rng } from '../engine/rng.ts';
import { readHouseChallenge } from './cafeChallenge.ts';
import type { CafeState, Challenge } from './cafeTypes.ts';
import { challengeBank, challengeById } from './challengeBank.ts';

/** The bank's ids in this match's order, shuffled by the stream derived from (seed, 'challenges'): no repeats until the bank runs out. */
export function challengeOrder(seed: number): string[] {
  return Rng.derive(seed, 'challenges').shuffle(challengeBank.map((ch) => ch.id));
}

/** The bank challenge of a round; after the whole bank, the order starts over. */
export function challengeForRound(order: readonly string[], round: number): Challenge {
  const id = order[(round - 1) % order.length]!;
  return challengeById.get(id)!;
}

/**
 * The House's way to pose its own challenge before the players decide: the
 * state with this round's challenge replaced, so every view shows it. A bad
 * challenge gives the message and leaves the bank's challenge in place. (A
 * round's `external.challenge` input does the same at apply time, for
 * replays.)
 */
export function withChallenge(state: CafeState, raw: unknown): Parsed<CafeState> {
  const read = readHouseChallenge(raw, state.round);
  return read.ok ? { ok: true, value: { ...state, challenge: read.value } } : read;
}
