import { CliError } from '../cli/cliError.ts';

const WHERE = '--queue postgresql://user:password@host:5432/db, HOUSE_QUEUE_URL or POSTGRES_URL';

/** A PostgreSQL URL with its password replaced by `***`, for logs and errors (text that is not a URL is hidden whole). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<not a URL>';
  }
}

/** `text` with every appearance of the URL's password replaced, for an error that may quote the connection string. */
export function redactIn(text: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return text.split(url).join(redactUrl(url));
  }
  const plain = text.split(url).join(redactUrl(url));
  return password ? plain.split(password).join('***') : plain;
}

/**
 * The queue's PostgreSQL: `--queue URL`, else HOUSE_QUEUE_URL, else
 * POSTGRES_URL (the House's own database, where the queue can live beside
 * it). A missing or malformed URL is a one-line error that says where to put one.
 */
export function queueUrl(flag: string | undefined, env: Record<string, string | undefined> = process.env): string {
  const url = flag || env.HOUSE_QUEUE_URL || env.POSTGRES_URL;
  if (!url) throw new CliError(`no queue database: give ${WHERE}`);
  if (url.length > 4096) throw new CliError('the queue URL is longer than 4096 characters');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`the queue URL ${redactUrl(url)} is not a URL: give ${WHERE}`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new CliError(`the queue URL ${redactUrl(url)} is not a postgres:// or postgresql:// URL`);
  return url;
}

export interface QueueFlags {
  /** The arguments left for the command's own parser. */
  rest: string[];
  /** `--queue` given: its URL (undefined: take it from the environment); null without `--queue`. */
  queue: string | undefined | null;
  wait: boolean;
}

/**
 * Takes `--queue [URL]` (or `--queue=URL`) and `--no-wait` out of a command's
 * arguments. The URL is the next argument only when it holds `://`, so
 * `--queue` may stand anywhere without a value.
 */
export function takeQueueFlags(argv: readonly string[]): QueueFlags {
  const rest: string[] = [];
  let queue: string | undefined | null = null;
  let wait = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--no-wait') wait = false;
    else if (arg.startsWith('--queue=')) queue = arg.slice('--queue='.length);
    else if (arg === '--queue') queue = argv[i + 1]?.includes('://') ? argv[++i] : undefined;
    else rest.push(arg);
  }
  if (!wait && queue === null) throw new CliError('--no-wait needs --queue (a local run has nothing to leave running)');
  return { rest, queue, wait };
}
