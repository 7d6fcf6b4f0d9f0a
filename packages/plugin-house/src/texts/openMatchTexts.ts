/** What the House answers when a match cannot open: one line each, saying what would. Names a person typed arrive quoted (`quote`). */

export function unknownGameText(gameId: string, games: readonly string[]): string {
  return `Unknown game '${gameId}'. Games: ${games.join(', ')}`;
}

export const meNeedsPersonText = '`me` needs a person to seat: name agents only, or send !play from a chat.';

export function noBaselineText(quoted: string, title: string, strategies: readonly string[]): string {
  return `No baseline ${quoted} in ${title}. Its baselines: ${strategies.map((s) => `bot:${s}`).join(', ')}`;
}

export function unknownPlayersText(count: number, quoted: string, agents: readonly string[]): string {
  return `Unknown player${count > 1 ? 's' : ''} ${quoted}. Players: ${agents.join(', ') || 'none'}, or me`;
}

/** `me` under a player agent's name. */
export function meIsAgentText(me: string): string {
  return `${me} is the name of a player agent; a person needs another name to sit down (\`!name NAME\`).`;
}

export function tooFewHereText(gameId: string, minPlayers: number, here: number): string {
  return `${gameId} needs at least ${minPlayers} players; only ${here} are here`;
}

export function badOptionsText(problem: string): string {
  return `bad match options: ${problem}`;
}

/** A match that could hold its table longer than the House allows; both spans as `hoursText` says them. */
export function tooLongText(worst: string, allowed: string): string {
  return `This match could hold its table for up to ${worst} (every round at its full deadlines, plus the pause between rounds); the House allows ${allowed} (HOUSE_MAX_MATCH_HOURS). Play fewer rounds (--set rounds=N) or a shorter --delay.`;
}

export function notSavedText(why: string | null): string {
  return `The House could not save the new match: ${why}`;
}
