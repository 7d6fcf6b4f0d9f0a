import { cpus } from 'node:os';
import { games } from '@the-house/games/registry.ts';
import { CliError } from '../cli/cliError.ts';
import { intArg, parseCliArgs } from '../cli/args.ts';
import { parsePriceTable } from '../models/priceTable.ts';
import { queueUrl } from './queueUrl.ts';
import { DEFAULT_BATCH, startQueueWorker } from './queueWorker.ts';
import { printable } from '../cli/printable.ts';

const USAGE = 'worker [--queue URL] [--concurrency N] [--model-runs M] [--games a,b] [--provider-share F] [--grace S] [--batch B]';

function bounded(text: string | undefined, name: string, fallback: number, min: number, max: number): number {
  const n = intArg(text, name, fallback, min);
  if (n > max) throw new CliError(`--${name} must be at most ${max}, got '${text}'`);
  return n;
}

/**
 * `bun run house worker`: plays sweep and tournament runs from the queue
 * (`--queue URL`, HOUSE_QUEUE_URL or POSTGRES_URL) until stopped. Start one
 * per machine, any number of machines. `--concurrency` baseline runs at once
 * (default: the machine's cores), `--model-runs` runs with model seats at
 * once (default HOUSE_SWEEP_MODEL_JOBS or 4; none without OPENAI_API_KEY),
 * `--provider-share` the part of each provider's limits (HOUSE_MODEL_*,
 * HOUSE_PROVIDER_LIMITS) this worker may use, e.g. 0.5 for each of two
 * workers sharing one account. SIGTERM or Ctrl-C: the runs in hand finish
 * (for up to `--grace` seconds, default 60; the rest go back to the queue),
 * then it exits; a second signal exits at once (its runs come back to the
 * queue when their heartbeat lapses). `--batch` baseline jobs are taken per
 * fetch (default 8: one commit per batch; 1 spreads a small sweep, or one of
 * long runs, over every worker).
 */
export async function workerCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    { queue: { type: 'string' }, concurrency: { type: 'string' }, 'model-runs': { type: 'string' }, games: { type: 'string' }, 'provider-share': { type: 'string' }, grace: { type: 'string' }, batch: { type: 'string' } },
    USAGE,
  );
  if (positionals.length) throw new CliError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`);
  const url = queueUrl(values.queue);
  const known = Object.keys(games);
  const chosen = values.games === undefined ? known : [...new Set(values.games.split(',').map((g) => g.trim()))];
  for (const game of chosen) if (!known.includes(game)) throw new CliError(`unknown game '${game}' in --games (games: ${known.join(', ')})`);
  const concurrency = bounded(values.concurrency, 'concurrency', cpus().length, 1, 256);
  const env: Record<string, string | undefined> = { ...process.env };
  let modelRuns = bounded(values['model-runs'] ?? env.HOUSE_SWEEP_MODEL_JOBS, 'model-runs', 4, 0, 256);
  if (values['provider-share'] !== undefined) {
    const share = Number(values['provider-share']);
    if (!(share > 0 && share <= 1)) throw new CliError(`--provider-share must be a number above 0 and at most 1, got '${values['provider-share']}'`);
    env.HOUSE_PROVIDER_SHARE = String(share);
  }
  const graceMs = bounded(values.grace, 'grace', 60, 0, 86_400) * 1000;
  const batch = bounded(values.batch, 'batch', DEFAULT_BATCH, 1, 256);
  const prices = parsePriceTable(env.HOUSE_PRICES);
  if (!prices.ok) throw new CliError(prices.error);
  // Job ids and run errors come from the queue's database and from runs: printed escaped, one line each.
  const log = (line: string) => process.stderr.write(`${printable(line)}\n`);
  if (modelRuns > 0 && !env.OPENAI_API_KEY) {
    log('no OPENAI_API_KEY: this worker takes no runs with model seats (set it, and OPENAI_BASE_URL for a server other than OpenAI, to take them)');
    modelRuns = 0;
  }
  const worker = await startQueueWorker({ url, concurrency, modelRuns, batch, games: chosen, prices: prices.table, env, log });
  return new Promise<number>((resolve) => {
    let signals = 0;
    const onSignal = (signal: string) => {
      signals += 1;
      if (signals > 1) {
        log(`${signal} again: exiting now; the runs in hand come back to the queue when their heartbeat lapses`);
        process.exit(130);
      }
      log(`${signal}: finishing the runs in hand (up to ${graceMs / 1000} s; the rest go back to the queue)`);
      void worker.stop(graceMs).then(() => {
        const c = worker.counts();
        log(`worker stopped: ${c.played} runs played, ${c.failed} failed, ${c.skipped} already done elsewhere`);
        resolve(0);
      });
    };
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));
  });
}
