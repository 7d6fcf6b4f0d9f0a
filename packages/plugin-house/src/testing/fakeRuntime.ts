import type { IAgentRuntime } from '@elizaos/core';

/**
 * A stand-in runtime for House tests without a database or server: a name,
 * settings, a cache in memory and a quiet logger. It has no actions, so a
 * seat it holds never answers and the game's fallback plays. A match starts
 * with no countdown unless a test sets HOUSE_COUNTDOWN_MS.
 */
export function fakeRuntime(name: string, settings: Record<string, string> = {}): IAgentRuntime {
  const cache = new Map<string, unknown>();
  const quiet = () => {};
  return {
    agentId: `id-${name}`,
    character: { name },
    getSetting: (key: string) => (Object.hasOwn(settings, key) ? settings[key] : key === 'HOUSE_COUNTDOWN_MS' ? '0' : null),
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => cache.set(key, value) && true,
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
  } as unknown as IAgentRuntime;
}
