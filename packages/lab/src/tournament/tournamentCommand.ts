import { cpus } from 'node:os';
import { hashSeed } from '@the-house/games/engine/rng.ts';
import { SingleBar } from 'cli-progress';
import { CliError } from '../cli/cliError.ts';
import { configArg, gameArg, intArg, parseCliArgs, strategiesArg } from '../cli/args.ts';
import { remoteSeat } from '../cli/seatsArg.ts';
import { remoteStandIn } from '../remote/remoteEntry.ts';
import { emptyRatings, INTERVAL_SIGMAS, leaderboard, type Ratings } from '../ratings/index.ts';
import { formatTable } from '../report/formatTable.ts';
import { meanCi95 } from '../stats/tStats.ts';
import { runRatings } from '../sweep/runRatings.ts';
import { runRuns } from '../sweep/runRuns.ts';
import type { RunResult } from '../sweep/runSpec.ts';
import { SweepStore } from '../sweep/sweepStore.ts';
import { runOnQueue } from '../queue/queueRuns.ts';
import { queueUrl, takeQueueFlags } from '../queue/queueUrl.ts';
import { loadRatings, saveRatings } from './ratingsFile.ts';
import { planTournament, standingsOf } from './roundRobin.ts';

const USAGE = 'tournament <game> --players all|a,b,... --repeats K [--seed N] [--config file.json] [--set KEY=VALUE ...] [--ratings file.json] [--workers N] [--out dir] [--queue [URL] [--no-wait]]';

/** The rating leaderboard as a table: conservative rating, mu, sigma, interval, matches, share won. */
export function formatLeaderboard(ratings: Ratings): string {
  const rows = leaderboard(ratings).map((r) => [
    r.rank,
    r.participant,
    r.ordinal.toFixed(2),
    r.mu.toFixed(2),
    r.sigma.toFixed(2),
    `${r.low.toFixed(2)} .. ${r.high.toFixed(2)}`,
    r.matches,
    r.matches ? `${((100 * r.wins) / r.matches).toFixed(1)}%` : '-',
  ]);
  return formatTable(['rank', 'participant', 'rating', 'mu', 'sigma', `95% interval (mu ± ${INTERVAL_SIGMAS} sigma)`, 'matches', 'wins'], rows);
}

/**
 * `bun run house tournament <game> ...`: a round robin played by the same
 * runner as sweeps (worker threads, progress bar, resumable with --out), its
 * standings with a t-based 95% CI of each strategy's score, and the openskill
 * leaderboard rated in plan order (optionally on top of --ratings, saved back).
 * With `--queue [URL]` the matches are played by queue workers (`runOnQueue`).
 */
export async function tournamentCommand(argv: string[]): Promise<number> {
  const { rest, queue, wait } = takeQueueFlags(argv);
  const { values, positionals } = parseCliArgs(
    rest,
    {
      players: { type: 'string' },
      repeats: { type: 'string' },
      seed: { type: 'string' },
      config: { type: 'string' },
      set: { type: 'string', multiple: true },
      ratings: { type: 'string' },
      workers: { type: 'string' },
      out: { type: 'string' },
    },
    USAGE,
  );
  const game = gameArg(positionals[0], USAGE);
  const strategies = strategiesArg(game, values.players, true, (entry) => {
    remoteSeat(game, entry, process.env);
    return remoteStandIn(entry);
  });
  const repeats = intArg(values.repeats, 'repeats', 10, 1);
  const seed = intArg(values.seed, 'seed', 1);
  const config = configArg(game, values.config, values.set ?? []);
  const workers = intArg(values.workers, 'workers', cpus().length, 0);
  const prior = values.ratings === undefined ? emptyRatings(game.id) : loadRatings(values.ratings, game.id);
  const specs = planTournament(game, config, strategies, repeats, seed);
  const plan = { tournament: game.id, config, players: strategies.map((s) => s.name), repeats, seed };
  const store = values.out === undefined || !wait ? null : SweepStore.open(values.out, plan);
  const done = store?.completed() ?? new Map<string, RunResult>();
  const failed: string[] = [];
  const started = performance.now();
  const todo = specs.filter((s) => !done.has(s.id));
  if (queue !== null) {
    // The same matches played by queue workers; the name comes from the plan, so a rerun continues it.
    const name = `tournament-${game.id}-${(hashSeed(0, JSON.stringify(plan)) >>> 0).toString(16)}`;
    const outcome = await runOnQueue(queueUrl(queue), { name, kind: 'tournament', game: game.id, plan: JSON.stringify(plan), specs, label: `tournament ${game.id}`, unit: 'matches' }, wait);
    if (!outcome) return 0;
    for (const [id, result] of outcome.results) {
      if (!done.has(id)) store?.append(result);
      done.set(id, result);
    }
    failed.push(...outcome.failed.map((f) => `${f.id}: ${f.error}`));
  } else {
    const bar = new SingleBar({ stream: process.stderr, format: `tournament ${game.id} [{bar}] {value}/{total} matches | {eta_formatted} left`, hideCursor: true });
    bar.start(specs.length, specs.length - todo.length);
    try {
      await runRuns(todo, { workers: todo.length >= 64 ? workers : 0 }, (reply) => {
        if (reply.ok) {
          done.set(reply.result.id, reply.result);
          store?.append(reply.result);
        } else {
          failed.push(`${reply.id}: ${reply.error}`);
        }
        bar.increment();
      });
    } finally {
      bar.stop();
    }
  }
  if (failed.length) throw new CliError(`${failed.length} match${failed.length > 1 ? 'es' : ''} failed, the first: ${failed[0]}`, 1);
  const elapsed = Math.round(performance.now() - started);
  const results = specs.map((s) => done.get(s.id)!);
  const standings = standingsOf(strategies, results);
  const { ratings, rated } = runRatings(game.id, results, prior);

  const ranked = standings.map((s) => ({ ...s, ...meanCi95(s.scores) })).sort((a, b) => b.mean - a.mean || b.wins - a.wins || a.strategy.localeCompare(b.strategy));
  const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const rows = ranked.map((s, i) => [i + 1, s.strategy, s.matches, fixed(s.mean), `${fixed(s.low)} .. ${fixed(s.high)}`, `${((100 * s.wins) / s.matches).toFixed(1)}%`]);
  process.stdout.write(formatTable(['rank', 'strategy', 'matches', 'mean score', '95% CI', 'wins'], rows));
  process.stdout.write(`\n${formatLeaderboard(ratings)}`);
  process.stdout.write(
    `rating = mu - 3 sigma (openskill Weng-Lin, Bradley-Terry; placings: winners first, then score); ${rated} matches rated, ${specs.length - rated} self-pairs not rated\n`,
  );
  if (values.ratings !== undefined) {
    saveRatings(values.ratings, ratings);
    const loaded = Object.keys(prior.participants).length;
    process.stdout.write(loaded ? `ratings loaded from ${values.ratings} (${loaded} participants) and saved back\n` : `ratings saved to ${values.ratings} (new file)\n`);
  }
  process.stdout.write(`${specs.length} matches (${strategies.length} strategies, every pair and self-pair, ${repeats} repeats, seed ${seed}) in ${elapsed} ms\n`);
  return 0;
}
