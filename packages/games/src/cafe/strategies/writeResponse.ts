import type { Rng } from '../../engine/rng.ts';
import type { Challenge } from '../cafeTypes.ts';

/**
 * Templated answers for the offline brains. `effort` (0..1) sets how many of
 * the challenge's keywords the answer uses, whether it gives numbers and how
 * many sentences it has, so the stand-in judge's rubric tells the archetypes
 * apart; the seeded `rng` varies the keyword count by one either way so that
 * equal efforts do not tie every round.
 */
export function writeResponse(challenge: Challenge, effort: number, rng: Rng): string {
  const keys = challenge.keywords;
  const want = Math.max(1, Math.min(keys.length, Math.round(effort * keys.length) + rng.int(-1, 1)));
  const used = rng.shuffle(keys).slice(0, want);
  if (effort < 0.4) return `Just focus on ${used.join(' and ')} I guess`;
  const parts = [`My answer: start with the ${used[0]}, because that is what people notice first.`];
  if (used.length > 1) parts.push(`Then handle ${used.slice(1).join(', ')} in that order, one step at a time.`);
  if (effort >= 0.6) parts.push(`Measure it: aim for ${10 + rng.int(0, 20)}% better within ${2 + rng.int(0, 4)} weeks and check again.`);
  if (effort >= 0.8) parts.push(`Keep a budget of ${50 + 10 * rng.int(0, 15)} tokens and review it with the team every week.`);
  return parts.join(' ');
}
