import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IAgentRuntime } from '@elizaos/core';
import { EventLog } from '@the-house/games/engine/eventLog.ts';
import { LiveMatchFiles } from './liveMatchFiles.ts';
import { CHUNK, FIRST_CHUNK, MatchStore, StoreError } from './matchStore.ts';
import { rowOf } from './storeRows.ts';
import type { StoredMatch } from './types.ts';
import { storedMatch } from './testing/storedMatch.ts';

function cacheRuntime() {
  const rows = new Map<string, unknown>();
  const writes: string[] = [];
  const runtime = {
    agentId: '00000000-0000-4000-8000-000000000001',
    // plugin-sql's database as the store lists head rows: every key it holds (the store keeps the heads).
    db: { execute: async () => ({ rows: [...rows.keys()].map((key) => ({ key })) }) },
    getCache: async (key: string) => rows.get(key),
    setCache: async (key: string, value: unknown) => {
      writes.push(key);
      rows.set(key, value);
      return true;
    },
  } as unknown as IAgentRuntime;
  return { runtime, rows, writes };
}


/** A real hash chain: the store checks that what it reads back ends where it was saved. */
const chain = new EventLog();
for (let i = 0; i < FIRST_CHUNK * 3; i++) chain.append(i + 1, 'act', { type: 'round', data: { n: i } });
const entry = (seq: number) => chain.entries[seq]!;

