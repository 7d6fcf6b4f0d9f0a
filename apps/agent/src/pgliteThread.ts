import { Worker } from 'node:worker_threads';
import { errorFrom, type ThreadCall, type ThreadReply } from './pgliteThreadCalls.ts';

/** Where plugin-sql 1.7.2 keeps its one PGLite per process (`createDatabaseAdapter` makes it there unless one is there already). */
const PLUGIN_SQL_SINGLETONS = Symbol.for('@elizaos/plugin-sql/global-singletons');

type RowMode = 'array' | 'object';
interface QueryOptions {
  rowMode?: RowMode;
  parsers?: Record<number, (value: string, type: number) => unknown>;
}
type Call = ThreadCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** The part of a PGLite transaction drizzle and the House use. */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(text: string, options?: QueryOptions): Promise<unknown>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The options a call may carry across: a row mode, and parsers that keep a
 * type's text as it is (drizzle's, for dates and intervals). Any other
 * option, or a parser that changes its value, cannot cross to the thread.
 */
function portable(options: QueryOptions | undefined): { rowMode?: RowMode; rawTypes?: number[] } {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  const other = Object.keys(rest);
  if (other.length) throw new Error(`PGLite in its own thread takes no '${other.join("', '")}' option`);
  const rawTypes: number[] = [];
  for (const [type, parse] of Object.entries(parsers ?? {})) {
    if (parse('\u0001text', Number(type)) !== '\u0001text') throw new Error(`PGLite in its own thread keeps a type's text or parses it itself; type ${type}'s parser changes it`);
    rawTypes.push(Number(type));
  }
  return { ...(rowMode ? { rowMode } : {}), ...(rawTypes.length ? { rawTypes } : {}) };
}

/**
 * A PGLite that runs in a thread of its own (pgliteThreadWorker.ts), with the
 * calls plugin-sql's drizzle and the House make of one: `query`, `exec`,
 * `transaction`, `close`. Statements cost the host's thread a message each
 * way instead of PGLite's own work (its WASM, the protocol in JavaScript),
 * which at 32 tables of model players was about half of that thread's time.
 * Errors come back with their name, message and fields (`code`, `detail`).
 * The thread keeps the process alive only while a call waits.
 */
export class ThreadPglite {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private next = 1;
  private ended: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | undefined) {
    this.worker = new Worker(new URL('./pgliteThreadWorker.ts', import.meta.url), { workerData: { dataDir } });
    this.worker.unref();
    this.worker.on('message', (reply: ThreadReply) => this.settle(reply));
    const fail = (error: Error) => {
      this.ended ??= error;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', (error: Error) => fail(new Error(`PGLite's thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => fail(new Error(`PGLite's thread stopped (exit code ${code})`)));
    this.waitReady = this.call({ op: 'query', text: 'select 1' }).then(() => undefined);
    // A thread that cannot start says so to whoever waits for it, and to every call; unwaited, it is no unhandled rejection.
    this.waitReady.catch(() => undefined);
  }

  get closed(): boolean {
    return this.ended !== null;
  }

  private settle(reply: ThreadReply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (!this.waiting.size) this.worker.unref();
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(errorFrom(reply.error));
  }

  /** Sends a call; its id (a transaction is named by its `begin`'s) and its reply. */
  private send(call: Call): { id: number; reply: Promise<unknown> } {
    const id = this.next++;
    if (this.ended) return { id, reply: Promise.reject(this.ended) };
    const reply = new Promise((resolve, reject) => {
      if (!this.waiting.size) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...call, id });
    });
    return { id, reply };
  }

  private call(call: Call): Promise<unknown> {
    return this.send(call).reply;
  }

  query<T = unknown>(text: string, params?: unknown[], options?: QueryOptions): Promise<T> {
    return this.call({ op: 'query', text, ...(params ? { params } : {}), ...portable(options) }) as Promise<T>;
  }

  exec<T = unknown>(text: string, options?: QueryOptions): Promise<T> {
    return this.call({ op: 'exec', text, ...portable(options) }) as Promise<T>;
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws (or calls `rollback`). */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const begun = this.send({ op: 'begin' });
    const id = begun.id;
    await begun.reply;
    let closed = false;
    const tx: ThreadTransaction = {
      query: (text, params, options) => (closed ? Promise.reject(new Error('the transaction is closed')) : this.call({ op: 'query', tx: id, text, ...(params ? { params } : {}), ...portable(options) })),
      exec: (text, options) => (closed ? Promise.reject(new Error('the transaction is closed')) : this.call({ op: 'exec', tx: id, text, ...portable(options) })),
      rollback: async () => {
        if (closed) return;
        closed = true;
        await this.call({ op: 'end', tx: id, how: 'rollback' });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await tx.rollback().catch(() => undefined);
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, how: 'commit' });
    }
    return result;
  }

  async close(): Promise<void> {
    if (this.ended) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.ended = new Error('PGLite is closed');
    await this.worker.terminate();
  }
}

/** What plugin-sql asks of its PGLite manager (its own `PGliteClientManager`, with the database in a thread). */
export class ThreadPgliteManager {
  private readonly client: ThreadPglite;
  private shuttingDown = false;

  constructor(options: { dataDir?: string }) {
    this.client = new ThreadPglite(options.dataDir);
  }

  getConnection(): ThreadPglite {
    return this.client;
  }

  isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  async initialize(): Promise<void> {
    await this.client.waitReady;
  }

  async close(): Promise<void> {
    this.shuttingDown = true;
    await this.client.close();
  }

  setupShutdownHandlers(): void {}
}

/**
 * Has plugin-sql's PGLite, for this process, run in a thread of its own
 * (HOUSE_PGLITE_THREAD): set before the first database adapter is made, it is
 * the one every agent of the host and the server share. False when plugin-sql
 * made its own already (the first data folder of a process wins, as before).
 */
export function usePgliteThread(dataDir: string | undefined): boolean {
  const holder = globalThis as unknown as Record<symbol, { pgLiteClientManager?: unknown } | undefined>;
  const singletons = (holder[PLUGIN_SQL_SINGLETONS] ??= {});
  if (singletons.pgLiteClientManager) return singletons.pgLiteClientManager instanceof ThreadPgliteManager;
  singletons.pgLiteClientManager = new ThreadPgliteManager({ ...(dataDir ? { dataDir } : {}) });
  return true;
}
