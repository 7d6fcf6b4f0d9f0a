import type { IAgentRuntime } from '@elizaos/core';

type Setting = ReturnType<IAgentRuntime['getSetting']>;

const memoized = new WeakSet<IAgentRuntime>();

/** Where ElizaOS 1.7.2's `getSetting` finds `key`, in its order, before it decrypts (a character's secrets are stored encrypted). */
function rawSetting(runtime: IAgentRuntime, key: string): unknown {
  const { settings, secrets } = runtime.character;
  const nested = settings && typeof settings === 'object' && settings.secrets && typeof settings.secrets === 'object' ? (settings.secrets as Record<string, unknown>) : undefined;
  const own = (record: Record<string, unknown> | undefined) => (record && Object.hasOwn(record, key) ? record[key] : undefined);
  return own(secrets as Record<string, unknown> | undefined) || own(settings as Record<string, unknown> | undefined) || own(nested) || own((runtime as unknown as { settings?: Record<string, unknown> }).settings);
}

/**
 * Keeps what `runtime.getSetting` answered for each key while the stored
 * value it came from stays the same. ElizaOS decrypts a secret on every read
 * (a SHA-256 and an AES pass), and its OpenAI plugin reads its key, base URL
 * and model names on every call: a phase asks every seat at once, and each
 * read was on the thread that sends the requests. A value changed in place
 * (a new secret, a setting set) is read afresh.
 */
export function memoSettings(runtime: IAgentRuntime): void {
  if (memoized.has(runtime)) return;
  memoized.add(runtime);
  const read = runtime.getSetting.bind(runtime);
  const kept = new Map<string, { raw: unknown; value: Setting }>();
  runtime.getSetting = (key: string): Setting => {
    const raw = rawSetting(runtime, key);
    const hit = kept.get(key);
    if (hit && hit.raw === raw) return hit.value;
    const value = read(key);
    kept.set(key, { raw, value });
    return value;
  };
}
