import type { IAgentRuntime, Memory } from '@elizaos/core';

/**
 * A stand-in runtime for House tests without a database or server: a name,
 * settings, a cache and memories in memory (its rooms need no making) and a
 * quiet logger. It has no actions, so a seat it holds never answers and the
 * game's fallback plays. A match starts with no countdown unless a test sets
 * HOUSE_COUNTDOWN_MS.
 */
export function fakeRuntime(name: string, settings: Record<string, string> = {}): IAgentRuntime {
  const cache = new Map<string, unknown>();
  const memories = new Map<string, Memory>();
  const quiet = () => {};
  return {
    agentId: `id-${name}`,
    character: { name },
    getSetting: (key: string) => (Object.hasOwn(settings, key) ? settings[key] : key === 'HOUSE_COUNTDOWN_MS' ? '0' : null),
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => cache.set(key, value) && true,
    ensureConnection: async () => {},
    createMemory: async (memory: Memory) => {
      const id = memory.id ?? crypto.randomUUID();
      if (!memories.has(id)) memories.set(id, { ...memory, id });
      return id;
    },
    getMemories: async ({ roomId }: { roomId?: string }) => [...memories.values()].filter((m) => !roomId || m.roomId === roomId),
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
  } as unknown as IAgentRuntime;
}
