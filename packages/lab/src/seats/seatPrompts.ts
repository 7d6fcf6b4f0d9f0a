import type { PlayerId } from '@the-house/games/engine/types.ts';
import { labGameOf } from '../games/labGames.ts';
import { SeatConversation, type PromptMode, type SeatPrompt } from '../decision/conversation.ts';
import { decisionPromptSections } from '../decision/decisionPrompt.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import type { PlayerNotes } from '../decision/opponentNotes.ts';
import type { ViewWindow } from '../decision/playerView.ts';

/**
 * The prompts of a match's model seats in one mode (`PromptMode`): the House,
 * headless play and `replay-match` all make them here. `prompt` gives the
 * next prompt of the request's player; `answered` tells it what that player
 * answered (a conversation appends it; compact prompts forget it).
 */
export interface SeatPrompter {
  readonly mode: PromptMode;
  prompt(persona: string, request: DecisionRequest, notes: PlayerNotes | null, window: ViewWindow, fresh?: boolean): SeatPrompt;
  answered(player: PlayerId, text: string | null): void;
}

/** A compact prompt, its prefix (persona, rules and signatures) as the piece a breakpoint would follow. */
function compactPrompt(persona: string, request: DecisionRequest, notes: PlayerNotes | null, window: ViewWindow): SeatPrompt {
  const [prefix, ...rest] = decisionPromptSections(persona, request, notes, { forModel: true, ...window }).map((s) => s.text);
  const blocks = [prefix!, ...(rest.length ? [`\n\n${rest.join('\n\n')}`] : [])];
  return { text: blocks.join(''), shape: { blocks, cacheAt: [0] }, turn: 0 };
}

/**
 * One per match (and mode): compact prompts, or one `SeatConversation` per
 * player, made on its first decision.
 */
export function seatPrompter(mode: PromptMode): SeatPrompter {
  if (mode === 'compact') return { mode, prompt: compactPrompt, answered: () => {} };
  const conversations = new Map<PlayerId, SeatConversation>();
  const of = (player: PlayerId) => {
    let c = conversations.get(player);
    if (!c) conversations.set(player, (c = new SeatConversation()));
    return c;
  };
  return {
    mode,
    prompt: (persona, request, notes, window, fresh) => of(request.player).prompt(persona, request, notes, window, fresh),
    answered: (player, text) => conversations.get(player)?.answered(text),
  };
}

/** What a model call keeps of how its prompt was made: nothing for a compact prompt (as records always had), the mode and turn for a conversation's. */
export function promptParams(mode: PromptMode, prompt: SeatPrompt): Record<string, unknown> {
  return mode === 'compact' ? {} : { prompts: mode, turn: prompt.turn };
}

/** Whether a recorded call's prompt started its conversation afresh (turn 0), or undefined when the record does not say. */
export function recordedFresh(params: Record<string, unknown> | undefined): boolean | undefined {
  return typeof params?.turn === 'number' ? params.turn === 0 : undefined;
}

/**
 * What a provider bills a cached prompt token, as a share of an uncached
 * one, for the model's price class (list prices; OpenAI caches by itself,
 * Anthropic only what a request marks): gpt-5 0.1, gpt-4.1 and o3/o4 0.25,
 * gpt-4o 0.5, Claude 0.1 when the client sends breakpoints. Null when no
 * cache can be counted on (Claude without breakpoints, as through ElizaOS's
 * `useModel`; a model of unknown price).
 */
export function cachedShare(model: string, breakpoints: boolean): number | null {
  const name = model.toLowerCase().replace(/^[\w-]+\//, '');
  if (name.startsWith('claude')) return breakpoints ? 0.1 : null;
  if (name.startsWith('gpt-5')) return 0.1;
  if (name.startsWith('gpt-4.1') || /^o[34]\b|^o[34]-/.test(name)) return 0.25;
  if (name.startsWith('gpt-4o')) return 0.5;
  return null;
}

/**
 * The prompt mode a model seat plays in unless it is told one: a
 * conversation where the bench says it bills less (a game whose lab module
 * says `conversationPays`, and a model whose cached tokens bill at most a
 * tenth; under half or a quarter price no game gains: Trust 68k and 43k),
 * compact otherwise.
 */
export function defaultPromptMode(game: string, model: string, breakpoints = false): PromptMode {
  const share = cachedShare(model, breakpoints);
  return share !== null && share <= 0.1 && labGameOf(game)?.conversationPays === true ? 'conversation' : 'compact';
}

