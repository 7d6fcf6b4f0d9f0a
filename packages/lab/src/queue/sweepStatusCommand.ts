import { CliError } from '../cli/cliError.ts';
import { parseCliArgs } from '../cli/args.ts';
import { dbError, openLabDb } from './labDb.ts';
import { queueUrl, redactUrl } from './queueUrl.ts';
import { progressLine, sweepProgress } from './sweepProgress.ts';

const USAGE = 'sweep-status [NAME] [--queue URL]';

/**
 * `bun run house sweep-status [NAME]`: how far the sweeps and tournaments on
 * the queue are (one, or the 50 newest), one line each. Exit 1 when the named
 * one is not on the queue.
 */
export async function sweepStatusCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { queue: { type: 'string' } }, USAGE);
  if (positionals.length > 1) throw new CliError(`give one sweep name at most\nusage: ${USAGE}`);
  const name = positionals[0];
  if (name !== undefined && !/^[\w.-]{1,200}$/.test(name)) throw new CliError(`'${name.slice(0, 200)}' is not a sweep name (names look like sweep-goldmine-1a2b3c4d)`);
  const url = queueUrl(values.queue);
  const sql = await openLabDb(url, 1);
  try {
    const rows = await sweepProgress(sql, { name });
    if (rows.length === 0) {
      process.stderr.write(name ? `no sweep named ${name} on the queue at ${redactUrl(url)} (sweep-status without a name lists them)\n` : `no sweeps on the queue at ${redactUrl(url)} yet (start one with sweep ... --queue)\n`);
      return name ? 1 : 0;
    }
    for (const row of rows) process.stdout.write(`${progressLine(row)}\n`);
    return 0;
  } catch (error) {
    throw error instanceof CliError ? error : dbError(url, error);
  } finally {
    await sql.close().catch(() => {});
  }
}