test('a match round-trips; a save writes the head, and a chunk row only when one fills up', async () => {
  const { runtime, writes } = cacheRuntime();
  const store = new MatchStore(runtime);
  const m = storedMatch();
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

test("a new House's first save finds no index to rebuild, and says nothing", async () => {
  const { runtime } = cacheRuntime();
  const said: string[] = [];
  const store = new MatchStore(runtime, { log: (line) => said.push(line) });
  await Promise.all([store.save(storedMatch()), store.save({ ...storedMatch(), id: 'm2' })]);
  expect(said).toEqual([]);
  expect(await new MatchStore(runtime).ids()).toEqual(['m1', 'm2']);
});

test('a crash after the chunks but before the head leaves the previous phase, whole', async () => {
  const { runtime, rows } = cacheRuntime();
  const store = new MatchStore(runtime);
  const m = storedMatch();
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
  const m = { ...storedMatch(), log: [entry(0)] };
  rows.set('house:match:m1', { json: JSON.stringify(m) });
  rows.set('house:matches', ['m1']);
  expect(await new MatchStore(runtime).load('m1')).toEqual({ ok: true, match: m });
});

test('a match saved in chunks of 64 before heads named their size reads whole, and its next saves keep that size', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = storedMatch();
  for (let i = 0; i < FIRST_CHUNK + 6; i++) m.log.push(entry(i));
  const { log: _log, history: _history, record, ...rest } = m;
  const chunk = rowOf(m.log.slice(0, FIRST_CHUNK));
  const head = { ...rest, record: { ...record, calls: [], phases: [] }, log: [], history: [], full: { log: 1, history: 0, calls: 0, phases: 0 }, tails: { log: m.log.slice(FIRST_CHUNK), history: [], calls: [], phases: [] }, logHead: m.log.at(-1)!.hash, sums: { log: [chunk.sum], history: [], calls: [], phases: [] } };
  rows.set('house:match:m1', rowOf(head));
  rows.set('house:match:m1:log:0', chunk);
  rows.set('house:matches', rowOf(['m1']));
  rows.set('house:open', rowOf(['m1']));
  const store = new MatchStore(runtime);
  const loaded = await store.load('m1');
  if (!loaded.ok) throw new Error(loaded.damage);
  expect(loaded.match).toEqual(m);
  for (let i = FIRST_CHUNK + 6; i < 2 * FIRST_CHUNK + 1; i++) loaded.match.log.push(entry(i));
  await store.save(loaded.match);
  expect([...rows.keys()].filter((k) => k.includes(':log:'))).toEqual(['house:match:m1:log:0', 'house:match:m1:log:1']);
  const again = await new MatchStore(runtime).load('m1');
  expect(again.ok && again.match.log).toEqual(chain.entries.slice(0, 2 * FIRST_CHUNK + 1));
});

test("a state whose parts repeat is saved with each part once, and reads back equal, the parts shared again", async () => {
  const { runtime, rows } = cacheRuntime();
  const seen = Array.from({ length: 30 }, (_, r) => ({ round: r + 1, acts: { a: { action: 'HIGH_FIVE', target: 'b' }, b: { action: 'BLOCK' } }, sats: { a: r, b: 2 * r } }));
  const m = { ...storedMatch(), state: { round: 31, memory: { a: seen, b: [...seen.slice(0, 29), { ...seen[29]!, acts: { ...seen[29]!.acts, b: { action: 'BLOCK', missed: true } } }] } } };
  await new MatchStore(runtime).save(m);
  const row = rows.get('house:match:m1') as { json: string };
  expect(JSON.parse(row.json).state).toBeNull();
  expect(JSON.stringify(JSON.parse(row.json).sharedState).length).toBeLessThan(JSON.stringify(m.state).length * 0.6);
  const loaded = await new MatchStore(runtime).load('m1');
  if (!loaded.ok) throw new Error(loaded.damage);
  expect(loaded.match).toEqual({ ...m, updatedAt: loaded.match.updatedAt });
  const memory = (loaded.match.state as typeof m.state).memory;
  expect(memory.a[3]).toBe(memory.b[3]!);
  expect(memory.a[29]!.sats).toBe(memory.b[29]!.sats);
  expect((await new MatchStore(runtime).loadWindow('m1'))?.match.state).toEqual(m.state);
  // A stand-in that names no part: the head row is damaged, never read as a state with a hole.
  const bad = JSON.parse(row.json);
  bad.sharedState.root = { '#': 10_000 };
  rows.set('house:match:m1', rowOf(bad));
  const damaged = await new MatchStore(runtime).load('m1');
  expect(damaged.ok).toBe(false);
  expect(!damaged.ok && damaged.damage).toBe('its head row is not a match');
});

test('a head row saved with the old seat maps (humans, remotes, bots) is read with seats, whole, chunked or a window at a time', async () => {
  const { runtime, rows } = cacheRuntime();
  const ada = { id: 'user-ada', room: null, origin: { source: 'discord', channelId: 'dm' } };
  const { seats: _seats, ...rest } = { ...storedMatch(), players: ['Ada', 'b', 'grudger'], log: [entry(0)] };
  const old = { ...rest, humans: { Ada: ada }, bots: { grudger: 'grudger' } };
  const seats = { Ada: { kind: 'person', person: ada }, b: { kind: 'agent' }, grudger: { kind: 'strategy', strategy: 'grudger' } };
  rows.set('house:match:m1', { json: JSON.stringify(old) });
  rows.set('house:matches', ['m1']);
  const whole = await new MatchStore(runtime).load('m1');
  expect(whole).toEqual({ ok: true, match: { ...rest, seats } as StoredMatch });
  expect(whole.match).not.toHaveProperty('humans');
  const store = new MatchStore(runtime);
  await store.save(old as unknown as StoredMatch);
  const chunked = await new MatchStore(runtime).load('m1');
  if (!chunked.ok) throw new Error(chunked.damage);
  expect(chunked.match.seats).toEqual(seats as StoredMatch['seats']);
  expect(chunked.match).not.toHaveProperty('bots');
  expect((await new MatchStore(runtime).loadWindow('m1'))?.match.seats).toEqual(seats as StoredMatch['seats']);
});

test('a crash after a chunk row is sealed but before the head still reads the previous phase', async () => {
  const { runtime, rows } = cacheRuntime();
  const store = new MatchStore(runtime);
  const m = storedMatch();
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
  const m = storedMatch();
  for (let i = 0; i < CHUNK * 2 + 3; i++) m.log.push(entry(i));
  await new MatchStore(runtime).save(m);
  const chunk = rows.get('house:match:m1:log:1');
  rows.delete('house:match:m1:log:1');
  const missing = await new MatchStore(runtime).load('m1');
  expect(missing).toMatchObject({ ok: false, damage: `log chunk 2 of 2 is missing (entries ${CHUNK}..${2 * CHUNK - 1})` });
  // What is served of it: the log up to the missing chunk.
  expect(!missing.ok && missing.match?.log).toHaveLength(CHUNK);
  rows.set('house:match:m1:log:1', { json: JSON.stringify((JSON.parse((chunk as { json: string }).json) as unknown[]).slice(1)) });
  expect(await new MatchStore(runtime).load('m1')).toMatchObject({ ok: false, damage: `log chunk 2 holds ${CHUNK - 1} of ${CHUNK} entries` });
  rows.set('house:match:m1:log:1', chunk);
  const head = JSON.parse((rows.get('house:match:m1') as { json: string }).json) as { tails: { log: unknown[] } };
  head.tails.log.pop();
  rows.set('house:match:m1', { json: JSON.stringify(head) });
  expect(await new MatchStore(runtime).load('m1')).toMatchObject({ ok: false, damage: `its log breaks at entry ${2 * CHUNK + 2}: chain head differs from the published head` });
  expect(await new MatchStore(runtime).load('nope')).toEqual({ ok: false, damage: 'its head row is missing', match: null, headLost: true });
});

test('a write the database refuses is tried again, then fails loudly with the row it could not save', async () => {
  const { runtime, rows } = cacheRuntime();
  let refuse = 2;
  const flaky = { ...runtime, setCache: async (key: string, value: unknown) => (refuse-- > 0 ? false : runtime.setCache(key, value)) } as unknown as IAgentRuntime;
  const store = new MatchStore(flaky, { attempts: 3, backoffMs: 1 });
  await store.save(storedMatch());
  expect(rows.has('house:match:m1')).toBe(true);
  const dead = { ...runtime, setCache: async () => { throw new Error('disk full'); } } as unknown as IAgentRuntime;
  const failing = new MatchStore(dead, { attempts: 2, backoffMs: 1 });
  await expect(failing.save({ ...storedMatch(), id: 'm2' })).rejects.toThrow(new StoreError('could not save house:match:m2 after 2 tries: disk full'));
});

test('matches saved at once all reach the index; a closed match leaves the open list and keeps its summary row', async () => {
  const { runtime, rows } = cacheRuntime();
  const store = new MatchStore(runtime);
  await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => store.save({ ...storedMatch(), id })));
  expect((await new MatchStore(runtime).ids()).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  const summary = { id: 'c', game: 'trust', status: 'finished' as const, round: 3, players: [], winners: ['a'], spend: { tokens: 0, cost: 0 } };
  await store.save({ ...storedMatch(), id: 'c', status: 'finished' }, summary);
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
  const m = storedMatch();
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
  const m = storedMatch();
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
  const m = storedMatch();
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

/** Three matches saved as a House saves them: one finished, one running, one paused, made in that order. */
async function threeMatches(runtime: IAgentRuntime, options: ConstructorParameters<typeof MatchStore>[1] = {}): Promise<void> {
  const store = new MatchStore(runtime, options);
  for (const [id, status, createdAt] of [['a', 'finished', 1], ['b', 'running', 2], ['c', 'paused', 3]] as const) {
    const m = { ...storedMatch(), id, status, createdAt };
    for (let i = 0; i < CHUNK + 3; i++) m.log.push(entry(i));
    await store.save(m);
  }
}

test('issue 33 (4): an index row lost, replaced or edited while the host is down: rebuilt from the stored heads (creation order, the open ones open), logged once, and the next save drops nothing', async () => {
  const faults: Array<[string, (rows: Map<string, unknown>) => void, string]> = [
    ['deleted', (rows) => rows.delete('house:matches'), 'is missing'],
    ['replaced by a plain list', (rows) => rows.set('house:matches', ['x']), 'left out 3 stored matches'],
    ['edited', (rows) => rows.set('house:matches', { ...(rows.get('house:matches') as object), json: '["c"]' }), 'was changed after it was written'],
    ['replaced by a whole row naming one match', (rows) => rows.set('house:matches', { json: '["c"]' }), 'left out 2 stored matches'],
    ['deleted with the open list', (rows) => void (rows.delete('house:matches'), rows.delete('house:open')), 'is missing'],
  ];
  for (const [name, damage, why] of faults) {
    const { runtime, rows } = cacheRuntime();
    await threeMatches(runtime);
    damage(rows);
    const lines: string[] = [];
    const store = new MatchStore(runtime, { log: (line) => lines.push(line) });
    expect([name, await store.ids()]).toEqual([name, ['a', 'b', 'c']]);
    expect(await store.openIds()).toEqual(['b', 'c']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith(`the match index (house:matches) ${why}`);
    expect(lines[0]).toEndWith('rebuilt from the stored match heads: 3 matches, 2 open');
    await store.save({ ...storedMatch(), id: 'd', createdAt: 4 });
    const after: string[] = [];
    const next = new MatchStore(runtime, { log: (line) => after.push(line) });
    expect(await next.ids()).toEqual(['a', 'b', 'c', 'd']);
    expect(await next.openIds()).toEqual(['b', 'c', 'd']);
    expect(after).toEqual([]);
  }
});

test('issue 33 (4): the open list edited alone is rebuilt from the heads and said once; an index from before checksums that lists every head still reads', async () => {
  const { runtime, rows } = cacheRuntime();
  await threeMatches(runtime);
  rows.set('house:open', { json: '["a"]', sum: 'f'.repeat(64) });
  const lines: string[] = [];
  const store = new MatchStore(runtime, { log: (line) => lines.push(line) });
  expect(await store.openIds()).toEqual(['b', 'c']);
  expect(lines).toEqual(['the list of open matches (house:open) was changed after it was written (its checksum does not match); rebuilt from the match heads: 2 open']);
  rows.set('house:matches', ['a', 'b', 'c']);
  const quiet: string[] = [];
  expect(await new MatchStore(runtime, { log: (line) => quiet.push(line) }).ids()).toEqual(['a', 'b', 'c']);
  expect(quiet).toEqual([]);
});

test("issue 33 (4): with its index and its head row both lost, a running match is listed again from its running files; another database's files in the same folder are not", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const summaryOf = (id: string) => ({ id, game: 'trust', status: 'running' as const, round: 1, players: [], winners: [], spend: { tokens: 0, cost: 0 } });
    const elsewhere = cacheRuntime();
    const other = new MatchStore(elsewhere.runtime, { live: new LiveMatchFiles(dir) });
    await other.save({ ...storedMatch(), id: 'z', createdAt: 9 }, summaryOf('z'));
    await other.filesSettled();
    const { runtime, rows } = cacheRuntime();
    const store = new MatchStore(runtime, { live: new LiveMatchFiles(dir) });
    await store.save({ ...storedMatch(), id: 'a', status: 'finished', createdAt: 1 }, summaryOf('a'));
    await store.save({ ...storedMatch(), id: 'b', createdAt: 2 }, summaryOf('b'));
    // The host that wrote them stopped: its files are on disk for the next to read.
    await store.filesSettled();
    rows.delete('house:matches');
    rows.delete('house:match:b');
    const lines: string[] = [];
    const next = new MatchStore(runtime, { live: new LiveMatchFiles(dir), log: (line) => lines.push(line) });
    expect(await next.ids()).toEqual(['a', 'b']);
    expect(await next.openIds()).toEqual(['b']);
    expect(lines).toEqual(['the match index (house:matches) is missing; rebuilt from the stored match heads: 2 matches, 1 open']);
    expect((await next.load('b')).ok).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A running match with three full chunks of every list, saved with its running files in `dir`. */
async function runningWithFiles(runtime: IAgentRuntime, dir: string): Promise<StoredMatch> {
  const m = storedMatch();
  for (let i = 0; i < CHUNK * 3 + 5; i++) {
    m.log.push(entry(i));
    m.history.push({ round: i + 1, players: { a: { sats: i } } });
    m.record.calls.push({ seat: 'a', round: i + 1 } as never);
    m.record.phases.push({ round: i + 1, phase: 'act' } as never);
  }
  const store = new MatchStore(runtime, { live: new LiveMatchFiles(dir) });
  await store.save(m);
  await store.filesSettled();
  return m;
}

test("issue 33 (5): a running match's damaged row (head, log chunk, swapped chunk, history chunk) comes back from its running files, is written back, and says what was repaired", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const faults: Array<[string, (rows: Map<string, unknown>) => void, string]> = [
      ['head deleted', (rows) => rows.delete('house:match:m1'), 'its head row is missing'],
      ['head garbled', (rows) => rows.set('house:match:m1', { json: '{"id": "m1",' }), 'its head row is not valid JSON'],
      ['log chunk edited', (rows) => rows.set('house:match:m1:log:1', { ...(rows.get('house:match:m1:log:1') as object), json: '[]' }), `log chunk 2 of 3 was changed after it was written (its checksum does not match) (entries ${CHUNK}..${2 * CHUNK - 1})`],
      ['log chunk swapped', (rows) => rows.set('house:match:m1:log:2', rows.get('house:match:m1:log:0')), `log chunk 3 of 3 is not the one its head row names (entries ${2 * CHUNK}..${3 * CHUNK - 1})`],
      ['history chunk deleted, the log intact', (rows) => rows.delete('house:match:m1:history:0'), `history chunk 1 of 3 is missing (entries 0..${CHUNK - 1})`],
    ];
    for (const [name, damage, why] of faults) {
      const { runtime, rows } = cacheRuntime();
      const m = await runningWithFiles(runtime, dir);
      const whole = new Map(rows);
      damage(rows);
      const loaded = await new MatchStore(runtime, { live: new LiveMatchFiles(dir) }).load('m1');
      expect([name, loaded.ok && loaded.repaired]).toEqual([name, why]);
      expect(loaded.match).toEqual({ ...m, updatedAt: loaded.match!.updatedAt });
      // Written back as it was: the next read needs no file.
      expect(rows).toEqual(whole);
      expect(await new MatchStore(runtime).load('m1')).toMatchObject({ ok: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('issue 33 (5): with no copy to rebuild from, a damaged match still gives its intact part: each list up to its first broken chunk, the log up to its first broken link; a lost head leaves the chunks still there', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'house-live-'));
  try {
    const { runtime, rows } = cacheRuntime();
    const m = await runningWithFiles(runtime, dir);
    const summary = { id: 'm1', game: 'trust', status: 'running' as const, round: 3, players: [{ name: 'a', alive: true, score: 1 }], winners: [], spend: { tokens: 0, cost: 0 }, createdAt: 7 };
    await new MatchStore(runtime).save({ ...m }, summary);
    rows.delete('house:match:m1:log:2');
    const lost = await new MatchStore(runtime).load('m1');
    expect(lost.ok).toBe(false);
    expect(lost.match!.log).toEqual(m.log.slice(0, 2 * CHUNK));
    expect(lost.match!.history).toEqual(m.history);
    const row = rows.get('house:match:m1:log:1') as { json: string };
    const edited = JSON.parse(row.json) as Array<{ data: unknown }>;
    edited[10]!.data = { n: 'changed' };
    // A chunk rewritten with a checksum of its own: the head names another; its entries before the edit still link.
    rows.set('house:match:m1:log:1', { json: JSON.stringify(edited) });
    rows.delete('house:match:m1');
    const headless = await new MatchStore(runtime).load('m1');
    expect(headless).toMatchObject({ ok: false, damage: 'its head row is missing' });
    expect(headless.match!.players).toEqual(['a']);
    expect(headless.match!.log).toEqual(m.log.slice(0, CHUNK + 10));
    expect(headless.match!.history).toEqual(m.history.slice(0, 3 * CHUNK));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A closed match of `rounds` rounds, three log entries and one round report each, saved as the House saves it. */
async function longMatch(runtime: IAgentRuntime, rounds: number): Promise<StoredMatch> {
  const log = new EventLog();
  const m = { ...storedMatch(), status: 'finished' as const, state: { round: rounds } };
  for (let r = 1; r <= rounds; r++) {
    for (let k = 0; k < 3; k++) log.append(r, 'act', { type: 'move', data: { r, k } });
    m.history.push({ round: r, players: { a: { sats: r } } });
    m.record.calls.push({ caller: 'a', round: r, tokensIn: 2, tokensOut: 1, cost: 0.5, retries: [], error: null } as never);
  }
  m.log = [...log.entries];
  await new MatchStore(runtime).save(m);
  return m;
}

test('issue 33 (7): a window of a long match reads only the chunks holding its rounds, and holds what the whole match holds of them', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = await longMatch(runtime, 300);
  const read: string[] = [];
  const counting = { ...runtime, getCache: async (key: string) => (read.push(key), rows.get(key)) } as unknown as IAgentRuntime;
  const window = await new MatchStore(counting).loadWindow('m1', { from: 100, to: 120 });
  expect(window!.window).toEqual({ from: 100, to: 120, first: 1, last: 300 });
  expect(window!.match.log).toEqual(m.log.filter((e) => e.round >= 100 && e.round <= 120));
  expect(window!.match.history).toEqual(m.history.slice(99, 120));
  expect(window!.match.record.calls).toEqual([]);
  // Three entries a round, 16 a chunk: rounds 100..120 are entries 297..362, in chunks 18..22; their reports are 99..119, in chunks 6 and 7.
  expect(read.filter((k) => k.includes(':log:'))).toEqual([18, 19, 20, 21, 22].map((n) => `house:match:m1:log:${n}`));
  expect(read.filter((k) => k.includes(':history:'))).toEqual(['house:match:m1:history:6', 'house:match:m1:history:7']);
  expect(read.filter((k) => k.includes(':calls:') || k.includes(':phases:'))).toEqual([]);
  // Nothing asked: the latest rounds, the setup before the first round and the last round's end included.
  const latest = await new MatchStore(runtime).loadWindow('m1');
  expect(latest!.window).toEqual({ from: 101, to: 300, first: 1, last: 300 });
  expect(latest!.match.log.at(-1)).toEqual(m.log.at(-1)!);
  const start = await new MatchStore(runtime).loadWindow('m1', { to: 10 });
  expect(start!.match.log).toEqual(m.log.filter((e) => e.round <= 10));
  // A chunk that does not check out: no window (the caller reads the match whole, and says what is wrong).
  rows.set('house:match:m1:log:18', { json: '[]' });
  expect(await new MatchStore(runtime).loadWindow('m1', { from: 100, to: 120 })).toBeNull();
});

test('issue 33 (7): a match checked a chunk at a time gives the same verdict as one read whole, and sees every entry once', async () => {
  const { runtime, rows } = cacheRuntime();
  const m = await longMatch(runtime, 150);
  const seen = new Map<string, number>();
  expect(await new MatchStore(runtime).check('m1', (list, entries) => void seen.set(list, (seen.get(list) ?? 0) + entries.length))).toBeNull();
  expect(Object.fromEntries(seen)).toEqual({ log: m.log.length, history: 150, calls: 150, phases: 0 });
  const whole = new Map(rows);
  const faults: Array<(r: Map<string, unknown>) => void> = [
    (r) => r.delete('house:match:m1:log:2'),
    (r) => r.set('house:match:m1:history:1', r.get('house:match:m1:history:0')),
    (r) => r.set('house:match:m1', { json: '{' }),
    (r) => r.set('house:match:m1:calls:0', { json: '[]' }),
  ];
  for (const fault of faults) {
    for (const [k, v] of whole) rows.set(k, v);
    fault(rows);
    const loaded = await new MatchStore(runtime).load('m1');
    expect(loaded.ok).toBe(false);
    expect(await new MatchStore(runtime).check('m1')).toBe((loaded as { damage: string }).damage.split('; ')[0]!);
  }
});
