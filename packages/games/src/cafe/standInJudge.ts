import { Rng } from '../engine/rng.ts';
import type { PlayerId } from '../engine/types.ts';
import type { Challenge } from './cafeTypes.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';

export interface RubricScore {
  relevance: number;
  length: number;
  specificity: number;
  structure: number;
  total: number;
}

export interface StandInVerdict {
  best: PlayerId;
  worst: PlayerId;
  reason: string;
  scores: Record<PlayerId, RubricScore>;
}

const WEIGHTS = { relevance: 4, length: 2, specificity: 1.5, structure: 1 };

/**
 * The stand-in judge's score of one answer, the JUDGE_RUBRIC's four features
 * made mechanical (each in 0..1, then weighted 4 / 2 / 1.5 / 1):
 * - relevance: share of the challenge's keywords that occur in the answer
 *   (case-insensitive, as a word start, so "prices" counts for "price");
 * - length: 1 for 20..120 words, 0.5 for 8..19 or 121..200, else 0;
 * - specificity: distinct numbers in the answer, 3 or more count fully;
 * - structure: 1 for two or more sentences or list lines, 0.5 for one
 *   sentence, 0 for none.
 * An empty answer scores 0 on everything.
 */
export function rubricScore(text: string, challenge: Challenge): RubricScore {
  const lower = text.toLowerCase();
  const words = lower.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  if (words.length === 0) return { relevance: 0, length: 0, specificity: 0, structure: 0, total: 0 };
  // Every word preceded by a space: a keyword starts a word exactly when ' ' + keyword occurs.
  const joined = ` ${words.join(' ')}`;
  let found = 0;
  for (const k of challenge.keywords) if (joined.includes(` ${k.toLowerCase()}`)) found++;
  const relevance = challenge.keywords.length ? found / challenge.keywords.length : 0;
  const n = words.length;
  const length = n >= 20 && n <= 120 ? 1 : (n >= 8 && n < 20) || (n > 120 && n <= 200) ? 0.5 : 0;
  const numbers = new Set(text.match(/\d+(?:[.,]\d+)?%?/g) ?? []);
  const specificity = Math.min(numbers.size, 3) / 3;
  const units = text.split(/[.!?]+\s|\n\s*(?:[-*•]|\d+[.)])\s/).filter((s) => s.trim().length > 0).length;
  const structure = units >= 2 ? 1 : /[.!?]\s*$/.test(text.trim()) ? 0.5 : 0;
  const total = relevance * WEIGHTS.relevance + length * WEIGHTS.length + specificity * WEIGHTS.specificity + structure * WEIGHTS.structure;
  return { relevance, length, specificity, structure, total: Math.round(total * 1000) / 1000 };
}

/**
 * The deterministic STAND-IN for the House's judging model (RULES Café 6),
 * used when no model is configured: scores every judged answer with
 * `rubricScore`, picks the highest as best and the lowest as worst. A player
 * with no answer (empty or blank) is always among the worst. Ties are broken
 * by a draw from the stream derived from (seed, round, 'judge', 'best'|'worst').
 * Needs at least two judged players; best and worst always differ.
 */
export function standInJudge(seed: number, round: number, challenge: Challenge, responses: Record<PlayerId, string>, judged: readonly PlayerId[]): StandInVerdict {
  const scores: Record<PlayerId, RubricScore> = nullRecord();
  for (const id of judged) scores[id] = rubricScore(ownValue(responses, id) ?? '', challenge);
  const silent = judged.filter((id) => !(ownValue(responses, id) ?? '').trim());
  const answered = judged.filter((id) => !silent.includes(id));
  const pool = answered.length ? answered : [...judged];
  const top = Math.max(...pool.map((id) => scores[id]!.total));
  const best = Rng.derive(seed, round, 'judge', 'best').pick(pool.filter((id) => scores[id]!.total === top));
  const rest = judged.filter((id) => id !== best);
  const silentRest = rest.filter((id) => silent.includes(id));
  let worstPool: PlayerId[];
  if (silentRest.length) worstPool = silentRest;
  else {
    const low = Math.min(...rest.map((id) => scores[id]!.total));
    worstPool = rest.filter((id) => scores[id]!.total === low);
  }
  const worst = Rng.derive(seed, round, 'judge', 'worst').pick(worstPool);
  const reason = silent.includes(worst)
    ? `stand-in judge: ${best} scored ${scores[best]!.total} on the rubric; ${worst} gave no answer`
    : `stand-in judge: ${best} scored highest on the rubric (${scores[best]!.total}), ${worst} lowest (${scores[worst]!.total})`;
  return { best, worst, reason, scores };
}
