import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { emptyRecord } from '@the-house/lab/models/matchRecorder.ts';
import { matchOptionsSchema } from '@the-house/lab/seats/matchOptions.ts';
import { EventLog } from '@the-house/games/engine/eventLog.ts';
import { CHUNK, MatchStore, StoreError } from './matchStore.ts';
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

/** A real hash chain: the store checks that what it reads back ends where it was saved. */
const chain = new EventLog();
for (let i = 0; i < CHUNK * 4; i++) chain.append(i + 1, 'act', { type: 'round', data: { n: i } });
const entry = (seq: number) => chain.entries[seq]!;

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
  if (!loaded.ok) throw new Error(loaded.damage);
  expect(loaded.match).toEqual({ ...m, updatedAt: loaded.match.updatedAt });
  expect(await store.ids()).toEqual(['m1']);
  expect(await store.openIds()).toEqual(['m1']);
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
  if (!loaded.ok) throw new Error(loaded.damage);
  expect(loaded.match.log).toEqual([entry(0)]);
  expect(loaded.match.state).toEqual({ round: 1 });
});

test('a row saved whole by the earlier format still loads', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = { ...match(), log: [entry(0)] };
  rows.set('house:match:m1', { json: JSON.stringify(m) });
  rows.set('house:matches', ['m1']);
  expect(await new MatchStore(runtime).load('m1')).toEqual({ ok: true, match: m });
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
  const loaded = await new MatchStore(runtime).load('m1');
  expect(loaded.ok && loaded.match.log).toHaveLength(CHUNK);
});

test('a missing chunk row, a short one, or a log that does not end at the saved head: damaged, with what is wrong', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = match();
  for (let i = 0; i < CHUNK * 2 + 3; i++) m.log.push(entry(i));
  await new MatchStore(runtime).save(m);
  const chunk = rows.get('house:match:m1:log:1');
  rows.delete('house:match:m1:log:1');
  const missing = await new MatchStore(runtime).load('m1');
  expect(missing).toMatchObject({ ok: false, damage: `log chunk 2 of 2 is missing (entries ${CHUNK}..${2 * CHUNK - 1})` });
  expect(!missing.ok && missing.match?.log).toHaveLength(CHUNK + 3);
  rows.set('house:match:m1:log:1', { json: JSON.stringify((JSON.parse((chunk as { json: string }).json) as unknown[]).slice(1)) });
  expect(await new MatchStore(runtime).load('m1')).toMatchObject({ ok: false, damage: `log chunk 2 holds ${CHUNK - 1} of ${CHUNK} entries` });
  rows.set('house:match:m1:log:1', chunk);
  const head = JSON.parse((rows.get('house:match:m1') as { json: string }).json) as { tails: { log: unknown[] } };
  head.tails.log.pop();
  rows.set('house:match:m1', { json: JSON.stringify(head) });
  expect(await new MatchStore(runtime).load('m1')).toMatchObject({ ok: false, damage: `its log breaks at entry ${2 * CHUNK + 2}: chain head differs from the published head` });
  expect(await new MatchStore(runtime).load('nope')).toEqual({ ok: false, damage: 'its head row is missing', match: null });
});

test('a write the database refuses is tried again, then fails loudly with the row it could not save', async () => {
  const { runtime, rows } = cacheRuntime();
  let refuse = 2;
  const flaky = { ...runtime, setCache: async (key: string, value: unknown) => (refuse-- > 0 ? false : runtime.setCache(key, value)) } as unknown as IAgentRuntime;
  const store = new MatchStore(flaky, { attempts: 3, backoffMs: 1 });
  await store.save(match());
  expect(rows.has('house:match:m1')).toBe(true);
  const dead = { ...runtime, setCache: async () => { throw new Error('disk full'); } } as unknown as IAgentRuntime;
  const failing = new MatchStore(dead, { attempts: 2, backoffMs: 1 });
  await expect(failing.save({ ...match(), id: 'm2' })).rejects.toThrow(new StoreError('could not save house:match:m2 after 2 tries: disk full'));
});

test('matches saved at once all reach the index; a closed match leaves the open list and keeps its summary row', async () => {
  const { runtime, rows } = cacheRuntime();
  const store = new MatchStore(runtime);
  await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => store.save({ ...match(), id })));
  expect((await new MatchStore(runtime).ids()).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  const summary = { id: 'c', game: 'trust', status: 'finished' as const, round: 3, players: [], winners: ['a'], spend: { tokens: 0, cost: 0 } };
  await store.save({ ...match(), id: 'c', status: 'finished' }, summary);
  expect((await new MatchStore(runtime).openIds()).sort()).toEqual(['a', 'b', 'd', 'e', 'f']);
  expect(await new MatchStore(runtime).summary('c')).toEqual(summary);
  expect(rows.has('house:match:a:summary')).toBe(false);
});

