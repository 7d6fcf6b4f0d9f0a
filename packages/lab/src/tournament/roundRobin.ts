import { hashSeed } from '@the-house/games/engine/rng.ts';
import type { AnyGame, Strategy } from '@the-house/games/engine/types.ts';
import { emptyRatings, type Ratings } from '../ratings/index.ts';
import { isRemoteEntry, remoteKindOf } from '../remote/remoteEntry.ts';
import { playRun } from '../sweep/playRun.ts';
import { runRatings } from '../sweep/runRatings.ts';
import type { RunResult, RunSpec } from '../sweep/runSpec.ts';

export interface Standing {
  strategy: string;
  /** One score per side played (a self-pair gives two). */
  scores: number[];
  wins: number;
  matches: number;
}

export interface RoundRobinResult {
  standings: Standing[];
  /** `prior` after every match, rated in plan order. */
  ratings: Ratings;
  /** Matches that moved the ratings (self-pairs do not: see `rateMatch`). */
  rated: number;
}

/** Player ids for a line-up of strategies: the strategy's name, then `name-2`, `name-3` for repeats. */
export function playerIds(strategies: readonly Strategy<any, any>[]): string[] {
  const count = new Map<string, number>();
  return strategies.map((s) => {
    // A remote agent sits as its kind (`a2a`, `a2a-2`): its URL is no player id.
    const base = isRemoteEntry(s.name) ? remoteKindOf(s.name) : s.name;
    const n = (count.get(base) ?? 0) + 1;
    count.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}

/**
 * An Axelrod-style round robin as runs of the experiment runner: every
 * unordered pair of the listed strategies, self-pairs included (a strategy
 * meets a copy of itself), each played `repeats` times with seeds derived from
 * the base seed, the pair and the repeat.
 *
 * The plan goes repeat by repeat, every pair once per repeat, because an
 * online rating weighs recent results more: rating a pair's repeats back to
 * back let whichever pair came last decide the leaderboard (in Trust, a
 * strategy that won 76% of its matches ranked fifth). Seeds do not depend on
 * the order, so the scores are the same either way.
 */
export function planTournament(game: AnyGame, config: unknown, strategies: readonly Strategy<any, any>[], repeats: number, seed: number): RunSpec[] {
  const pairings = strategies.flatMap((_, i) => strategies.slice(i).map((__, offset) => [strategies[i]!, strategies[i + offset]!] as const));
  return Array.from({ length: repeats }, (_, k) =>
    pairings.map(([a, b]): RunSpec => {
      const players = playerIds([a, b]);
      return { game: game.id, id: `${a.name} vs ${b.name} #${k + 1}`, treatment: {}, seed: hashSeed(seed, 'tournament', a.name, b.name, k), config, lineup: [a.name, b.name], snapshots: [], measure: false, players };
    }),
  ).flat();
}

/** Each strategy's scores, matches and wins over the results (in plan order), one entry per side played. */
export function standingsOf(strategies: readonly Strategy<any, any>[], results: readonly RunResult[]): Standing[] {
  const byName = new Map(strategies.map((s) => [s.name, { strategy: s.name, scores: [] as number[], wins: 0, matches: 0 }]));
  for (const r of results) {
    r.lineup.forEach((name, side) => {
      const standing = byName.get(name)!;
      standing.scores.push(r.scores[side]!);
      standing.matches += 1;
      if (r.winners.includes(side)) standing.wins += 1;
    });
  }
  return [...byName.values()];
}

/** The round robin played on this thread (the bench and the tests): standings and the ratings after `prior`. */
export function playRoundRobin(game: AnyGame, config: unknown, strategies: Strategy<any, any>[], repeats: number, seed: number, prior: Ratings): RoundRobinResult {
  const results = planTournament(game, config, strategies, repeats, seed).map(playRun);
  return { standings: standingsOf(strategies, results), ...runRatings(game.id, results, prior) };
}

/** The round robin's standings alone. */
export function roundRobin(game: AnyGame, config: unknown, strategies: Strategy<any, any>[], repeats: number, seed: number): Standing[] {
  return playRoundRobin(game, config, strategies, repeats, seed, emptyRatings(game.id)).standings;
}
