import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkPlayers } from '@the-house/games/engine/config.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import { labGameOf } from '../games/labGames.ts';
import { matchReportHtml, type MatchReportInput } from '../report/matchReport.ts';
import { CliError } from './cliError.ts';
import { configArg, gameArg, intArg, parseCliArgs } from './args.ts';
import { localKeyArg, seatsArg } from './seatsArg.ts';
import { signaturePath, signMatchFile } from '../signing/matchSignature.ts';
import type { McpSeatDesk } from '../remote/mcpSeatDesk.ts';
import { hostMcpSeats } from '../remote/mcpSeatHost.ts';
import { applyOptionFlag, matchOptionsProblem, matchOptionsSchema, type MatchOptions } from '../seats/matchOptions.ts';
import { BUNDLE_FORMAT, promptFileSink, type MatchBundle } from '../models/matchBundle.ts';
import { emptyRecord, MatchRecorder, type SeatUsage } from '../models/matchRecorder.ts';
import { parsePriceTable } from '../models/priceTable.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { formatTable } from '../report/formatTable.ts';
import { resultNote } from '../results/resultNote.ts';
import { seatResults, type SeatResultRow, type SeatResults } from '../results/seatResults.ts';
import { seatOwner } from '../seats/seatOwner.ts';
import type { SeatClockState } from '../remote/seatClock.ts';
import { tellMatchEnd } from '../remote/tellMatchEnd.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { matchProvenance } from '../provenance/matchProvenance.ts';
import { headlessSeatsProvenance } from '../provenance/headlessSeatProvenance.ts';

const USAGE =
  'play <game> --seed N --players a,b|model:<name>[/strategy]|a2a:<url>|http:<url>|openai:<base url>#<model>|mcp,... [--config file.json] [--set KEY=VALUE ...] [--out dir] [--budget-tokens N] [--budget-cost X] [--player-budget-tokens N] [--player-budget-cost X] [--history-rounds K] [--deadline-ms MS] [--mcp-port N] [--mcp-wait-ms MS]';

/** A decision may wait at most a day: past 2^31-1 ms a timer fires at once. */
const MAX_DEADLINE_MS = 86_400_000;

const OPTION_FLAGS = ['budget-tokens', 'budget-cost', 'player-budget-tokens', 'player-budget-cost', 'history-rounds'] as const;

/** The match options (budgets, history window) from the CLI flags; the same schema `!play` uses. */
function optionsArg(values: Record<string, unknown>): MatchOptions {
  const raw: Record<string, unknown> = {};
  for (const flag of OPTION_FLAGS) {
    const value = values[flag];
    if (typeof value !== 'string') continue;
    const error = applyOptionFlag(raw, `--${flag}`, value);
    if (error) throw new CliError(error);
  }
  const parsed = matchOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new CliError(matchOptionsProblem(parsed.error));
  return parsed.data;
}

/** The usage table of the model seats: calls, tokens, cost, and how often answers needed help. */
function usageTable(usage: Record<string, SeatUsage>, ids: PlayerId[]): string {
  const rows = ids
    .filter((id) => { const u = ownValue(usage, id); return u !== undefined && u.calls + u.baseline > 0; })
    .map((id) => {
      const u = ownValue(usage, id)!;
      return [id, u.calls, u.tokensIn, u.tokensOut, u.cost.toFixed(4), u.retries, u.invalid, u.repairs, u.fallbacks, u.baseline];
    });
  return rows.length ? formatTable(['player', 'calls', 'tokens in', 'tokens out', 'cost', 'retries', 'invalid', 'repairs', 'fallbacks', 'baseline'], rows) : '';
}

/** Each seat's result (decided, forfeit, void) from the match's record, its remote seats' clocks and the game's ending. */
function headlessResults(match: Match, ids: PlayerId[], seats: Record<PlayerId, HeadlessSeat>, recorder: MatchRecorder, outcome: Outcome): SeatResults {
  const { game, state } = match;
  const clocks = new Map<PlayerId, SeatClockState>();
  for (const id of ids) {
    const seat = ownValue(seats, id);
    if (seat?.kind === 'remote') clocks.set(id, seat.line.clock);
  }
  const scores = Object.fromEntries(ids.map((id) => [id, game.score(state, id)]));
  return seatResults(outcome, recorder.record, { players: ids, scores, ownerOf: (id) => seatOwner(state, id), clocks });
}

