import type { Content, IAgentRuntime, ServiceTypeName, TargetInfo } from '@elizaos/core';

interface DiscordSending {
  handleSendMessage(runtime: IAgentRuntime, target: TargetInfo, content: Content): Promise<void>;
}

/**
 * Lets `runtime.sendMessageToTarget({ source: 'discord', ... })` reach Discord.
 * plugin-discord has a `registerSendHandlers` for this, but core 1.7.2 looks it
 * up on the service class's constructor (Function), so it is never called and
 * every post the House makes to Discord fails with "No send handler registered".
 */
export async function registerDiscordSendHandler(runtime: IAgentRuntime): Promise<void> {
  const service = (await runtime.getServiceLoadPromise('discord' as ServiceTypeName)) as unknown as Partial<DiscordSending> | null;
  if (!service || typeof service.handleSendMessage !== 'function') return;
  const send = service.handleSendMessage.bind(service);
  runtime.registerSendHandler('discord', (rt, target, content) => send(rt, target, content));
}
