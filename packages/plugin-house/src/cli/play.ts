import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Match } from '../engine/match.ts';
import { runMatchSync } from '../engine/runner.ts';
import type { PlayerId } from '../engine/types.ts';
import { matchReportHtml, type MatchReportInput } from '../report/matchReport.ts';
import { CliError } from './commands.ts';
import { configArg, gameArg, intArg, parseCliArgs, playerIds, strategiesArg, strategyTable } from './args.ts';

const USAGE = 'play <game> --seed N --players a,b [--config file.json] [--out dir]';

/** Left-aligned text columns, right-aligned numbers. */
export function formatTable(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const width = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join('  ').trimEnd();
  return [line(header), line(width.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n') + '\n';
}

/**
 * One match with strategy brains. Progress goes to stderr, the summary table to
 * stdout; the hash-chained event log (events.jsonl) and the final state
 * (state.json, with outcome and chain head) go to --out, default out/<game>-<seed>/,
 * with the game's own artifacts (report.html, per-round logs) or the generic report.
 */
export async function playCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    { seed: { type: 'string' }, players: { type: 'string' }, config: { type: 'string' }, out: { type: 'string' } },
    USAGE,
  );
  const game = gameArg(positionals[0], USAGE);
  if (positionals.length > 1) throw new CliError(`unexpected argument '${positionals[1]}'\nusage: ${USAGE}`);
  const seed = intArg(values.seed, 'seed', 1);
  const config = configArg(game, values.config);
  const strategies = strategiesArg(game, values.players, false);
  const ids = playerIds(strategies);
  if (ids.length < game.minPlayers || ids.length > game.maxPlayers) {
    throw new CliError(`${game.id} needs ${game.minPlayers} to ${game.maxPlayers} players, got ${ids.length}`);
  }
  const out = values.out ?? join('out', `${game.id}-${seed}`);

  const match = Match.create(game, config, seed, ids);
  const rounds: MatchReportInput['rounds'] = [];
  const outcome = runMatchSync(match, strategyTable(ids, strategies), (record) => {
    const scores: Record<PlayerId, number> = {};
    for (const id of ids) scores[id] = game.score(match.state, id);
    rounds.push({ round: record.round, scores, events: record.events });
    process.stderr.write(`\r\x1b[K${game.id} seed ${seed}: round ${record.round} (${ids.map((id) => `${id} ${scores[id]}`).join(', ')})`);
  });
  process.stderr.write('\n');

  const artifacts = game.artifacts
    ? await game.artifacts(match.state, match.log!.entries)
    : { 'report.html': matchReportHtml({ title: `${game.title} match`, seed, players: ids, outcome, scoreName: game.scoreName, rounds }) };
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'events.jsonl'), match.log!.toJSONL());
    writeFileSync(join(out, 'state.json'), `${JSON.stringify({ game: game.id, seed, players: ids, outcome, head: match.log!.head, state: match.state }, null, 2)}\n`);
    for (const [name, text] of Object.entries(artifacts)) {
      mkdirSync(dirname(join(out, name)), { recursive: true });
      writeFileSync(join(out, name), text);
    }
  } catch (error) {
    throw new CliError(`cannot write to '${out}': ${error instanceof Error ? error.message : String(error)}`);
  }

  const rows = ids.map((id, i) => [id, strategies[i]!.name, game.score(match.state, id), game.alive(match.state, id) ? 'yes' : 'no', outcome.winners.includes(id) ? 'winner' : '']);
  process.stdout.write(formatTable(['player', 'strategy', 'score', 'alive', 'result'], rows));
  process.stdout.write(`${outcome.kind ?? 'unfinished'} after ${match.state.round} rounds; winners: ${outcome.winners.join(', ') || 'none'}\n`);
  process.stdout.write(`event log: ${join(out, 'events.jsonl')} (${match.log!.entries.length} entries, head ${match.log!.head.slice(0, 16)})\n`);
  process.stdout.write(`files: ${Object.keys(artifacts).map((name) => join(out, name)).join(', ')}\n`);
  return 0;
}
