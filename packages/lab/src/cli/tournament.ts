import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { Match } from '@the-house/games/engine/match.ts';
import { hashSeed } from '@the-house/games/engine/rng.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { AnyGame, Strategy } from '@the-house/games/engine/types.ts';
import { emptyRatings, INTERVAL_SIGMAS, leaderboard, matchResult, parseRatings, rateMatch, ratingsJson, type Ratings } from '../ratings/index.ts';
import { configArg, gameArg, intArg, parseCliArgs, playerIds, strategiesArg, strategyTable } from './args.ts';
import { CliError } from './cliError.ts';
import { readJsonFile } from './readJsonFile.ts';
import { formatTable } from './play.ts';

// jstat ships no type declarations; this is the one function used from it.
const { jStat } = createRequire(import.meta.url)('jstat') as { jStat: { studentt: { inv(p: number, dof: number): number } } };

const USAGE = 'tournament <game> --players all|a,b,... --repeats K [--seed N] [--config file.json] [--ratings file.json]';

export interface Standing {
  strategy: string;
  /** One score per side played (a self-pair gives two). */
  scores: number[];
  wins: number;
  matches: number;
}

export interface RoundRobinResult {
  standings: Standing[];
  /** `prior` after every match, rated in the order played. */
  ratings: Ratings;
  /** Matches that moved the ratings (self-pairs do not: see `rateMatch`). */
  rated: number;
}

/**
 * Axelrod-style round robin of 2-player matches: every unordered pair of the
 * listed strategies, self-pairs included (a strategy meets a copy of itself),
 * each played `repeats` times with seeds derived from the base seed, the pair
 * and the repeat. Strategies are scored by the game's final score per side, and
 * rated by their placings (see `ratings/`), each match as soon as it is played.
 *
 * Matches are played repeat by repeat, every pair once per repeat, because an
 * online rating weighs recent results more: playing a pair's repeats back to
 * back let whichever pair came last decide the leaderboard (in Trust, a strategy
 * that won 76% of its matches ranked fifth). Seeds do not depend on the order,
 * so the scores are the same either way.
 */
export function playRoundRobin(
  game: AnyGame,
  config: unknown,
  strategies: Strategy<any, any>[],
  repeats: number,
  seed: number,
  prior: Ratings,
  onMatch?: (done: number, total: number) => void,
): RoundRobinResult {
  const standings = strategies.map((s) => ({ strategy: s.name, scores: [] as number[], wins: 0, matches: 0 }));
  let ratings = prior;
  let rated = 0;
  const pairings = strategies.flatMap((_, i) =>
    strategies.slice(i).map((_, offset) => {
      const sides = [i, i + offset] as const;
      const pair = sides.map((side) => strategies[side]!);
      const ids = playerIds(pair);
      return { sides, pair, ids, table: strategyTable(ids, pair) };
    }),
  );
  const total = pairings.length * repeats;
  let done = 0;
  for (let k = 0; k < repeats; k++) {
    for (const { sides, pair, ids, table } of pairings) {
      const match = Match.create(game, config, hashSeed(seed, 'tournament', pair[0]!.name, pair[1]!.name, k), ids, { log: false });
      const outcome = runMatchSync(match, table);
      const seats = ids.map((id, side) => ({ player: id, participant: pair[side]!.name, score: game.score(match.state, id) }));
      const next = rateMatch(ratings, matchResult(outcome, seats));
      if (next !== ratings) rated += 1;
      ratings = next;
      for (const [side, seat] of seats.entries()) {
        const standing = standings[sides[side]!]!;
        standing.scores.push(seat.score);
        standing.matches += 1;
        if (outcome.winners.includes(seat.player)) standing.wins += 1;
      }
      onMatch?.(++done, total);
    }
  }
  return { standings, ratings, rated };
}

/** The round robin's standings alone. */
export function roundRobin(game: AnyGame, config: unknown, strategies: Strategy<any, any>[], repeats: number, seed: number, onMatch?: (done: number, total: number) => void): Standing[] {
  return playRoundRobin(game, config, strategies, repeats, seed, emptyRatings(game.id), onMatch).standings;
}

