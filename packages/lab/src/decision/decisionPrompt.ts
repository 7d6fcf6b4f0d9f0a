import { games } from '@the-house/games/registry.ts';
import { encodeRequest, type DecisionRequest } from './decisionRequest.ts';
import type { PlayerNotes } from './opponentNotes.ts';
import { renderPlayerView, type ViewWindow } from './playerView.ts';

/** The parts of an ElizaOS character a prompt starts with. */
export interface Persona {
  name: string;
  system?: string;
  bio?: string | string[];
}

/** Who the player is, for the prompt: its name and bio. Its `system` text goes to the model as the system message, not here again. */
export function personaText(character: Persona): string {
  const bio = Array.isArray(character.bio) ? character.bio.join(' ') : (character.bio ?? '');
  return [`You are ${character.name}.`, bio].filter(Boolean).join(' ');
}

export interface PromptOptions extends ViewWindow {
  /**
   * The request marker at the end carries the whole view for an offline brain
   * (which reads nothing else); a model has the view in words already, so its
   * marker names the request only.
   */
  forModel: boolean;
}

/**
 * The prompt for one decision, a pure function of the persona, the request
 * and the player's notes (so `replay-match` rebuilds it exactly): persona,
 * the game's rules, the player's own view, legal moves, the decision's JSON
 * Schema, the refusal on a repair round, and the request marker.
 */
export function decisionPrompt(persona: string, request: DecisionRequest, notes: PlayerNotes | null, options: PromptOptions): string {
  const game = games[request.game];
  const parts = [persona, `You are playing ${game?.title ?? request.game}, run by The House. Rules: ${game?.summary ?? ''}`, renderPlayerView(request, notes, options)];
  if (request.error) {
    parts.push(`Your previous answer was refused: ${request.error}`, `Your previous answer was: ${request.previous ?? ''}`, 'Answer again, correctly this time.');
  }
  const marker = options.forModel ? { ...request, view: null } : request;
  parts.push('Answer with ONLY one JSON object that matches the schema above, no prose, no code fences.', `Request: ${encodeRequest(marker)}`);
  return parts.join('\n\n');
}
