import { Match } from '@the-house/games/engine/match.ts';
import { Rng } from '@the-house/games/engine/rng.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { Strategy } from '@the-house/games/engine/types.ts';
import { matrixConfigSchema } from '@the-house/games/matrix/matrixConfig.ts';
import type { MatrixDecision } from '@the-house/games/matrix/matrixDecision.ts';
import { matrixGame } from '@the-house/games/matrix/matrixGame.ts';
import { matrixStrategies } from '@the-house/games/matrix/matrixStrategies.ts';
import type { MatrixState, MatrixView } from '@the-house/games/matrix/matrixTypes.ts';

/** One evolution as Case runs it (js/sims/Tournament.js): a population, a round robin each generation, the bottom `selection` replaced by copies of the top `selection`. */
export interface EvolutionSpec {
  /** Strategy names with their counts, in seat order. */
  population: ReadonlyArray<readonly [strategy: string, count: number]>;
  rounds: number;
  /** Each move flipped with this chance (Case's mistakes). */
  noise: number;
  selection: number;
  generations: number;
  seed: number;
}

/** A Matrix games strategy by name; a name the games package does not have is refused by name. */
export function matrixStrategy(name: string): Strategy<MatrixView, MatrixDecision> {
  const strategy = ownValue(matrixStrategies, name);
  if (!strategy) throw new Error(`unknown matrix strategy '${name}'`);
  return strategy;
}

/** How many of each strategy there are, by name, in the order the spec first names them. */
export type Census = Map<string, number>;

/**
 * The population's census before each generation and after the last
 * (`generations + 1` entries). Each generation is one Matrix games match of
 * the whole population, round robin, `rounds` rounds (every pair meets
 * `rounds` times, as in Case's tournament), with the Evolution of Trust's
 * payoffs. Ties in score are broken by a draw from (seed, generation), as
 * Case breaks them at random.
 */
export function evolve(spec: EvolutionSpec): Census[] {
  const names = spec.population.map(([name]) => name);
  const strategies = new Map(names.map((name) => [name, matrixStrategy(name)]));
  const config = matrixConfigSchema.parse({ preset: 'evolution-of-trust', rounds: spec.rounds, noise: spec.noise, horizon: 'hidden' });
  let members = spec.population.flatMap(([name, count]) => Array.from({ length: count }, () => name));
  const census = (list: readonly string[]): Census => new Map(names.map((n) => [n, list.filter((m) => m === n).length]));
  const history: Census[] = [census(members)];
  for (let generation = 1; generation <= spec.generations; generation++) {
    const seed = Rng.derive(spec.seed, 'evolution', generation).int(1, 2 ** 31 - 1);
    const ids = members.map((_, i) => `p${i + 1}`);
    const match = Match.create(matrixGame, config, seed, ids, { log: false });
    runMatchSync(match, Object.fromEntries(ids.map((id, i) => [id, strategies.get(members[i]!)!])));
    const scores = (match.state as MatrixState).scores;
    const tieBreak = Rng.derive(spec.seed, 'ties', generation).shuffle(ids.map((_, i) => i));
    const order = tieBreak.sort((a, b) => scores[ids[a]!]! - scores[ids[b]!]!);
    const worst = new Set(order.slice(0, spec.selection));
    const best = order.slice(order.length - spec.selection);
    members = [...members.filter((_, i) => !worst.has(i)), ...best.map((i) => members[i]!)];
    history.push(census(members));
  }
  return history;
}
