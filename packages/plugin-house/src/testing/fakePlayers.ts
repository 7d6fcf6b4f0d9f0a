import type { IAgentRuntime } from '@elizaos/core';
import type { PlayerDirectory } from '../playerDirectory.ts';

/** A directory of just these player runtimes, for tests that hand the House its players rather than register them process-wide. */
export function fakePlayers(runtimes: readonly IAgentRuntime[] = []): PlayerDirectory {
  const byName = new Map(runtimes.map((r) => [r.character.name.toLowerCase(), r]));
  return {
    find: (name) => byName.get(name.toLowerCase()),
    names: () => runtimes.map((r) => r.character.name).sort(),
    isAgent: (agentId) => runtimes.some((r) => r.agentId === agentId),
  };
}
