import type { RoundDigest } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

/** What one player has learned about one opponent over a match. */
export interface OpponentNote {
  /** Rises with each high five at you, falls with each attack on you. */
  trust: number;
  /** Attacks on you (as you saw them: a missed high five looks like one). */
  betrayals: number;
  /** High fives you gave that this opponent did not return. */
  debts: number;
  lastSeen: string;
}

export interface PlayerNotes {
  matchId: string;
  /** Last round folded in, so a round told twice (after a restart) counts once. */
  round: number;
  opponents: Record<string, OpponentNote>;
  /** One digest per round played, as this player saw it (games with a `digest`). */
  journal?: RoundDigest[];
}

interface SeenAct {
  action?: string;
  target?: string;
}

interface SeenRound {
  round: number;
  acts?: Record<string, SeenAct>;
}

export function emptyNotes(matchId: string): PlayerNotes {
  return { matchId, round: 0, opponents: {} };
}

/**
 * Folds the rounds of `history` after `notes.round` into the notes of `me`.
 * Reads the Trust shape (acts with action and target); other games leave the
 * notes as they are.
 */
export function updateNotes(notes: PlayerNotes, me: string, history: unknown): PlayerNotes {
  if (!Array.isArray(history)) return notes;
  const opponents: Record<string, OpponentNote> = structuredClone(notes.opponents);
  let round = notes.round;
  for (const seen of history as SeenRound[]) {
    if (!seen || typeof seen.round !== 'number' || seen.round <= round || !seen.acts) continue;
    const mine = ownValue(seen.acts, me);
    for (const [id, act] of Object.entries(seen.acts)) {
      if (id === me) continue;
      const note = ownValue(opponents, id) ?? (opponents[id] = { trust: 0, betrayals: 0, debts: 0, lastSeen: '' });
      note.lastSeen = `round ${seen.round}: ${act.action ?? '?'}${act.target ? ` at ${act.target}` : ''}`;
      if (act.target === me && act.action === 'HIGH_FIVE') note.trust += 1;
      if (act.target === me && act.action === 'ATTACK') {
        note.trust -= 2;
        note.betrayals += 1;
      }
      if (mine?.action === 'HIGH_FIVE' && mine.target === id && !(act.action === 'HIGH_FIVE' && act.target === me)) note.debts += 1;
    }
    round = seen.round;
  }
  return { ...notes, round, opponents };
}

export function renderNotes(notes: PlayerNotes | null): string {
  if (!notes || Object.keys(notes.opponents).length === 0) return 'No notes on opponents yet.';
  // By name: stored notes come back from jsonb in its own key order.
  return Object.entries(notes.opponents)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, n]) => `- ${id}: trust ${n.trust}, betrayals ${n.betrayals}, unreturned high fives ${n.debts} (last: ${n.lastSeen})`)
    .join('\n');
}
