import type { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { remember } from '../decision/memory.ts';
import { emptyNotes, type PlayerNotes } from '../decision/opponentNotes.ts';
import { seatOwner } from './seatOwner.ts';

/**
 * Every player's memory (notes on its opponents, its journal), folded after
 * each round from the view it was told, exactly as its evaluator does in the
 * House: what a headless run or a replay needs to build the same prompts.
 */
export class NotesBook {
  private readonly notes = new Map<PlayerId, PlayerNotes>();

  constructor(private readonly matchId: string) {}

  of(owner: PlayerId): PlayerNotes | null {
    return this.notes.get(owner) ?? null;
  }

  /** After a round: each seated player folds its own view's history into its notes. */
  afterRound(match: Match, players: readonly PlayerId[]): void {
    for (const id of players) {
      const owner = seatOwner(match.state, id);
      this.notes.set(owner, remember(this.notes.get(owner) ?? emptyNotes(this.matchId), owner, match.game, match.game.view(match.state, id)));
    }
  }
}
