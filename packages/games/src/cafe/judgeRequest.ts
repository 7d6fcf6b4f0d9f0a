import { z } from 'zod';
import type { PlayerId } from '../engine/types.ts';
import { cafeActors } from './cafeActors.ts';
import { challengeSchema } from './cafeChallenge.ts';
import type { CafeState, Challenge } from './cafeTypes.ts';
import { buildJudgePrompt } from './judgeRubric.ts';
import { readCafeDecision } from './readCafeDecision.ts';
import { ownValue } from '../engine/safeKey.ts';

/** What the House hands its judging model (or a route, or a log): one round's challenge and answers, with the rubric prompt. */
export const judgeRequestSchema = z
  .object({
    round: z.number().int().min(1),
    challenge: challengeSchema,
    /** The players the verdict must name, in seat order. */
    judged: z.array(z.string().min(1)).min(2),
    /** Their answers as the round will read them (trimmed; '' for none). */
    responses: z.record(z.string(), z.string()),
    /** The full prompt for the House's judging model: rubric, challenge, fenced answers, answer shape. */
    prompt: z.string().min(1),
  })
  .strict();

export type JudgeRequest = z.infer<typeof judgeRequestSchema>;

/**
 * What the House's judge needs once the round's decisions are in (for
 * `runMatch`'s `external` hook): the answers exactly as `apply` will read
 * them and the prompt built from the rubric. The model's answer goes through
 * `checkJudgeAnswer(req.judged, req.responses, answer)` and back as
 * `external.judge`; with no usable answer the stand-in judge decides.
 */
export function judgeRequest(state: CafeState, decisions: Record<PlayerId, unknown>, challenge: Challenge = state.challenge): JudgeRequest {
  const judged = cafeActors(state);
  const responses = Object.fromEntries(judged.map((id) => [id, readCafeDecision(ownValue(decisions, id)).response.trim()]));
  return { round: state.round, challenge, judged, responses, prompt: buildJudgePrompt(challenge, responses, judged) };
}
