import { games } from '@the-house/games/registry.ts';
import type { DecisionRequest } from './decisionRequest.ts';
import { renderMemory } from './memory.ts';
import type { PlayerNotes } from './opponentNotes.ts';

/** How much of a long history a prompt carries in full. */
export interface ViewWindow {
  /** Rounds of `history` kept verbatim; the earlier ones are summed up in the player's notes. */
  historyRounds: number;
}

export const DEFAULT_WINDOW: ViewWindow = { historyRounds: 12 };

/**
 * The view with its `history` cut to the last `historyRounds` entries, so a
 * 200-round match costs the same prompt as a 12-round one; the player's
 * memory (its notes, and its journal summed up per block) stands for the rest.
 */
export function windowedView(view: unknown, window: ViewWindow): { view: unknown; dropped: number } {
  const history = (view as { history?: unknown } | null)?.history;
  if (!Array.isArray(history) || history.length <= window.historyRounds) return { view, dropped: 0 };
  const dropped = history.length - window.historyRounds;
  return { view: { ...(view as object), history: history.slice(dropped) }, dropped };
}

/** The player's own view in words: what it saw, its notes, what it may do and the JSON it must send. */
export function renderPlayerView(request: DecisionRequest, notes: PlayerNotes | null, window: ViewWindow = DEFAULT_WINDOW): string {
  const game = games[request.game];
  const { view, dropped } = windowedView(request.view, window);
  const known = game?.prompt ? game.prompt(view as never) : JSON.stringify(view, null, 1);
  const older = dropped ? `\n(The ${dropped} earlier rounds are summed up in your memory below.)` : '';
  const showsRecent = Array.isArray((request.view as { history?: unknown } | null)?.history);
  return [
    `# ${request.game}, round ${request.round} (${request.phase}); you are ${request.player}`,
    `## What you know (your own view, history as you saw it)\n${known}${older}`,
    `## Your memory: notes on the other players, and the rounds so far\n${renderMemory(notes, window.historyRounds, showsRecent)}`,
    `## Legal moves now\n${request.legalMoves.map((m) => `- ${m}`).join('\n')}`,
    `## Decision JSON Schema\n${JSON.stringify(request.schema)}`,
  ].join('\n\n');
}

export function notesKey(matchId: string): string {
  return `house-notes:${matchId}`;
}