test('a save still writing when the match is stopped cannot leave its older status last', async () => {
  const { runtime, rows } = cacheRuntime();
  // Each write takes as long as the race needs: the phase's head is slow, so it checks the status after the stop;
  // its summary row is slower than the stop's, so without an order it would land last.
  let heads = 0;
  const delayOf = (key: string, json: string): number => {
    if (key.endsWith(':summary')) return json.includes('"running"') ? 50 : 30;
    if (key === 'house:match:m1') return heads++ === 0 ? 10 : 0;
    return 0;
  };
  const slowRuntime = {
    getCache: runtime.getCache,
    setCache: async (key: string, value: { json: string }) => {
      await Bun.sleep(delayOf(key, value.json));
      return runtime.setCache(key, value);
    },
  } as unknown as IAgentRuntime;
  const store = new MatchStore(slowRuntime);
  const m = match();
  const summaryAt = (status: StoredMatch['status']) => ({ id: 'm1', game: 'trust', status, round: 4, players: [], winners: [], spend: { tokens: 0, cost: 0 } });
  const phase = store.save(m, summaryAt('running'));
  m.status = 'stopped';
  const stop = store.save(m, summaryAt('stopped'));
  await Promise.all([phase, stop]);
  const fresh = new MatchStore(runtime);
  expect((await fresh.summary('m1'))?.status).toBe('stopped');
  expect((await fresh.load('m1')).match?.status).toBe('stopped');
  expect(await fresh.openIds()).toEqual([]);
  expect(rows.has('house:match:m1:summary')).toBe(true);
});

test('every stored part is checked on read: a corrupt or edited head, and a corrupt, edited or swapped chunk of each list, is damage in words, never a throw', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = match();
  m.status = 'finished';
  for (let i = 0; i < CHUNK * 2 + 3; i++) {
    m.log.push(entry(i));
    m.history.push({ round: i + 1, players: { a: { sats: i } } });
    m.record.calls.push({ seat: 'a', round: i + 1 } as never);
    m.record.phases.push({ round: i + 1, phase: 'act' } as never);
  }
  await new MatchStore(runtime).save(m);
  const damage = async () => {
    const loaded = await new MatchStore(runtime).load('m1');
    return loaded.ok ? 'whole' : loaded.damage;
  };
  expect(await damage()).toBe('whole');
  const keep = new Map(rows);
  const restore = () => {
    rows.clear();
    for (const [k, v] of keep) rows.set(k, v);
  };
  const edit = (key: string, change: (json: string) => string, keepSum = true) => {
    const row = rows.get(key) as { json: string; sum: string };
    rows.set(key, keepSum ? { ...row, json: change(row.json) } : { json: change(row.json) });
  };

  edit('house:match:m1', (j) => j.slice(0, 40));
  expect(await damage()).toBe('its head row was changed after it was written (its checksum does not match)');
  restore();
  edit('house:match:m1', (j) => j.slice(0, 40), false);
  expect(await damage()).toBe('its head row is not valid JSON');
  restore();
  edit('house:match:m1', (j) => j.replace('"round":1', '"round":99'));
  expect(await damage()).toBe('its head row was changed after it was written (its checksum does not match)');
  restore();
  rows.set('house:match:m1', { json: '{"__proto__":{"polluted":true}}' });
  expect(await damage()).toContain('its head row holds');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  restore();

  for (const list of ['log', 'history', 'calls', 'phases']) {
    const key = `house:match:m1:${list}:1`;
    edit(key, (j) => `${j.slice(0, -5)}`);
    expect(await damage()).toBe(`${list} chunk 2 of 2 was changed after it was written (its checksum does not match) (entries ${CHUNK}..${2 * CHUNK - 1})`);
    restore();
    edit(key, (j) => `${j.slice(0, -5)}`, false);
    expect(await damage()).toBe(`${list} chunk 2 of 2 is not valid JSON (entries ${CHUNK}..${2 * CHUNK - 1})`);
    restore();
    // Another chunk of the same size put in its place, with a checksum of its own: the head row names the one it wrote.
    rows.set(key, rows.get(`house:match:m1:${list}:0`));
    expect(await damage()).toBe(`${list} chunk 2 of 2 is not the one its head row names (entries ${CHUNK}..${2 * CHUNK - 1})`);
    restore();
    rows.delete(key);
    expect(await damage()).toBe(`${list} chunk 2 of 2 is missing (entries ${CHUNK}..${2 * CHUNK - 1})`);
    restore();
  }
  expect(await damage()).toBe('whole');
});

test('a match saved before rows had checksums still reads, and its next save writes them', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = match();
  for (let i = 0; i < CHUNK + 3; i++) m.log.push(entry(i));
  await new MatchStore(runtime).save(m);
  for (const [key, row] of rows) if (typeof row === 'object' && row && 'sum' in row) rows.set(key, { json: (row as unknown as { json: string }).json });
  const head = JSON.parse((rows.get('house:match:m1') as { json: string }).json) as Record<string, unknown>;
  delete head.sums;
  rows.set('house:match:m1', { json: JSON.stringify(head) });
  const old = new MatchStore(runtime);
  expect((await old.load('m1')).ok).toBe(true);
  await old.save(m);
  expect(rows.get('house:match:m1:log:0')).toHaveProperty('sum');
  const row = rows.get('house:match:m1:log:0') as { json: string; sum: string };
  rows.set('house:match:m1:log:0', { ...row, json: row.json.replace('"n":0', '"n":1') });
  expect(await new MatchStore(runtime).load('m1')).toMatchObject({ ok: false });
});
