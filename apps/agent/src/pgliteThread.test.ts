import { afterAll, expect, test } from 'bun:test';
import { ThreadPglite } from './pgliteThread.ts';

const db = new ThreadPglite('memory://');
afterAll(() => db.close());

/** What a call was refused with (`expect(...).rejects` waits without taking the thread's replies, so it is not used here). */
const refusal = (call: Promise<unknown>): Promise<Error & { code?: string; detail?: string }> => call.then(() => new Error('it was not refused'), (error: unknown) => error as Error);

type Rows<T> = { rows: T[]; affectedRows?: number };

test('statements run in the thread as PGLite runs them: values, row modes, a type kept as text, the vector extension', async () => {
  await db.exec('create table t (id int primary key, at timestamptz, body jsonb); create extension if not exists vector');
  await db.query('insert into t values ($1, $2, $3)', [1, '2026-11-29 12:00:00+00', JSON.stringify({ a: 1 })]);
  const parsed = (await db.query<Rows<{ id: number; at: unknown; body: unknown }>>('select * from t')).rows[0]!;
  expect(parsed.at).toBeInstanceOf(Date);
  expect(parsed.body).toEqual({ a: 1 });
  // drizzle's options: rows as arrays, timestamps left as text.
  const raw = await db.query<Rows<unknown[]>>('select id, at from t', [], { rowMode: 'array', parsers: { 1184: (value: string) => value } });
  expect(raw.rows).toEqual([[1, '2026-11-29 12:00:00+00']]);
  expect((await db.query<Rows<{ v: string }>>("select '[1,2,3]'::vector::text as v")).rows).toEqual([{ v: '[1,2,3]' }]);
});

test("a statement PGLite refuses comes back as its error, with its code and detail; an option that cannot cross is refused before it is sent", async () => {
  await db.exec('create table u (id int primary key)');
  await db.query('insert into u values (1)');
  const refused = await refusal(db.query('insert into u values (1)'));
  expect(refused).toBeInstanceOf(Error);
  expect([refused.message, refused.code, refused.detail]).toEqual(['duplicate key value violates unique constraint "u_pkey"', '23505', 'Key (id)=(1) already exists.']);
  expect(() => db.query('select 1', [], { parsers: { 1184: (value: string) => new Date(value) } })).toThrow("type 1184's parser changes it");
  expect(() => db.query('select 1', [], { blob: new Blob([]) } as never)).toThrow("takes no 'blob' option");
});

test('a transaction commits what its work did when the work returns, and keeps none of it when the work throws or rolls back', async () => {
  await db.exec('create table w (id int)');
  expect(await db.transaction(async (tx) => {
    await tx.query('insert into w values (1)');
    return 'kept';
  })).toBe('kept');
  const undone = await refusal(
    db.transaction(async (tx) => {
      await tx.query('insert into w values (2)');
      throw new Error('changed my mind');
    }),
  );
  expect(undone.message).toBe('changed my mind');
  await db.transaction(async (tx) => {
    await tx.query('insert into w values (3)');
    await tx.rollback();
    expect(tx.closed).toBe(true);
  });
  expect((await db.query<Rows<{ id: number }>>('select id from w order by id')).rows).toEqual([{ id: 1 }]);
});

test('calls made together are answered in the order made, a transaction holding the others back until it ends', async () => {
  await db.exec('create table o (n int)');
  const inside = db.transaction(async (tx) => {
    await tx.query('insert into o values (1)');
    await Bun.sleep(20);
    await tx.query('insert into o values (2)');
  });
  const after = db.query('insert into o values (3)');
  await Promise.all([inside, after, ...Array.from({ length: 20 }, (_, i) => db.query('insert into o values ($1)', [10 + i]))]);
  const rows = (await db.query<Rows<{ n: number }>>('select n from o')).rows.map((r) => r.n);
  expect(rows.slice(0, 3)).toEqual([1, 2, 3]);
  expect(rows).toHaveLength(23);
});

test('a closed PGLite refuses every call with one line', async () => {
  const other = new ThreadPglite('memory://');
  await other.waitReady;
  await other.close();
  expect(other.closed).toBe(true);
  expect((await refusal(other.query('select 1'))).message).toBe('PGLite is closed');
});

test('an open PGLite with no call waiting keeps no process alive: a script that used it ends by itself', async () => {
  const script = `import { ThreadPglite } from ${JSON.stringify(new URL('./pgliteThread.ts', import.meta.url).pathname)}; const db = new ThreadPglite('memory://'); console.log(JSON.stringify((await db.query('select 1 as one')).rows));`;
  const run = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' });
  const ended = await Promise.race([run.exited, Bun.sleep(60_000).then(() => null)]);
  if (ended === null) run.kill();
  expect([ended, (await new Response(run.stdout).text()).trim()]).toEqual([0, '[{"one":1}]']);
}, 70_000);
