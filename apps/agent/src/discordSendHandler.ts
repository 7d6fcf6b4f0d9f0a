import type { IAgentRuntime, ServiceTypeName } from '@elizaos/core';
import { autoModRetry } from '@the-house/plugin-house/discord/autoModRetry.ts';
import { paceBotRequests, type RequestingClient } from '@the-house/plugin-house/discord/botRequests.ts';
import { discordSendingReady } from '@the-house/plugin-house/discord/discordClient.ts';
import { sendOnDiscord, type DiscordSendingService } from '@the-house/plugin-house/discord/discordSend.ts';
import { dmRefusals } from '@the-house/plugin-house/discord/dmRefusals.ts';
import { recoverGaps, type GapClient, type GapMessage } from '@the-house/plugin-house/discord/gapRecovery.ts';
import { typingBestEffort } from '@the-house/plugin-house/discord/typingBestEffort.ts';
import { watchTokenRefusal, type SignableClient } from '@the-house/plugin-house/discord/watchTokenRefusal.ts';

type BotClient = RequestingClient & GapClient & SignableClient & { options: { failIfNotExists: boolean } };

/**
 * Lets `runtime.sendMessageToTarget({ source: 'discord', ... })` reach Discord.
 * plugin-discord has a `registerSendHandlers` for this, but core 1.7.2 looks it
 * up on the service class's constructor (Function), so it is never called and
 * every post the House makes to Discord fails with "No send handler registered".
 * The handler is the House's own (`sendOnDiscord`: plugin-discord's, plus
 * `allowed_mentions`). It also readies the bot's client for how Discord fails:
 * one paced queue for all its requests (the global limit), no call Discord
 * would refuse for a permission the bot is known to lack, the commands of a
 * gateway gap read back (and, for the House, people told to send again where
 * they cannot be), a typing indicator that fails taken as shown, a person
 * who writes in a DM taken off the list of closed DMs, a post the server's
 * AutoMod blocks sent again without its links (else a line says it was
 * withheld), a reply to a message deleted meanwhile sent as a plain message
 * (as Discord does with fail_if_not_exists off; discord.js's default would
 * refuse it, and the person would get no answer), and a token Discord
 * refuses (reset or revoked) taken as the end of that bot's Discord side,
 * said once.
 */
export async function registerDiscordSendHandler(runtime: IAgentRuntime): Promise<void> {
  const service = (await runtime.getServiceLoadPromise('discord' as ServiceTypeName)) as unknown as (DiscordSendingService & { client: (DiscordSendingService['client'] & BotClient) | null }) | null;
  if (!service || typeof service.getChannelType !== 'function') return;
  runtime.registerSendHandler('discord', (rt, target, content) => sendOnDiscord(rt, service, target, content));
  discordSendingReady(runtime);
  const client = service.client;
  if (!client) return;
  const house = !!runtime.getService('house');
  const name = runtime.character.name;
  const after = house ? 'its matches go on in the web GUI' : `the House carries ${name}'s words in Discord`;
  const where = house ? 'DISCORD_API_TOKEN' : `settings.secrets.DISCORD_API_TOKEN of ${name}'s character file`;
  watchTokenRefusal(runtime, client, (how) => runtime.logger.error(`${name}: Discord refused this bot's token (${how}): it was reset or revoked in the Developer Portal, so this bot's Discord side stops and ${after}. Put the new token in ${where} and restart.`));
  client.options.failIfNotExists = false;
  paceBotRequests(client);
  typingBestEffort(client, (line) => runtime.logger.warn(line));
  autoModRetry(client, (line) => runtime.logger.warn(`${name}: ${line}`));
  recoverGaps(runtime, client, { tellResend: house });
  client.on('messageCreate', (message: GapMessage) => {
    if (client.user && message.channel?.isDMBased?.() && message.author.id !== client.user.id) dmRefusals.opened(client.user.id, message.author.id);
  });
}
