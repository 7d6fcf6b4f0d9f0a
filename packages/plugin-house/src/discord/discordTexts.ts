/** What the House says in Discord about Discord itself: one line each, saying what happened, where play goes on, and what would change it. */

export function noThreadText(matchId: string): string {
  return `The House may not open a thread here (its role lacks Create Public Threads in this channel), so ${matchId} plays in this channel.`;
}

export function threadRefusedText(matchId: string): string {
  return `The House may not post in the thread of ${matchId} (its role lacks Send Messages in Threads there), so the match plays on in this channel.`;
}

export function threadLockedText(matchId: string): string {
  return `The thread of ${matchId} was archived and locked by a moderator, so the match plays on in this channel.`;
}

export function channelLostText(matchId: string): string {
  return `The House cannot see or post in the Discord channel of ${matchId} any more (its role lacks View Channel or Send Messages there); the match plays on in the web GUI's room and on the dashboard.`;
}

/** For a person whose DMs refuse the bot, instead of a text that holds a secret (the observer link): it is never posted where others read. */
export function dmClosedSecretText(): string {
  return 'the House cannot DM you (your DMs are closed to this server), so your observer link stays private: open your DMs to the House and send it !status there.';
}

export function resendText(since: Date): string {
  return `The House lost its connection to Discord for a moment and cannot read back what was sent here since ${since.toISOString().slice(11, 16)} UTC: if you sent a command since then, send it again.`;
}
