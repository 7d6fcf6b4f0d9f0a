import { readBundle } from '../models/matchBundle.ts';
import { provenanceLines } from '../provenance/provenanceLines.ts';
import { CliError } from './cliError.ts';
import { parseCliArgs } from './args.ts';

const USAGE = 'show <match file>';

/** `bun run house show <file>`: a match file's outcome per seat and its provenance, in plain lines. */
export async function showCommand(argv: string[]): Promise<number> {
  const { positionals } = parseCliArgs(argv, {}, USAGE);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new CliError(`usage: ${USAGE}`);
  const read = readBundle(file, '.');
  if (!read.ok) throw new CliError(read.error);
  process.stdout.write(`${provenanceLines(read.bundle).join('\n')}\n`);
  return 0;
}
