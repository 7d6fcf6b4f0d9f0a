/** Discord's JSON error codes the House acts on (discord.js's DiscordAPIError carries them as `code`). */
export const DISCORD = {
  unknownChannel: 10003,
  requestTooLarge: 40005,
  missingAccess: 50001,
  cannotSendToUser: 50007,
  missingPermissions: 50013,
  archivedThread: 50083,
  threadLocked: 160005,
  autoModBlocked: 200000,
  harmfulLink: 240000,
} as const;

/** The JSON error code of a refused Discord call, or null for anything else (a network error, a bug). */
export function discordCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

/** Whether the server's AutoMod (a keyword rule, or the harmful-links filter) blocked a post. */
export function blockedByAutoMod(error: unknown): boolean {
  const code = discordCode(error);
  return code === DISCORD.autoModBlocked || code === DISCORD.harmfulLink;
}

/** An error in one line for the log. */
export function errorLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
