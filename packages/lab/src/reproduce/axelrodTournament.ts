import type { Strategy } from '@the-house/games/engine/types.ts';
import { matrixConfigSchema } from '@the-house/games/matrix/matrixConfig.ts';
import { AXELROD_CAST } from '@the-house/games/matrix/matrixStrategies.ts';
import { gameById } from '@the-house/games/registry.ts';
import { formatTable } from '../report/formatTable.ts';
import { meanCi95 } from '../stats/tStats.ts';
import { planTournament, standingsOf } from '../tournament/roundRobin.ts';
import type { RunResult, RunSpec } from '../sweep/runSpec.ts';
import { matrixStrategy } from './evolve.ts';
import { lineChartSvg } from './lineChart.ts';
import { playSpecs } from './playSpecs.ts';
import { seedList, type PresetOutput, type ReproducePreset, type RunContext } from './preset.ts';

export interface AxelrodTournamentConfig {
  strategies: string[];
  /** Axelrod's match length (his first tournament: 200 moves). */
  rounds: number;
  /** Each pair (self-pairs too) plays once per repetition, its seed drawn from the repetition. */
  repetitions: number[];
  /** The noise levels played; each move flipped with this chance. */
  noise: number[];
}

export function axelrodTournamentConfig(seeds: number): AxelrodTournamentConfig {
  return { strategies: [...AXELROD_CAST], rounds: 200, repetitions: seedList(seeds), noise: [0, 0.05] };
}

/** One strategy's standing at one noise level: its mean score a match with a 95% interval, and its share of matches won. */
export interface Ranked {
  strategy: string;
  mean: number;
  low: number;
  high: number;
  wins: number;
  matches: number;
}

function specsFor(config: AxelrodTournamentConfig, noise: number): RunSpec[] {
  const game = gameById('matrix')!;
  const parsed = matrixConfigSchema.parse({ preset: 'prisoners-dilemma', rounds: config.rounds, noise });
  const strategies = config.strategies.map((name) => matrixStrategy(name) as Strategy<any, any>);
  return planTournament(game, parsed, strategies, config.repetitions.length, 1).map((spec) => ({ ...spec, id: `noise ${noise}: ${spec.id}`, treatment: { noise } }));
}

/** The standings of one noise level, best mean first. */
export function rankings(config: AxelrodTournamentConfig, results: readonly RunResult[]): Ranked[] {
  const strategies = config.strategies.map((name) => matrixStrategy(name) as Strategy<any, any>);
  return standingsOf(strategies, results)
    .map((s) => ({ strategy: s.strategy, ...meanCi95(s.scores), wins: s.wins, matches: s.matches }))
    .sort((a, b) => b.mean - a.mean || a.strategy.localeCompare(b.strategy));
}

const fixed = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');

function table(ranked: readonly Ranked[], rounds: number): string {
  const rows = ranked.map((r, i) => [i + 1, r.strategy, fixed(r.mean), `${fixed(r.low)} .. ${fixed(r.high)}`, (r.mean / rounds).toFixed(3), `${((100 * r.wins) / r.matches).toFixed(1)}%`]);
  return formatTable(['rank', 'strategy', 'mean score a match', '95% CI', 'a round', 'won'], rows);
}

function resultsCsv(byNoise: ReadonlyMap<number, readonly RunResult[]>): string {
  const lines = ['noise,match,strategy,opponent,score,won'];
  for (const [noise, results] of byNoise) {
    for (const r of results) r.lineup.forEach((name, side) => lines.push(`${noise},"${r.id}",${name},${r.lineup[1 - side]},${r.scores[side]},${r.winners.includes(side) ? 1 : 0}`));
  }
  return `${lines.join('\n')}\n`;
}

function report(config: AxelrodTournamentConfig, ranked: ReadonlyMap<number, Ranked[]>): string {
  const sections = [...ranked].flatMap(([noise, list]) => [`## Noise ${noise * 100}%`, '', '```', table(list, config.rounds).trimEnd(), '```', '']);
  return [
    '# axelrod-tournament',
    '',
    `A round robin of Axelrod's classics on the Matrix games engine: the Prisoner's Dilemma at Axelrod's payoffs (3/0/5/1), ${config.rounds} rounds a match, every pair and every strategy against a copy of itself, ${config.repetitions.length} repetition(s), at noise ${config.noise.map((n) => `${n * 100}%`).join(' and ')} (each move flipped with that chance). Strategies: ${config.strategies.join(', ')}.`,
    '',
    ...sections,
    '![mean score a round, by strategy and noise](scores.png)',
    '',
  ].join('\n');
}

async function run(config: AxelrodTournamentConfig, context: RunContext): Promise<PresetOutput> {
  const specs = config.noise.map((noise) => specsFor(config, noise));
  const results = await playSpecs('axelrod-tournament', 'matrix', config, specs.flat(), context);
  const byNoise = new Map(config.noise.map((noise, i) => [noise, results.slice(specs.slice(0, i).reduce((n, s) => n + s.length, 0)).slice(0, specs[i]!.length)]));
  const ranked = new Map([...byNoise].map(([noise, list]) => [noise, rankings(config, list)]));
  const order = ranked.get(config.noise[0]!)!.map((r) => r.strategy);
  const chart = lineChartSvg({
    title: 'Mean score a round, by strategy (ordered by the first noise level)',
    xLabels: order.map((_, i) => String(i + 1)),
    xTitle: `rank at noise ${config.noise[0]! * 100}% (names in the report's first table)`,
    yTitle: 'mean score a round',
    series: [...ranked].map(([noise, list]) => ({ name: `noise ${noise * 100}%`, values: order.map((name) => list.find((r) => r.strategy === name)!.mean / config.rounds) })),
  });
  const summary = [...ranked].map(([noise, list]) => `noise ${noise * 100}%: ${list.slice(0, 5).map((r, i) => `${i + 1} ${r.strategy} ${fixed(r.mean)}`).join(', ')}\n`).join('');
  return { csv: resultsCsv(byNoise), report: report(config, ranked), pictures: new Map([['scores.png', chart]]), summary };
}

export const axelrodTournament: ReproducePreset<AxelrodTournamentConfig> = {
  name: 'axelrod-tournament',
  answers: "how Axelrod's classic strategies rank in a 200-round round robin, with and without noise",
  defaultSeeds: 5,
  noQueue: null,
  config: axelrodTournamentConfig,
  run,
};
