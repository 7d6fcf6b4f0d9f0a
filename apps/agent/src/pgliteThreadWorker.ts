// The thread a host's PGLite runs in (pgliteThread.ts): the database plugin-sql
// would make (its data folder, its vector and fuzzystrmatch extensions), and
// the calls the host's thread sends, answered in the order they came.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { vector } from '@electric-sql/pglite/vector';
import { errorShape, type ThreadCall, type ThreadReply } from './pgliteThreadCalls.ts';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };
const db = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { vector, fuzzystrmatch } });

/** Open transactions, by the id the host's thread gave them, and how each is ended. */
const open = new Map<number, { tx: Transaction; end: (how: 'commit' | 'rollback', replyTo: number) => void }>();

const reply = (message: ThreadReply) => port.postMessage(message);

/** Options as PGLite takes them: a type named raw keeps its text (the parsers drizzle gives are all `(value) => value`). */
function optionsOf(call: { rowMode?: 'array' | 'object'; rawTypes?: number[] }): QueryOptions {
  const options: QueryOptions = {};
  if (call.rowMode) options.rowMode = call.rowMode;
  if (call.rawTypes?.length) options.parsers = Object.fromEntries(call.rawTypes.map((type) => [type, (value: string) => value]));
  return options;
}

/** Where a call runs: its transaction, or the database. */
function target(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const held = open.get(tx);
  if (!held) throw new Error(`transaction ${tx} is not open`);
  return held.tx;
}

async function answer(call: ThreadCall): Promise<void> {
  try {
    switch (call.op) {
      case 'query':
        return reply({ id: call.id, ok: true, value: await target(call.tx).query(call.text, call.params ?? [], optionsOf(call)) });
      case 'exec':
        return reply({ id: call.id, ok: true, value: await target(call.tx).exec(call.text, optionsOf(call)) });
      case 'begin':
        return begin(call.id);
      case 'end': {
        const held = open.get(call.tx);
        if (!held) throw new Error(`transaction ${call.tx} is not open`);
        return held.end(call.how, call.id);
      }
      case 'close':
        await db.close();
        return reply({ id: call.id, ok: true, value: null });
    }
  } catch (error) {
    reply({ id: call.id, ok: false, error: errorShape(error) });
  }
}

/** Opens a transaction under the call's id, says so once PGLite has begun it, and holds it until the host's thread ends it. */
function begin(id: number): void {
  let replyTo = id;
  let begun = false;
  void db
    .transaction(async (tx) => {
      const how = await new Promise<'commit' | 'rollback'>((resolve) => {
        open.set(id, { tx, end: (kind, to) => ((replyTo = to), resolve(kind)) });
        begun = true;
        reply({ id, ok: true, value: null });
      });
      if (how === 'rollback') await tx.rollback();
    })
    .then(
      () => reply({ id: replyTo, ok: true, value: null }),
      (error: unknown) => reply({ id: begun ? replyTo : id, ok: false, error: errorShape(error) }),
    )
    .finally(() => open.delete(id));
}

port.on('message', (call: ThreadCall) => void answer(call));
