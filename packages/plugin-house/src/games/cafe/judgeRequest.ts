import type { PlayerId } from '../../engine/types.ts';
import { cafeActors } from './applyCafeRound.ts';
import type { CafeState, Challenge } from './cafeTypes.ts';
import { buildJudgePrompt } from './judgeRubric.ts';
import { readCafeDecision } from './readCafeDecision.ts';

export interface JudgeRequest {
  challenge: Challenge;
  /** The players the verdict must name, in seat order. */
  judged: PlayerId[];
  /** Their answers as the round will read them (trimmed; '' for none). */
  responses: Record<PlayerId, string>;
  /** The full prompt for the House's judging model. */
  prompt: string;
}

/**
 * What the House's judge needs once the round's decisions are in (for
 * `runMatch`'s `external` hook): the answers exactly as `apply` will read
 * them and the prompt built from the rubric. Its validated answer goes back as
 * `external.judge`; with no answer the stand-in judge decides.
 */
export function judgeRequest(state: CafeState, decisions: Record<PlayerId, unknown>, challenge: Challenge = state.challenge): JudgeRequest {
  const judged = cafeActors(state);
  const responses = Object.fromEntries(judged.map((id) => [id, readCafeDecision(decisions[id]).response.trim()]));
  return { challenge, judged, responses, prompt: buildJudgePrompt(challenge, responses, judged) };
}
