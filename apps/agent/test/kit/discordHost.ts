import { discordClientOf } from '@the-house/plugin-house/discord/discordClient.ts';
import { findPlayer } from '@the-house/plugin-player';
import type { DiscordTestGuild } from './discord/discordTestGuild.ts';
import { waitUntil } from './waitUntil.ts';
import { startTestHost, type TestHost } from './testHost.ts';

/**
 * The test host on the loopback guild's characters and settings (with `env`
 * over them), once the House and each player agent named in `bots` have
 * logged in to the emulator: no Discord test sends before its bots can read.
 */
export async function startDiscordHost(guild: DiscordTestGuild, env: Record<string, string> = {}, bots: readonly string[] = []): Promise<TestHost> {
  const host = await startTestHost({ charactersDir: guild.charactersDir, env: { ...guild.env, ...env } });
  const who = ['the House', ...bots].join(' and ');
  await waitUntil(() => !!discordClientOf(host.house) && bots.every((name) => !!discordClientOf(findPlayer(name))), `${who} logged in to the emulator`, 90_000);
  return host;
}
