import type { DecisionRequest } from './decisionRequest.ts';
import { renderNotes, type PlayerNotes } from './opponentNotes.ts';

/** The player's own view in words: what it saw, its notes, what it may do and the JSON it must send. */
export function renderPlayerView(request: DecisionRequest, notes: PlayerNotes | null): string {
  return [
    `# ${request.game}, round ${request.round} (${request.phase}); you are ${request.player}`,
    `## What you know (your own view, history as you saw it)\n${JSON.stringify(request.view, null, 1)}`,
    `## Your notes on the other players\n${renderNotes(notes)}`,
    `## Legal moves now\n${request.legalMoves.map((m) => `- ${m}`).join('\n')}`,
    `## Decision JSON Schema\n${JSON.stringify(request.schema)}`,
  ].join('\n\n');
}

export function notesKey(matchId: string): string {
  return `house-notes:${matchId}`;
}
