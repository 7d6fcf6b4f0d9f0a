import type { PlayerId } from '@the-house/games/engine/types.ts';
import { allowedNow } from '@the-house/games/influence/guidance.ts';
import { basePhase, twoLeft } from '@the-house/games/influence/influenceQueries.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

const ALWAYS = '!status, !audit';

/**
 * What a person in a seat may type now, in the House. It differs from the
 * live FSM's `allowedNow` where the House plays a phase as one decision: every
 * `!dm` carries a message and the phase ends with `!done`; `!last` goes with
 * the ballot (RULES Influence 4), so only during VOTE and before the ballot is
 * complete, which hands the ballot in.
 */
export function seatGuidance(s: InfluenceState, seat: PlayerId): string {
  if (!s.players.includes(seat) || !ownValue(s.alive, seat)) return allowedNow(s, seat);
  switch (basePhase(s.phase)) {
    case 'WHISPER':
      return `During WHISPER you may use: !dm @A @B ... MESSAGE (up to ${s.config.maxDmRecipients} others; each reaches them at once), then !done when you have nothing more to say this turn; ${ALWAYS}.`;
    case 'RUMOR':
      return ownValue(s.acted, seat) ? `You have posted this round; you may use: ${ALWAYS}.` : `During RUMOR you may use: !public TEXT (or img:URL) (once), ${ALWAYS}.`;
    case 'VOTE':
      if (ownValue(s.acted, seat)) return `Your ballot is in; you may use: ${ALWAYS}.`;
      return twoLeft(s)
        ? `During VOTE you may use: !last TEXT (before your ballot is complete), !empower @p (not yourself), ${ALWAYS}; with two left there is no expose.`
        : `During VOTE you may use: !last TEXT (before your ballot is complete), !empower @p and !expose @p (not yourself), ${ALWAYS}.`;
    default:
      return allowedNow(s, seat);
  }
}

/** The commands a person's draft still lacks for the phase (what `validate` calls missing fields). */
export function stillNeeded(s: InfluenceState, draft: Record<string, unknown>): string {
  switch (s.phase) {
    case 'RUMOR':
      return '!public TEXT (or img:URL)';
    case 'VOTE':
      return [draft.empower === undefined ? '!empower @p' : '', draft.expose === undefined && !twoLeft(s) ? '!expose @p' : ''].filter(Boolean).join(' and ');
    case 'POWER':
      return '!eliminate @p or !protect @p';
    default:
      return '!done';
  }
}
