import { createRequire } from 'node:module';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { Match } from '../engine/match.ts';
import { hashSeed } from '../engine/rng.ts';
import { runMatchSync } from '../engine/runner.ts';
import type { AnyGame, Strategy } from '../engine/types.ts';
import { configArg, gameArg, intArg, parseCliArgs, playerIds, strategiesArg, strategyTable } from './args.ts';
import { formatTable } from './play.ts';

// jstat ships no type declarations; this is the one function used from it.
const { jStat } = createRequire(import.meta.url)('jstat') as { jStat: { studentt: { inv(p: number, dof: number): number } } };

const USAGE = 'tournament <game> --players all|a,b,... --repeats K [--seed N] [--config file.json]';

export interface Standing {
  strategy: string;
  /** One score per side played (a self-pair gives two). */
  scores: number[];
  wins: number;
  matches: number;
}

/**
 * Axelrod-style round robin of 2-player matches: every unordered pair of the
 * listed strategies, self-pairs included (a strategy meets a copy of itself),
 * each played `repeats` times with seeds derived from the base seed, the pair
 * and the repeat. Strategies are scored by the game's final score per side.
 */
export function roundRobin(game: AnyGame, config: unknown, strategies: Strategy<any, any>[], repeats: number, seed: number, onMatch?: (done: number, total: number) => void): Standing[] {
  const standings = strategies.map((s) => ({ strategy: s.name, scores: [] as number[], wins: 0, matches: 0 }));
  const total = (strategies.length * (strategies.length + 1) * repeats) / 2;
  let done = 0;
  for (let i = 0; i < strategies.length; i++) {
    for (let j = i; j < strategies.length; j++) {
      const pair = [strategies[i]!, strategies[j]!];
      const ids = playerIds(pair);
      const table = strategyTable(ids, pair);
      for (let k = 0; k < repeats; k++) {
        const match = Match.create(game, config, hashSeed(seed, 'tournament', pair[0]!.name, pair[1]!.name, k), ids, { log: false });
        const outcome = runMatchSync(match, table);
        for (const [side, id] of ids.entries()) {
          const standing = standings[side === 0 ? i : j]!;
          standing.scores.push(game.score(match.state, id));
          standing.matches += 1;
          if (outcome.winners.includes(id)) standing.wins += 1;
        }
        onMatch?.(++done, total);
      }
    }
  }
  return standings;
}

/** Mean with a 95% confidence interval from Student's t. */
export function meanCi(values: number[]): { mean: number; half: number } {
  if (values.length === 0) return { mean: NaN, half: NaN };
  const m = mean(values);
  if (values.length < 2) return { mean: m, half: NaN };
  const t = jStat.studentt.inv(0.975, values.length - 1);
  return { mean: m, half: (t * sampleStandardDeviation(values)) / Math.sqrt(values.length) };
}

export async function tournamentCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    { players: { type: 'string' }, repeats: { type: 'string' }, seed: { type: 'string' }, config: { type: 'string' } },
    USAGE,
  );
  const game = gameArg(positionals[0], USAGE);
  const strategies = strategiesArg(game, values.players, true);
  const repeats = intArg(values.repeats, 'repeats', 10, 1);
  const seed = intArg(values.seed, 'seed', 1);
  const config = configArg(game, values.config);
  const started = performance.now();
  const standings = roundRobin(game, config, strategies, repeats, seed, (done, total) => {
    if (done % 50 === 0 || done === total) process.stderr.write(`\r\x1b[Ktournament ${game.id}: ${done}/${total} matches`);
  });
  process.stderr.write(`\n`);

  const ranked = standings.map((s) => ({ ...s, ...meanCi(s.scores) })).sort((a, b) => b.mean - a.mean || b.wins - a.wins || a.strategy.localeCompare(b.strategy));
  const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const rows = ranked.map((s, i) => [i + 1, s.strategy, s.matches, fixed(s.mean), `${fixed(s.mean - s.half)} .. ${fixed(s.mean + s.half)}`, `${((100 * s.wins) / s.matches).toFixed(1)}%`]);
  process.stdout.write(formatTable(['rank', 'strategy', 'matches', 'mean score', '95% CI', 'wins'], rows));
  const matches = (strategies.length * (strategies.length + 1) * repeats) / 2;
  process.stdout.write(`${matches} matches (${strategies.length} strategies, every pair and self-pair, ${repeats} repeats, seed ${seed}) in ${Math.round(performance.now() - started)} ms\n`);
  return 0;
}
