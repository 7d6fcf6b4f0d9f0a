import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { DiscordOutbox, outboxKey } from './discordOutbox.ts';

/** The House's cache as the database keeps it across hosts: rows in, rows out. */
function cacheOf(rows: Map<string, unknown> = new Map()) {
  const quiet = () => {};
  return {
    rows,
    getCache: async (key: string) => rows.get(key),
    setCache: async (key: string, value: unknown) => (rows.set(key, structuredClone(value)), true),
    deleteCache: async (key: string) => rows.delete(key),
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
  } as unknown as Pick<IAgentRuntime, 'getCache' | 'setCache' | 'deleteCache' | 'logger'> & { rows: Map<string, unknown> };
}

test("a keyed post is 'sending' while Discord is asked and 'sent' after; sent once, it is skipped by a resumed outbox without reading the channel", async () => {
  const cache = cacheOf();
  const seen: unknown[] = [];
  const outbox = new DiscordOutbox(cache, 'trust-1');
  const sends: string[] = [];
  expect(await outbox.once('round:1', async () => void (seen.push(structuredClone(cache.rows.get(outboxKey('trust-1')))), sends.push('round 1')), async () => true)).toBe(true);
  expect(seen).toEqual([{ rows: [['round:1', 'sending']] }]);
  expect(cache.rows.get(outboxKey('trust-1'))).toEqual({ rows: [['round:1', 'sent']] });
  let read = false;
  const resumed = new DiscordOutbox(cache, 'trust-1');
  expect(await resumed.once('round:1', async () => void sends.push('again'), async () => ((read = true), false))).toBe(false);
  expect(sends).toEqual(['round 1']);
  expect(read).toBe(false);
});

test("a post the host died sending goes again only when the channel does not show it; another match's rows are its own", async () => {
  // The host died while Discord was asked: the row says 'sending'.
  const cache = cacheOf(new Map([[outboxKey('trust-2'), { rows: [['round:1', 'sent'], ['round:2', 'sending']] }]]));
  const sends: string[] = [];
  // Discord had accepted it: the channel shows it, and it is not sent again.
  const accepted = new DiscordOutbox(cache, 'trust-2');
  expect(await accepted.once('round:2', async () => void sends.push('round 2'), async () => true)).toBe(false);
  expect(cache.rows.get(outboxKey('trust-2'))).toEqual({ rows: [['round:1', 'sent'], ['round:2', 'sent']] });
  // It died before Discord had it: the channel does not show it, and it goes once.
  cache.rows.set(outboxKey('trust-3'), { rows: [['round:2', 'sending']] });
  const lost = new DiscordOutbox(cache, 'trust-3');
  expect(await lost.once('round:2', async () => void sends.push('trust-3 round 2'), async () => false)).toBe(true);
  expect(await lost.once('round:2', async () => void sends.push('again'), async () => false)).toBe(false);
  // The channel could not be read: it goes (a post is never dropped for want of proof).
  cache.rows.set(outboxKey('trust-4'), { rows: [['round:5', 'sending']] });
  expect(await new DiscordOutbox(cache, 'trust-4').once('round:5', async () => void sends.push('trust-4 round 5'), async () => null)).toBe(true);
  expect(sends).toEqual(['trust-3 round 2', 'trust-4 round 5']);
});

test('a closed match forgets its rows; rows that are not a key and a state are not read; an unreadable cache still lets the post go', async () => {
  const cache = cacheOf(new Map<string, unknown>([[outboxKey('trust-5'), { rows: [['round:1', 'sent'], ['round:2', 'lost'], [3, 'sent'], 'x'] }]]));
  const sends: string[] = [];
  const outbox = new DiscordOutbox(cache, 'trust-5');
  expect(await outbox.once('round:2', async () => void sends.push('round 2'), async () => true)).toBe(true);
  expect(await outbox.once('round:1', async () => void sends.push('round 1'), async () => false)).toBe(false);
  await outbox.forget();
  expect(cache.rows.has(outboxKey('trust-5'))).toBe(false);
  const broken = { ...cacheOf(), getCache: async () => Promise.reject(new Error('database gone')), setCache: async () => Promise.reject(new Error('database gone')) } as unknown as ConstructorParameters<typeof DiscordOutbox>[0];
  expect(await new DiscordOutbox(broken, 'trust-6').once('round:1', async () => void sends.push('trust-6 round 1'), async () => false)).toBe(true);
  expect(sends).toEqual(['round 2', 'trust-6 round 1']);
});
