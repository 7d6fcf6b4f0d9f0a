import { describeOutcome } from '@the-house/games/narrations.ts';
import { resultsClause } from '../texts/houseTexts.ts';
import type { MatchDetail } from '../types.ts';

/**
 * How a finished match ended, as its page and its card say it: the game's
 * own words (or its kind and winners), then any seat that forfeited or is
 * void, why, and the winners that follow from the results; null while it runs.
 */
export function matchEnding(detail: MatchDetail): string | null {
  if (!detail.outcome.over) return null;
  const { summary } = detail;
  const explained = describeOutcome(summary.game, detail.state);
  const ending = explained ?? `${detail.outcome.kind ?? 'over'}${summary.winners.length ? `: ${summary.winners.join(', ')}` : ''}`;
  const results = resultsClause(summary);
  return results && !/[.!?]$/.test(ending) ? `${ending}.${results}` : `${ending}${results}`;
}
