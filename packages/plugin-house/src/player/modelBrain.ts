import { ModelType, type IAgentRuntime } from '@elizaos/core';
import { games } from '../games/registry.ts';
import { encodeRequest, type DecisionRequest } from './decisionRequest.ts';
import { extractJson } from './extractJson.ts';

/** One answer of a brain: the JSON it gave (or its raw text when it gave none) and the text itself. */
export interface BrainAnswer {
  decision: unknown;
  text: string;
}

function persona(runtime: IAgentRuntime): string {
  const { character } = runtime;
  const bio = Array.isArray(character.bio) ? character.bio.join(' ') : (character.bio ?? '');
  return [`You are ${character.name}.`, character.system ?? '', bio].filter(Boolean).join(' ');
}

/**
 * The prompt for one decision: persona, the game's rules, the player's own view
 * (rendered by its view provider), legal moves and the decision's JSON Schema.
 * The request itself rides at the end between markers (see decisionRequest.ts).
 */
export function buildDecisionPrompt(runtime: IAgentRuntime, request: DecisionRequest, viewText: string): string {
  const game = games[request.game];
  const parts = [
    persona(runtime),
    `You are playing ${game?.title ?? request.game}, run by The House. Rules: ${game?.summary ?? ''}`,
    viewText,
  ];
  if (request.error) {
    parts.push(`Your previous answer was refused: ${request.error}`, `Your previous answer was: ${request.previous ?? ''}`, 'Answer again, correctly this time.');
  }
  parts.push(
    'Answer with ONLY one JSON object that matches the schema above, no prose, no code fences.',
    `Request: ${encodeRequest(request)}`,
  );
  return parts.join('\n\n');
}

/** Asks the runtime's TEXT_LARGE model and pulls the JSON object out of its answer. */
export async function askModel(runtime: IAgentRuntime, prompt: string): Promise<BrainAnswer> {
  const text = String(await runtime.useModel(ModelType.TEXT_LARGE, { prompt }));
  const json = extractJson(text);
  return { decision: json ?? text, text };
}
