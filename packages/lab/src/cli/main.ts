// `bun run house <command> ...`: the headless CLI. Results go to stdout, progress and
// logs to stderr; a bad file or argument exits non-zero with one line, never a stack trace.
import { ZodError } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { games } from '@the-house/games/registry.ts';
import { CliError, CliHelp } from './cliError.ts';
import { commands } from './commands.ts';
import { gameVerb, gameVerbList, gameVerbUsages } from '../games/labGames.ts';

const [command, ...argv] = process.argv.slice(2);

async function main(): Promise<number> {
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(usage());
    return command ? 0 : 2;
  }
  const builtin = commands.get(command);
  if (builtin) return builtin(argv);
  const custom = gameVerb(argv[0] ?? '', command);
  if (custom) return custom.run(argv.slice(1));
  throw new CliError(`unknown command '${command}' (commands: ${[...commands.keys(), ...gameVerbList()].join(', ')})`);
}

function usage(): string {
  return [
    'usage: bun run house <command> [args]',
    '  play <game> --seed N --players a,b|model:<name>[/strategy] [--config file.json] [--set KEY=VALUE ...] [--out dir] [--budget-tokens N ...]',
    '  tournament <game> --players all|a,b,... --repeats K [--seed N] [--config file.json] [--set KEY=VALUE ...] [--ratings file.json] [--queue [URL] [--no-wait]]',
    '  replay <scenario.json>',
    '  replay-match <match id | match.json | play --out dir> [--dir matches-dir]',
    '  verify-match <match file> [--key house-public-key.pem | --house URL] [--parent FILE]...   (hash chain, outcome, signature and whose key; a fork\'s parents)',
    '  show <match file>   (its outcome per seat and what it was played with)',
    '  fork <match file> --phase N [--seat ID=PLAYER]... [--seed S] [--out dir]   (play a signed match on from its Nth phase)',
    '  seat-check a2a|http <url> | openai <base url> --model M | mcp [--port N]   [--move-ms MS]   (is a remote agent ready to play?)',
    '  sweep <game> --seeds N --rounds R --players N --population p:n,... --treatment key=v1,v2 [--set KEY=VALUE ...] [--out dir] [--queue [URL] [--no-wait]]',
    '  sweep <game> --help   (the game\'s config keys, the values they take, its strategies)',
    '  worker [--queue URL] [--concurrency N] [--model-runs M] [--games a,b] [--provider-share F] [--grace S]',
    '  sweep-status [NAME] [--queue URL]',
    '  reproduce <preset> [--seeds N] [--out dir] [--queue [URL]]   (a named, fixed experiment: results.csv, report.md with PNG plots, manifest.json)',
    ...gameVerbUsages().map((line) => `  ${line}`),
    `games: ${Object.keys(games).join(', ')}`,
    '',
  ].join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliHelp) {
      process.stdout.write(`${error.message}\n`);
      process.exit(0);
    }
    // A schema's refusal that slipped past a command's own checks is still one line, not zod's JSON.
    const expected = error instanceof CliError || error instanceof ZodError;
    const message = error instanceof CliError ? error.message : error instanceof ZodError ? formatZodError(error) : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exit(error instanceof CliError ? error.code : expected ? 2 : 1);
  },
);
