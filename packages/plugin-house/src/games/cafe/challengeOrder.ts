import { Rng } from '../../engine/rng.ts';
import { z } from 'zod';
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

/** A challenge written outside the bank (the House's model): prompt required, keywords optional. */
export const externalChallengeSchema = z.object({
  id: z.string().trim().min(1).default('house'),
  prompt: z.string().trim().min(1, 'a challenge needs a prompt'),
  keywords: z.array(z.string().trim().min(1)).default([]),
});

/**
 * The hook for House-written challenges: returns the state with this round's
 * challenge replaced, so the players' views show it before they decide. A
 * round's `challenge` input does the same at apply time (for replays).
 */
export function withChallenge(state: CafeState, challenge: z.input<typeof externalChallengeSchema>): CafeState {
  return { ...state, challenge: externalChallengeSchema.parse(challenge) };
}