/** Mean with a 95% confidence interval from Student's t. */
export function meanCi(values: number[]): { mean: number; half: number } {
  if (values.length === 0) return { mean: NaN, half: NaN };
  const m = mean(values);
  if (values.length < 2) return { mean: m, half: NaN };
  const t = jStat.studentt.inv(0.975, values.length - 1);
  return { mean: m, half: (t * sampleStandardDeviation(values)) / Math.sqrt(values.length) };
}

/** Prior ratings from `path`: none yet if the file does not exist; an unreadable, malformed or other game's file is an error. */
export function loadRatings(path: string, game: string): Ratings {
  if (!existsSync(path)) return emptyRatings(game);
  const parsed = parseRatings(readJsonFile(path, 'ratings'));
  if (!parsed.ok) throw new CliError(`ratings file '${path}' is malformed: ${parsed.error}`);
  if (parsed.value.game !== game) throw new CliError(`ratings file '${path}' holds ${parsed.value.game} ratings, not ${game}`);
  return parsed.value;
}

/** Written beside the target and renamed over it, so an interrupted save leaves the previous ratings whole. */
export function saveRatings(path: string, ratings: Ratings): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, ratingsJson(ratings));
    renameSync(temporary, path);
  } catch (error) {
    throw new CliError(`cannot write ratings file '${path}': ${error instanceof Error ? error.message : String(error)}`);
  }
}

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
  return formatTable(['rank', 'participant', 'rating', 'mu', 'sigma', `mu ± ${INTERVAL_SIGMAS} sigma`, 'matches', 'wins'], rows);
}

export async function tournamentCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    { players: { type: 'string' }, repeats: { type: 'string' }, seed: { type: 'string' }, config: { type: 'string' }, ratings: { type: 'string' } },
    USAGE,
  );
  const game = gameArg(positionals[0], USAGE);
  const strategies = strategiesArg(game, values.players, true);
  const repeats = intArg(values.repeats, 'repeats', 10, 1);
  const seed = intArg(values.seed, 'seed', 1);
  const config = configArg(game, values.config);
  const prior = values.ratings === undefined ? emptyRatings(game.id) : loadRatings(values.ratings, game.id);
  const started = performance.now();
  const { standings, ratings, rated } = playRoundRobin(game, config, strategies, repeats, seed, prior, (done, total) => {
    if (done % 50 === 0 || done === total) process.stderr.write(`\r\x1b[Ktournament ${game.id}: ${done}/${total} matches`);
  });
  const elapsed = Math.round(performance.now() - started);
  process.stderr.write(`\n`);

  const ranked = standings.map((s) => ({ ...s, ...meanCi(s.scores) })).sort((a, b) => b.mean - a.mean || b.wins - a.wins || a.strategy.localeCompare(b.strategy));
  const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const rows = ranked.map((s, i) => [i + 1, s.strategy, s.matches, fixed(s.mean), `${fixed(s.mean - s.half)} .. ${fixed(s.mean + s.half)}`, `${((100 * s.wins) / s.matches).toFixed(1)}%`]);
  process.stdout.write(formatTable(['rank', 'strategy', 'matches', 'mean score', '95% CI', 'wins'], rows));
  const matches = (strategies.length * (strategies.length + 1) * repeats) / 2;

  process.stdout.write(`\n${formatLeaderboard(ratings)}`);
  process.stdout.write(
    `rating = mu - 3 sigma (openskill Weng-Lin, Bradley-Terry; placings: winners first, then score); ${rated} matches rated, ${matches - rated} self-pairs not rated\n`,
  );
  if (values.ratings !== undefined) {
    saveRatings(values.ratings, ratings);
    const loaded = Object.keys(prior.participants).length;
    process.stdout.write(loaded ? `ratings loaded from ${values.ratings} (${loaded} participants) and saved back\n` : `ratings saved to ${values.ratings} (new file)\n`);
  }
  process.stdout.write(`${matches} matches (${strategies.length} strategies, every pair and self-pair, ${repeats} repeats, seed ${seed}) in ${elapsed} ms\n`);
  return 0;
}
