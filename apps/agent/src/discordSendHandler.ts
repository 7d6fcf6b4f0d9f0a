import type { IAgentRuntime, ServiceTypeName } from '@elizaos/core';
import { paceBotRequests, type RequestingClient } from '@the-house/plugin-house/discord/botRequests.ts';
import { discordSendingReady } from '@the-house/plugin-house/discord/discordClient.ts';
import { sendOnDiscord, type DiscordSendingService } from '@the-house/plugin-house/discord/discordSend.ts';
import { dmRefusals } from '@the-house/plugin-house/discord/dmRefusals.ts';
import { recoverGaps, type GapClient } from '@the-house/plugin-house/discord/gapRecovery.ts';
import { typingBestEffort } from '@the-house/plugin-house/discord/typingBestEffort.ts';

type BotClient = RequestingClient & GapClient;

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
 * they cannot be), a typing indicator that fails taken as shown, and a person
 * who writes in a DM taken off the list of closed DMs.
 */
export async function registerDiscordSendHandler(runtime: IAgentRuntime): Promise<void> {
  const service = (await runtime.getServiceLoadPromise('discord' as ServiceTypeName)) as unknown as (DiscordSendingService & { client: (DiscordSendingService['client'] & BotClient) | null }) | null;
  if (!service || typeof service.getChannelType !== 'function') return;
  runtime.registerSendHandler('discord', (rt, target, content) => sendOnDiscord(rt, service, target, content));
  discordSendingReady(runtime);
  const client = service.client;
  if (!client) return;
  paceBotRequests(client);
  typingBestEffort(client, (line) => runtime.logger.warn(line));
  recoverGaps(runtime, client, { tellResend: !!runtime.getService('house') });
  client.on('messageCreate', (message) => {
    if (client.user && message.channel?.isDMBased?.() && message.author.id !== client.user.id) dmRefusals.opened(client.user.id, message.author.id);
  });
}
