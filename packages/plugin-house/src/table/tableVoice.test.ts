import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
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
