import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkPlayers, parseConfig } from '../../engine/config.ts';
import type { LogEntry } from '../../engine/eventLog.ts';
import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import type { AnyGame } from '../../engine/types.ts';
import { auditLog } from './audit.ts';
import type { InfluenceState } from './influenceTypes.ts';
import { renderInfluenceTimeline } from './influenceTimeline.ts';

type CliErrorClass = Awaited<ReturnType<typeof cli>>['CliError'];

const timelineOptions = {
  seed: { type: 'string', default: '1' },
  players: { type: 'string' },
  strategies: { type: 'string' },
  config: { type: 'string' },
  out: { type: 'string' },
  log: { type: 'string' },
} as const;

/** The CLI's helpers, loaded when a verb runs: a static import would close the cycle registry → game → CLI → registry. */
const cli = () => import('../../cli/commands.ts');

function timelineArgs(argv: string[], CliError: CliErrorClass) {
  try {
    return parseArgs({ args: argv, options: timelineOptions, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * `bun run house timeline influence [--seed N] [--players a,b,...] [--strategies alliance,rumour,...]
 * [--config file.json] [--out file.html] [--log file.jsonl]`: plays one headless match with
 * offline brains (strategies cycle over the seats) and writes the HTML timeline.
 */
async function timeline(game: AnyGame, argv: string[]): Promise<number> {
  const { CliError, readJsonFile } = await cli();
  const values = timelineArgs(argv, CliError);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new CliError(`--seed must be an integer, got '${values.seed}'`);
  const players = values.players !== undefined ? values.players.split(',').map((p: string) => p.trim()) : Array.from({ length: game.defaultPlayers }, (_, i) => `agent${i + 1}`);
  const playersError = checkPlayers(game, players);
  if (playersError) throw new CliError(playersError);
  const names = (values.strategies ?? Object.keys(game.strategies).join(',')).split(',').map((n) => n.trim());
  for (const n of names) if (!game.strategies[n]) throw new CliError(`unknown strategy '${n}' (known: ${Object.keys(game.strategies).join(', ')})`);
  const config = parseConfig(game, values.config !== undefined ? readJsonFile(values.config, 'config') : {});
  if (!config.ok) throw new CliError(config.error);
  const match = Match.create(game, config.value, seed, players);
  const outcome = runMatchSync(match, Object.fromEntries(players.map((p: string, i: number) => [p, game.strategies[names[i % names.length]!]!])));
  const state = match.state as InfluenceState;
  const out = values.out ?? `influence-${seed}.html`;
  writeFileSync(out, renderInfluenceTimeline(state));
  if (values.log !== undefined) writeFileSync(values.log, state.log.map((e) => JSON.stringify(e)).join('\n') + '\n');
  process.stdout.write(`${JSON.stringify({ html: out, winners: outcome.winners, rounds: state.rounds.length, head: state.publishedHead, entries: state.log.length })}\n`);
  return 0;
}

/** `bun run house audit influence <log.jsonl> [head]`: verifies a game log against the published head. */
async function audit(_game: AnyGame, argv: string[]): Promise<number> {
  const { CliError } = await cli();
  const [path, head] = argv;
  if (!path) throw new CliError('usage: audit influence <log.jsonl> [published head]');
  let entries: LogEntry[];
  try {
    entries = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogEntry);
  } catch (error) {
    throw new CliError(`cannot read log '${path}': ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = auditLog(entries, head ?? null);
  process.stdout.write(`${result.text}\n`);
  return result.ok ? 0 : 1;
}

/** Influence's extra CLI verbs; bound to the game object by `influenceGame`. */
export function influenceCommands(game: () => AnyGame): Record<string, (argv: string[]) => Promise<number>> {
  return { timeline: (argv) => timeline(game(), argv), audit: (argv) => audit(game(), argv) };
}
