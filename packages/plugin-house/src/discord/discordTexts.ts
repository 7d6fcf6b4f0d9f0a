/** What the House says in Discord about Discord itself: one line each, saying what happened, where play goes on, and what would change it. */

export function noThreadText(matchId: string): string {
  return `The House may not open a thread here (its role lacks Create Public Threads in this channel), so ${matchId} plays in this channel.`;
}

export function threadRefusedText(matchId: string): string {
  return `The House may not post in the thread of ${matchId} (its role lacks Send Messages in Threads there), so the match plays on in this channel.`;
}

/** A thread a moderator locked: archived with it, or locked while active (then only members with Manage Threads may post in it). */
export function threadLockedText(matchId: string, archived: boolean): string {
  return archived
    ? `The thread of ${matchId} was archived and locked by a moderator, so the match plays on in this channel.`
    : `The thread of ${matchId} was locked by a moderator (only members with Manage Threads may post in it now), so the match plays on in this channel.`;
}

export function threadDeletedText(matchId: string): string {
  return `The thread of ${matchId} was deleted, so the match plays on in this channel.`;
}

export function channelLostText(matchId: string): string {
  return `The House cannot see or post in the Discord channel of ${matchId} any more (its role lacks View Channel or Send Messages there); the match plays on in the web GUI's room and on the dashboard.`;
}

export function channelDeletedText(matchId: string): string {
  return `The Discord channel of ${matchId} was deleted; the match plays on in the web GUI's room and on the dashboard.`;
}

/** Once in a channel where the House's pictures may not go as files: each post says in words what its pictures show. */
export function noAttachFilesText(): string {
  return "The House may not attach pictures here (its role lacks Attach Files in this channel), so its posts say in words what their pictures show.";
}

/** In place of a post the server's AutoMod blocked, with and without its links (what the House said stays in its records). */
export function autoModWithheldText(): string {
  return "A post was withheld here by this server's AutoMod (Server Settings > AutoMod).";
}

/** What a link becomes in a post sent again after the server's AutoMod blocked it. */
export const LINK_WITHHELD = '(link left out for AutoMod)';

/** To whoever opened a match in Discord, once Discord signed the House's bot out. */
export function houseSignedOutText(matchId: string): string {
  return `Discord signed the House's bot out (its token was reset or revoked in the Developer Portal), so ${matchId} plays on in the web GUI's room and on the dashboard; a new DISCORD_API_TOKEN and a restart bring the House back to Discord.`;
}

/** To whoever opened a match in Discord, once Discord signed a player's own bot out. */
export function playerSignedOutText(player: string, matchId: string): string {
  return `Discord signed ${player}'s bot out (its token was reset or revoked in the Developer Portal), so the House posts ${player}'s words in ${matchId} from now on.`;
}

/** For a person whose DMs refuse the bot, instead of a text that holds a secret (the observer link): it is never posted where others read. */
export function dmClosedSecretText(): string {
  return 'the House cannot DM you (your DMs are closed to this server), so your observer link stays private: open your DMs to the House and send it !status there.';
}

export function resendText(since: Date): string {
  return `The House lost its connection to Discord for a moment and cannot read back what was sent here since ${since.toISOString().slice(11, 16)} UTC: if you sent a command since then, send it again.`;
}