/** Each seat's result, and each remote seat (an MCP seat through its desk) told its own once the match is over (`tellMatchEnd`: a few seconds at most). */
async function resultsTold(match: Match, ids: PlayerId[], seats: Record<PlayerId, HeadlessSeat>, recorder: MatchRecorder, outcome: Outcome, matchId: string): Promise<SeatResults> {
  process.stderr.write('\n');
  const results = headlessResults(match, ids, seats, recorder, outcome);
  const remote = ids.flatMap((id) => {
    const seat = ownValue(seats, id);
    return seat?.kind === 'remote' ? [{ seat: id, client: seat.line.client }] : [];
  });
  if (outcome.over) await tellMatchEnd(remote, results, { match: matchId, game: match.game.id }, (detail) => process.stderr.write(`detail: ${detail}\n`));
  return results;
}

/** A seat's word in the result column: `winner`, or how it forfeited or is void; nothing for a decided seat, or before the match is over. */
const resultWord = (row: SeatResultRow, outcome: Outcome): string => (row.won ? 'winner' : row.class === 'decided' || !outcome.over ? '' : row.class);

/**
 * Why each seat forfeited or is void, then how the match ended: the game's own
 * words, and the winners by the results (README, "Results"), the game's words
 * marked as its own when a winner they name forfeited or is void.
 */
function endingLines(match: Match, outcome: Outcome, results: SeatResults): string {
  const notes = outcome.over ? results.seats.flatMap((r) => resultNote(r) ?? []) : [];
  const ending = describeOutcome(match.game.id, match.state);
  const named = results.winners.join(',') === outcome.winners.join(',');
  const last = `${outcome.kind ?? 'unfinished'} after ${match.state.round} rounds; winners: ${results.winners.join(', ') || 'none'}${ending ? ` (${named ? '' : 'in the game: '}${ending})` : ''}`;
  return [...notes, last].map((line) => `${line}\n`).join('');
}

/**
 * The run's MCP seats, served on loopback (`--mcp-port`, else any free port):
 * each one's address (with its token) printed for its agent, then a wait of
 * up to `--mcp-wait-ms` (default two minutes) for every agent's first call,
 * so no turn goes out before its agent is there.
 */
