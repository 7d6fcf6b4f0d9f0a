import { z } from 'zod';
import { Rng } from '../engine/rng.ts';
import type { TrustState, TrustUnit } from './trustTypes.ts';
import { ownValue } from '../engine/safeKey.ts';

/**
 * What the observer may say for one begging player: a grant (0 declines), or a
 * grant with a reason so a human's words reach the begger.
 */
export const observerAnswerSchema = z.union([
  z.number().finite(),
  z.object({ amount: z.number().finite(), reason: z.string().optional() }),
]);

/** What the begger hears when the observer answered without words of its own (the House's words, not the observer's). */
export const OBSERVER_HELPS = 'the observer chose to help';
export const OBSERVER_DECLINES = 'the observer declined';

export interface BegAnswer {
  granted: number;
  /** Why, for the log: the observer's own words, else the House's. */
  reason: string;
  by: 'observer' | 'policy';
  /** The observer's own words, when it gave any: what the begger is told as a quotation, theirs. */
  words?: string;
}

/**
 * The observer's answer to a BEG of `asked` sats. An answer given in
 * `external.observer[player]` wins, capped to the request; otherwise the
 * configured policy decides. `wary` grants with probability 1/(1 + earlier begs),
 * drawn from a stream derived from seed, round, 'beg' and the player.
 */
export function answerBeg(state: TrustState, unit: TrustUnit, asked: number, observer: unknown): BegAnswer {
  const given = observer && typeof observer === 'object' ? ownValue(observer as Record<string, unknown>, unit.id) : undefined;
  const answer = given === undefined ? null : observerAnswerSchema.safeParse(given);
  if (answer?.success) {
    const raw = typeof answer.data === 'number' ? answer.data : answer.data.amount;
    const granted = Math.max(0, Math.min(asked, Math.floor(raw)));
    // The House's own yes or no (a chat `!grant` without a reason arrives with it) is not the observer's words.
    const typed = typeof answer.data === 'object' ? answer.data.reason?.trim() : undefined;
    const words = typed === OBSERVER_HELPS || typed === OBSERVER_DECLINES ? undefined : typed;
    return words ? { granted, reason: words, by: 'observer', words } : { granted, reason: granted > 0 ? OBSERVER_HELPS : OBSERVER_DECLINES, by: 'observer' };
  }
  switch (state.config.observer) {
    case 'grant':
      return { granted: asked, reason: 'no answer from the observer; the grant policy gives what is asked', by: 'policy' };
    case 'wary': {
      const p = 1 / (1 + unit.begs);
      const yes = Rng.derivedChance(p, state.seed, state.round, 'beg', unit.id);
      const odds = `chance ${Math.round(p * 100)}% after ${unit.begs} earlier beg${unit.begs === 1 ? '' : 's'}`;
      return yes
        ? { granted: asked, reason: `no answer from the observer; the wary policy granted it (${odds})`, by: 'policy' }
        : { granted: 0, reason: `no answer from the observer; the wary policy declined (${odds})`, by: 'policy' };
    }
    default:
      return { granted: 0, reason: 'no answer from the observer; the default policy declines', by: 'policy' };
  }
}
