import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { emptyRecord } from '@the-house/lab/models/matchRecorder.ts';
import { matchOptionsSchema } from '@the-house/lab/seats/matchOptions.ts';
import { CHUNK, MatchStore } from './matchStore.ts';
import type { StoredMatch } from './types.ts';

function cacheRuntime() {
  const rows = new Map<string, unknown>();
  const writes: string[] = [];
  const runtime = {
    getCache: async (key: string) => rows.get(key),
    setCache: async (key: string, value: unknown) => {
      writes.push(key);
      rows.set(key, value);
      return true;
    },
  } as unknown as IAgentRuntime;
  return { runtime, rows, writes };
}

function match(): StoredMatch {
  return {
    id: 'm1',
    game: 'trust',
    seed: 1,
    config: {},
    status: 'running',
    players: ['a', 'b'],
    channelId: null,
    serverId: null,
    state: { round: 1 },
    log: [],
    history: [],
    origin: null,
    postedRound: 0,
    options: matchOptionsSchema.parse({}),
    record: emptyRecord(),
    paused: null,
    humans: {},
    rooms: {},
    createdAt: 0,
    updatedAt: 0,
  };
}

const entry = (seq: number) => ({ seq, round: seq, phase: 'act', type: 'round', prev: 'p', hash: `h${seq}` });

test('a match round-trips; a save writes the head, and a chunk row only when one fills up', async () => {
  const { runtime, writes } = cacheRuntime();
  const store = new MatchStore(runtime);
  const m = match();
  let lastSave: string[] = [];
  for (let i = 0; i < CHUNK * 3 + 5; i++) {
    m.log.push(entry(i));
    m.history.push({ round: i + 1, players: { a: { sats: i } } });
    const before = writes.length;
    await store.save(m);
    lastSave = writes.slice(before);
  }
  expect(lastSave).toEqual(['house:match:m1']);
  expect(writes.filter((k) => k.includes(':log:'))).toEqual(['house:match:m1:log:0', 'house:match:m1:log:1', 'house:match:m1:log:2']);
  const loaded = await new MatchStore(runtime).load('m1');
  expect(loaded).toEqual({ ...m, updatedAt: loaded!.updatedAt });
  expect(await store.ids()).toEqual(['m1']);
});

test('a crash after the chunks but before the head leaves the previous phase, whole', async () => {
  const { runtime, rows } = cacheRuntime();
  const store = new MatchStore(runtime);
  const m = match();
  m.log.push(entry(0));
  await store.save(m);
  const head = rows.get('house:match:m1');
  m.log.push(entry(1));
  m.state = { round: 2 };
  await store.save(m);
  rows.set('house:match:m1', head);
  const loaded = await new MatchStore(runtime).load('m1');
  expect(loaded!.log).toEqual([entry(0)]);
  expect(loaded!.state).toEqual({ round: 1 });
});

test('a row saved whole by the earlier format still loads', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = { ...match(), log: [entry(0)] };
  rows.set('house:match:m1', { json: JSON.stringify(m) });
  rows.set('house:matches', ['m1']);
  expect(await new MatchStore(runtime).load('m1')).toEqual(m);
});

test('a crash after a chunk row is sealed but before the head still reads the previous phase', async () => {
  const { runtime, rows } = cacheRuntime();
  const store = new MatchStore(runtime);
  const m = match();
  for (let i = 0; i < CHUNK; i++) m.log.push(entry(i));
  await store.save(m);
  const head = rows.get('house:match:m1');
  m.log.push(entry(CHUNK));
  await store.save(m);
  expect(rows.has('house:match:m1:log:0')).toBe(true);
  rows.set('house:match:m1', head);
  expect((await new MatchStore(runtime).load('m1'))!.log).toHaveLength(CHUNK);
});
