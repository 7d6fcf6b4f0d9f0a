// `bun run house <command> ...`: the headless CLI. Results go to stdout, progress and
// logs to stderr; a bad file or argument exits non-zero with one line, never a stack trace.
import { games } from '../games/registry.ts';
import { CliError, commands } from './commands.ts';

const [command, ...argv] = process.argv.slice(2);

async function main(): Promise<number> {
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(usage());
    return command ? 0 : 2;
  }
  const builtin = commands[command];
  if (builtin) return builtin(argv);
  const game = games[argv[0] ?? ''];
  const custom = game?.commands?.[command];
  if (custom) return custom(argv.slice(1));
  throw new CliError(`unknown command '${command}' (commands: ${[...Object.keys(commands), ...gameVerbs()].join(', ')})`);
}

/** Verbs a game adds (`sweep goldmine`, `analyze cafe`, ...). */
function gameVerbs(): string[] {
  return Object.entries(games).flatMap(([id, g]) => Object.keys(g.commands ?? {}).map((verb) => `${verb} ${id}`));
}

function usage(): string {
  return [
    'usage: bun run house <command> [args]',
    '  play <game> --seed N --players a,b|model:<name>[/strategy] [--config file.json] [--out dir] [--budget-tokens N ...]',
    '  tournament <game> --players all|a,b,... --repeats K [--seed N] [--config file.json] [--ratings file.json]',
    '  replay <scenario.json>',
    '  replay-match <match id | match.json | play --out dir> [--dir matches-dir]',
    '  sweep goldmine --seeds N --rounds R --players N --population p:n,... --treatment key=v1,v2 [--out dir]',
    '  analyze cafe <out-dir|events.jsonl> [--html report.html]',
    '  logs cafe <out-dir|events.jsonl> [--out dir]',
    `game verbs: ${gameVerbs().join(', ')}`,
    `games: ${Object.keys(games).join(', ')}`,
    '',
  ].join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof CliError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exit(error instanceof CliError ? error.code : 1);
  },
);
