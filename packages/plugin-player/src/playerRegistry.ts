import type { IAgentRuntime } from '@elizaos/core';

/**
 * Player runtimes of this process by character name (lower case). The House and
 * its players share one host process, so the House reaches a player's runtime
 * here and asks it through that runtime's own action, providers and models.
 */
const players = new Map<string, IAgentRuntime>();

export function registerPlayer(runtime: IAgentRuntime): void {
  players.set(runtime.character.name.toLowerCase(), runtime);
}

export function unregisterPlayer(runtime: IAgentRuntime): void {
  if (players.get(runtime.character.name.toLowerCase()) === runtime) players.delete(runtime.character.name.toLowerCase());
}

export function findPlayer(name: string): IAgentRuntime | undefined {
  return players.get(name.toLowerCase());
}

export function playerNames(): string[] {
  return [...players.values()].map((r) => r.character.name).sort();
}

export function isPlayerAgent(agentId: string): boolean {
  for (const runtime of players.values()) if (runtime.agentId === agentId) return true;
  return false;
}
