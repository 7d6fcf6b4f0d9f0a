import { AgentRuntime, encryptStringValue, getSalt } from '@elizaos/core';
import { expect, test } from 'bun:test';
import { memoSettings } from './memoSettings.ts';

/** A runtime whose character holds `secrets` and `settings`, counting the reads that reach ElizaOS's own `getSetting`. */
function runtimeWith(secrets: Record<string, string>, settings: Record<string, string | number> = {}) {
  const runtime = new AgentRuntime({ character: { name: 'Probe', bio: [], secrets, settings } });
  const reads: string[] = [];
  const own = runtime.getSetting.bind(runtime);
  runtime.getSetting = (key: string) => (reads.push(key), own(key));
  memoSettings(runtime);
  return { runtime, reads };
}

test('an encrypted secret is decrypted once, and read afresh once its stored value changes', () => {
  const { runtime, reads } = runtimeWith({ OPENAI_API_KEY: encryptStringValue('sk-first', getSalt()) });
  expect(runtime.getSetting('OPENAI_API_KEY')).toBe('sk-first');
  expect(runtime.getSetting('OPENAI_API_KEY')).toBe('sk-first');
  expect(reads).toEqual(['OPENAI_API_KEY']);

  runtime.character.secrets!.OPENAI_API_KEY = encryptStringValue('sk-second', getSalt());
  expect(runtime.getSetting('OPENAI_API_KEY')).toBe('sk-second');
  expect(reads).toEqual(['OPENAI_API_KEY', 'OPENAI_API_KEY']);
});

test('settings keep ElizaOS’s answers: its order, its booleans, null for what is not there, and a value set later', () => {
  const { runtime } = runtimeWith({ SHARED: 'from secrets' }, { SHARED: 'from settings', FLAG: 'true', COUNT: 3 });
  expect(runtime.getSetting('SHARED')).toBe('from secrets');
  expect(runtime.getSetting('FLAG')).toBe(true);
  expect(runtime.getSetting('COUNT')).toBe(3);
  expect(runtime.getSetting('MISSING')).toBeNull();
  expect(runtime.getSetting('constructor')).toBeNull();
  runtime.setSetting('MISSING', 'now here');
  expect(runtime.getSetting('MISSING')).toBe('now here');
});
