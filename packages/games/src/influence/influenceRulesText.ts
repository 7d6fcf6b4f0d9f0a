import type { InfluenceView } from './influenceView.ts';

/** The settings a player is told, as its view carries them (the config's keys of the same names). */
export type InfluenceRules = Pick<InfluenceView, 'maxMessageLength' | 'whisperTurns' | 'maxDmRecipients' | 'maxWhispers' | 'inactivityLimit'>;

/**
 * Influence's rules of one match in words, a line each: the room hears them
 * as the match begins (from the config) and a model reads them atop its
 * prompt (from the view), so both state every setting the engine plays by.
 */
export function influenceRulesText(r: InfluenceRules): string[] {
  const inactive = r.inactivityLimit === 1 ? 'a round of them eliminates' : `${r.inactivityLimit} such rounds in a row eliminate`;
  return [
    `Influence, run by The House: the last player alive wins. Rounds of WHISPER, RUMOR, VOTE, POWER. Texts: up to ${r.maxMessageLength} characters. Missing moves are auto-filled; ${inactive}.`,
    `WHISPER: DMs in up to ${r.whisperTurns} turns, each DM to up to ${r.maxDmRecipients} others, at most ${r.maxWhispers} DMs in all; a turn in which no one writes ends it.`,
    'RUMOR: one public post each.',
    'VOTE: empower one player and expose one (not yourself), with last words; the empowered then uses POWER on the exposed. Two left: no expose.',
    'POWER: the empowered eliminates an exposed player, or protects one and the other exposed player with the most expose votes goes out; none exposed: it eliminates anyone but itself.',
  ];
}