async function mcpSeatsReady(mcp: Array<{ id: PlayerId; desk: McpSeatDesk }>, values: Record<string, unknown>): Promise<{ stop(): void }> {
  const port = intArg(values['mcp-port'] as string | undefined, 'mcp-port', 0, 0, 65_535);
  const waitMs = intArg(values['mcp-wait-ms'] as string | undefined, 'mcp-wait-ms', 120_000, 1_000, MAX_DEADLINE_MS);
  let hosted: ReturnType<typeof hostMcpSeats>;
  try {
    hosted = hostMcpSeats(mcp, port);
  } catch (error) {
    throw new CliError(`cannot serve the MCP seats on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const seat of hosted.seats) process.stdout.write(`connect the MCP agent of seat ${seat.id} to: ${seat.url}\n`);
  const came = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(hosted.seats.filter((s) => !came.has(s.id)).map((s) => s.id).join(', ')), waitMs)));
  const all = Promise.all(hosted.seats.map((s) => hosted.connected(s.id).then(() => void came.add(s.id)))).then(() => '');
  const missing = await Promise.race([all, late]).finally(() => clearTimeout(timer));
  if (missing) {
    hosted.stop();
    throw new CliError(`no MCP agent called within ${waitMs} ms for seat ${missing}; start it with the address printed above (or give it longer with --mcp-wait-ms)`);
  }
  return hosted;
}

/**
 * One match headless: baselines, or models behind any OpenAI-compatible
 * server, every answer recorded. Progress goes to stderr, the summary (and the
 * model seats' usage) to stdout; --out (default out/<game>-<seed>/) gets the
 * hash-chained event log (events.jsonl), the final state (state.json), the
 * match file `replay-match` replays (match.json, prompts beside it, signed
 * with the local key in match.sig.json: `localKey`), and the
 * game's own artifacts (report.html, per-round logs) or the generic report.
 */
export async function playCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    {
      seed: { type: 'string' },
      players: { type: 'string' },
      config: { type: 'string' },
      set: { type: 'string', multiple: true },
      out: { type: 'string' },
      'deadline-ms': { type: 'string' },
      'mcp-port': { type: 'string' },
      'mcp-wait-ms': { type: 'string' },
      ...Object.fromEntries(OPTION_FLAGS.map((f) => [f, { type: 'string' as const }])),
    },
    USAGE,
  );
  const game = gameArg(positionals[0], USAGE);
  if (positionals.length > 1) throw new CliError(`unexpected argument '${positionals[1]}'\nusage: ${USAGE}`);
  const seed = intArg(values.seed as string | undefined, 'seed', 1);
  const config = configArg(game, values.config as string | undefined, (values.set as string[] | undefined) ?? []);
  const { ids, seats, mcp } = seatsArg(game, values.players as string | undefined);
  const seatsError = checkPlayers(game, ids);
  if (seatsError) throw new CliError(seatsError);
  const options = optionsArg(values);
  const deadline = values['deadline-ms'] === undefined ? undefined : intArg(values['deadline-ms'] as string, 'deadline-ms', 0, 1, MAX_DEADLINE_MS);
  const prices = parsePriceTable(process.env.HOUSE_PRICES);
  if (!prices.ok) throw new CliError(prices.error);
  const out = (values.out as string | undefined) ?? join('out', `${game.id}-${seed}`);
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw new CliError(`cannot write to '${out}': ${error instanceof Error ? error.message : String(error)}`);
  }
  const local = localKeyArg(process.env);

  const matchId = `${game.id}-${seed}`;
  const match = Match.create(game, config, seed, ids);
  const models = Object.values(seats).some((s) => s.kind === 'model' || s.kind === 'remote');
  const recorder = new MatchRecorder(matchId, emptyRecord(), prices.table, models ? promptFileSink(out, 'match') : null);
  const rounds: MatchReportInput['rounds'] = [];
  const hosted = mcp.length ? await mcpSeatsReady(mcp, values) : null;
  const { outcome, paused, results } = await playRecorded(match, seats, recorder, {
    matchId,
    budget: options.budget,
    window: { historyRounds: options.historyRounds },
    deadlineMs: deadline,
    onRound: (record) => {
      const scores: Record<PlayerId, number> = {};
      for (const id of ids) scores[id] = game.score(match.state, id);
      rounds.push({ round: record.round, scores, events: record.events });
      process.stderr.write(`\r\x1b[K${game.id} seed ${seed}: round ${record.round} (${ids.map((id) => `${id} ${scores[id]}`).join(', ')})`);
    },
  })
    // Told before the MCP seats' server stops: an agent polling its seat reads the end there.
    .then(async (ended) => ({ ...ended, results: await resultsTold(match, ids, seats, recorder, ended.outcome, matchId) }))
    .finally(() => hosted?.stop());

  const ownArtifacts = labGameOf(game.id)?.artifacts;
  const artifacts = ownArtifacts
    ? ownArtifacts(match.state, match.log!.entries)
    : { 'report.html': matchReportHtml({ title: `${game.title} match`, game: game.id, state: match.state, seed, players: ids, outcome, scoreName: game.scoreName, rounds }) };
  const bundle: MatchBundle = {
    format: BUNDLE_FORMAT,
    id: matchId,
    game: game.id,
    seed,
    config,
    players: ids,
    options,
    status: paused ? 'paused' : 'finished',
    outcome,
    head: match.log!.head,
    log: [...match.log!.entries],
    record: recorder.record,
    provenance: matchProvenance({ game, config, seed, players: ids, seats: headlessSeatsProvenance(ids, seats) }),
  };
  try {
    writeFileSync(join(out, 'events.jsonl'), match.log!.toJSONL());
    writeFileSync(join(out, 'state.json'), `${JSON.stringify({ game: game.id, seed, players: ids, outcome, results, head: match.log!.head, state: match.state }, null, 2)}\n`);
    writeFileSync(join(out, 'match.json'), `${JSON.stringify(bundle)}\n`);
    signMatchFile(join(out, 'match.json'), matchId, bundle.head, local.key);
    for (const [name, text] of Object.entries(artifacts)) {
      mkdirSync(dirname(join(out, name)), { recursive: true });
      writeFileSync(join(out, name), text);
    }
  } catch (error) {
    throw new CliError(`cannot write to '${out}': ${error instanceof Error ? error.message : String(error)}`);
  }

  const brainName = (id: PlayerId) => {
    const seat = ownValue(seats, id)!;
    return seat.kind === 'offline' ? seat.strategy.name : seat.kind === 'remote' ? `remote ${seat.line.entrant}` : `model ${seat.client.model}`;
  };
  const rows = ids.map((id, i) => [id, brainName(id), game.score(match.state, id), game.alive(match.state, id) ? 'yes' : 'no', resultWord(results.seats[i]!, outcome)]);
  process.stdout.write(formatTable(['player', 'strategy', 'score', 'alive', 'result'], rows));
  if (models) process.stdout.write(usageTable(recorder.usage(), ids));
  if (paused) process.stdout.write(`paused at round ${match.state.round}: ${paused}\n`);
  process.stdout.write(endingLines(match, outcome, results));
  process.stdout.write(`event log: ${join(out, 'events.jsonl')} (${match.log!.entries.length} entries, head ${match.log!.head.slice(0, 16)})\n`);
  process.stdout.write(`files: ${['match.json', ...Object.keys(artifacts)].map((name) => join(out, name)).join(', ')}\n`);
  process.stdout.write(`signed: ${signaturePath(join(out, 'match.json'))} with the local key ${local.fingerprint} (bun run house verify-match ${join(out, 'match.json')} --key ${local.publicKeyPath})\n`);
  return 0;
}
