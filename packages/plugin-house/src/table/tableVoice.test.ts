import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { discordSendingReady } from '../discord/discordClient.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import type { StoredMatch } from '../types.ts';
import type { TableHost } from './tableHost.ts';
import { TableVoice } from './tableVoice.ts';

test("a seat named after a player agent but played by someone else (a fork's swap) is not voiced by that agent, nor made a member of its rooms", async () => {
  const agents = new Map<string, IAgentRuntime>(['Ivo', 'Jana'].map((n) => [n, fakeRuntime(n)]));
  const made: string[][] = [];
  const posts: Array<{ text: string; author?: { id: string; name: string } }> = [];
  const house = fakeRuntime('The House');
  const host = {
    runtime: house,
    games: {},
    players: { find: (name: string) => agents.get(name), names: () => [...agents.keys()], isAgent: () => false },
    gateway: {
      createRoom: async (_name: string, ids: string[]) => (made.push(ids), { channelId: `c${made.length}`, serverId: 's' }),
      post: async (_room: unknown, text: string, _key?: string, author?: { id: string; name: string }) => void posts.push({ text, author }),
    },
  } as unknown as TableHost;
  const stored = { id: 'influence-1-fork3-ab12', game: 'influence', players: ['Ivo', 'Jana'], seats: { Ivo: { kind: 'agent' }, Jana: { kind: 'strategy', strategy: 'alliance' } }, rooms: {} } as unknown as StoredMatch;
  const voice = new TableVoice(host, stored);
  await voice.whisper(['Ivo', 'Jana'], 'from Jana', 'Jana');
  await voice.whisper(['Ivo', 'Jana'], 'from Ivo', 'Ivo');
  expect(made).toEqual([[house.agentId, 'id-Ivo']]);
  expect(posts).toEqual([
    { text: 'from Jana', author: { id: house.agentId, name: 'Jana' } },
    { text: 'from Ivo', author: { id: 'id-Ivo', name: 'Ivo' } },
  ]);
});

/** A House on Discord whose posts to the match's thread are kept as the channel's messages; `dies` makes a send hang as a killed host's does, before or after Discord has the message. */
function discordHouse(cache: Map<string, unknown>, dies: 'no' | 'before' | 'after') {
  const house = fakeRuntime('The House');
  const messages: Array<{ author: { id: string }; content: string }> = [];
  let asked = () => {};
  const sending = new Promise<void>((resolve) => (asked = resolve));
  const client = {
    user: { id: 'house-bot' },
    isReady: () => true,
    channels: { fetch: async (id: string) => ({ id, messages: { fetch: async ({ limit }: { limit: number }) => new Map(messages.slice(-limit).map((m, i) => [String(i), m])) } }) },
  };
  Object.assign(house, {
    getService: (name: string) => (name === 'discord' ? { client } : null),
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => (cache.set(key, structuredClone(value)), true),
    deleteCache: async (key: string) => cache.delete(key),
    sendMessageToTarget: async (_target: unknown, content: { text: string }) => {
      asked();
      if (dies !== 'before') messages.push({ author: { id: 'house-bot' }, content: content.text });
      if (dies !== 'no') await new Promise(() => {});
    },
  });
  discordSendingReady(house);
  const host = { runtime: house, games: {}, players: { find: () => undefined, names: () => [] }, gateway: {} } as unknown as TableHost;
  const stored = { id: 'trust-7', game: 'trust', players: ['Ada', 'Bram'], seats: {}, rooms: {}, origin: { source: 'discord', channelId: 'thread-7' }, table: 'discord:chan' } as unknown as StoredMatch;
  return { voice: new TableVoice(host, stored), messages, sending };
}

test("a round's Discord post goes once across a host that died sending it: not again when Discord had it, once when it had not", async () => {
  for (const dies of ['after', 'before'] as const) {
    const cache = new Map<string, unknown>();
    const old = discordHouse(cache, dies);
    void old.voice.postRound(3, 'Round 3: Ada 2, Bram 0.', []);
    await old.sending;
    expect(cache.get('house:outbox:trust-7')).toEqual({ rows: [['round:3', 'sending']] });
    // The host that takes over reads the same database; its thread shows what Discord accepted.
    const resumed = discordHouse(cache, 'no');
    resumed.messages.push(...old.messages);
    await resumed.voice.postRound(3, 'Round 3: Ada 2, Bram 0.', []);
    await resumed.voice.postRound(3, 'Round 3: Ada 2, Bram 0.', []);
    expect(resumed.messages.map((m) => m.content)).toEqual(['Round 3: Ada 2, Bram 0.']);
    expect(cache.get('house:outbox:trust-7')).toEqual({ rows: [['round:3', 'sent']] });
    await resumed.voice.forgetPosts();
    expect(cache.size).toBe(0);
  }
});
