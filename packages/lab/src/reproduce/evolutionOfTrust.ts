import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { matrixConfigSchema } from '@the-house/games/matrix/matrixConfig.ts';
import { matrixGame } from '@the-house/games/matrix/matrixGame.ts';
import type { MatrixState } from '@the-house/games/matrix/matrixTypes.ts';
import { formatTable } from '../report/formatTable.ts';
import { meanCi95 } from '../stats/tStats.ts';
import { CASE_EVOLUTION, CASE_SOURCE, CASE_TOURNAMENT, caseOnMistakes } from './caseStatements.ts';
import { evolve, matrixStrategy, type Census } from './evolve.ts';
import { lineChartSvg } from './lineChart.ts';
import { seedList, type PresetOutput, type ReproducePreset } from './preset.ts';

type Population = ReadonlyArray<readonly [string, number]>;

export interface EvolutionOfTrustConfig {
  rounds: number;
  selection: number;
  generations: number;
  seeds: number[];
  /** Case's one tournament: each character once, no mistakes. */
  tournament: string[];
  /** Case's first evolution, no mistakes. */
  evolution: Population;
  /** Case's mistakes experiment: this population at each rate. */
  mistakes: { population: Population; rates: number[] };
}

/** The outcome of one evolution: its census by generation. */
interface Run {
  stage: 'evolution' | 'mistakes';
  rate: number;
  seed: number;
  history: Census[];
}

/**
 * Case's set-ups (js/slides/4_Slides_Evolution.js, 6_Slides_Noise.js,
 * js/sims/Tournament.js): 10 rounds a match, 5 out and 5 cloned; his
 * mistakes slider runs 3 Copykittens, 3 Simpletons, 3 Randoms, 3 Copycats
 * and 13 Always Cheats, 25 in all.
 */
export function evolutionOfTrustConfig(seeds: number): EvolutionOfTrustConfig {
  return {
    rounds: 10,
    selection: 5,
    generations: 50,
    seeds: seedList(seeds),
    tournament: ['copycat', 'cheater', 'cooperator', 'grudger', 'detective'],
    evolution: [['cooperator', 15], ['cheater', 5], ['copycat', 5]],
    mistakes: { population: [['copykitten', 3], ['simpleton', 3], ['random', 3], ['copycat', 3], ['cheater', 13]], rates: [0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5] },
  };
}

/** Case's one tournament: every character against every other once, `rounds` rounds, no mistakes; total scores in line-up order. */
export function caseTournament(lineup: readonly string[], rounds: number): Map<string, number> {
  const config = matrixConfigSchema.parse({ preset: 'evolution-of-trust', rounds, horizon: 'hidden' });
  const match = Match.create(matrixGame, config, 1, [...lineup], { log: false });
  runMatchSync(match, Object.fromEntries(lineup.map((name) => [name, matrixStrategy(name)])));
  const scores = (match.state as MatrixState).scores;
  return new Map(lineup.map((name) => [name, scores[name]!]));
}

/** The strategy with the most members at the end, or `tie` between the leaders. */
export function leaderOf(census: Census): string {
  const top = Math.max(...census.values());
  const leaders = [...census].filter(([, n]) => n === top).map(([name]) => name);
  return leaders.length === 1 ? leaders[0]! : `tie ${leaders.join('/')}`;
}

/** Which strategy leads in most seeds, with how many; a strategy that holds the whole population there has taken over. */
function verdict(runs: readonly Run[]): { leader: string; seeds: number; fixed: number } {
  const counts = new Map<string, number>();
  for (const r of runs) counts.set(leaderOf(r.history.at(-1)!), (counts.get(leaderOf(r.history.at(-1)!)) ?? 0) + 1);
  const [leader, seeds] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
  const size = [...runs[0]!.history[0]!.values()].reduce((a, b) => a + b, 0);
  const fixed = runs.filter((r) => r.history.at(-1)!.get(leader) === size).length;
  return { leader, seeds, fixed };
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Each strategy's share of the starting population: under pure drift, about how often it ends up ahead. */
function driftLine(config: EvolutionOfTrustConfig): string {
  const size = config.mistakes.population.reduce((sum, [, count]) => sum + count, 0);
  return config.mistakes.population.map(([name, count]) => `${name} ${count} of ${size}`).join(', ');
}

function play(config: EvolutionOfTrustConfig, progress: (line: string) => void): Run[] {
  const runs: Run[] = [];
  const base = { rounds: config.rounds, selection: config.selection, generations: config.generations };
  for (const seed of config.seeds) runs.push({ stage: 'evolution', rate: 0, seed, history: evolve({ ...base, population: config.evolution, noise: 0, seed }) });
  for (const rate of config.mistakes.rates) {
    for (const seed of config.seeds) runs.push({ stage: 'mistakes', rate, seed, history: evolve({ ...base, population: config.mistakes.population, noise: rate, seed }) });
    progress(`mistakes ${percent(rate)}: ${config.seeds.length} seed${config.seeds.length > 1 ? 's' : ''} done`);
  }
  return runs;
}

function resultsCsv(tournament: Map<string, number>, runs: readonly Run[]): string {
  const lines = ['stage,mistake_rate,seed,generation,strategy,measure,value'];
  for (const [name, score] of tournament) lines.push(`tournament,0,0,0,${name},score,${score}`);
  for (const r of runs) r.history.forEach((census, generation) => census.forEach((count, name) => lines.push(`${r.stage},${r.rate},${r.seed},${generation},${name},count,${count}`)));
  return `${lines.join('\n')}\n`;
}

/** The mean count of each strategy at each generation over the runs. */
function meanHistory(runs: readonly Run[]): Array<{ name: string; values: number[] }> {
  const names = [...runs[0]!.history[0]!.keys()];
  return names.map((name) => ({ name, values: runs[0]!.history.map((_, g) => runs.reduce((sum, r) => sum + r.history[g]!.get(name)!, 0) / runs.length) }));
}

function pictures(config: EvolutionOfTrustConfig, runs: readonly Run[]): Map<string, string> {
  const out = new Map<string, string>();
  const generations = Array.from({ length: config.generations + 1 }, (_, g) => String(g));
  const chart = (title: string, group: readonly Run[]) => lineChartSvg({ title, xLabels: generations, xTitle: 'generation', yTitle: `mean members over ${config.seeds.length} seed(s)`, series: meanHistory(group) });
  out.set('evolution.png', chart('No mistakes: 15 Always Cooperate, 5 Always Cheat, 5 Copycat', runs.filter((r) => r.stage === 'evolution')));
  for (const rate of config.mistakes.rates) out.set(`mistakes-${Math.round(rate * 100)}.png`, chart(`Mistakes ${percent(rate)}: population by generation`, runs.filter((r) => r.stage === 'mistakes' && r.rate === rate)));
  const finals = config.mistakes.rates.map((rate) => meanHistory(runs.filter((r) => r.stage === 'mistakes' && r.rate === rate)).map((s) => ({ name: s.name, value: s.values.at(-1)! })));
  out.set('mistakes-final.png', lineChartSvg({ title: `Members after ${config.generations} generations, by mistake rate`, xLabels: config.mistakes.rates.map(percent), xTitle: 'mistake rate', yTitle: 'mean members', series: finals[0]!.map((s, k) => ({ name: s.name, values: finals.map((f) => f[k]!.value) })) }));
  return out;
}

/** The table of Case's statements against ours, one row a mistake rate. */
function comparisonRows(config: EvolutionOfTrustConfig, runs: readonly Run[]): string[][] {
  const n = config.seeds.length;
  return config.mistakes.rates.map((rate) => {
    const group = runs.filter((r) => r.stage === 'mistakes' && r.rate === rate);
    const { leader, seeds, fixed } = verdict(group);
    const said = caseOnMistakes(rate);
    const ours = `${leader} leads in ${seeds} of ${n} seeds (all 25 in ${fixed})`;
    if (said.winner === null) return [percent(rate), `"${said.quote}"`, ours, 'drift (below)'];
    return [percent(rate), `"${said.quote}"`, ours, leader === said.winner && seeds > n / 2 ? 'yes' : 'no'];
  });
}

function finalCounts(config: EvolutionOfTrustConfig, runs: readonly Run[]): string {
  const names = config.mistakes.population.map(([name]) => name);
  const cell = (xs: number[]) => {
    const ci = meanCi95(xs);
    return Number.isFinite(ci.low) ? `${ci.mean.toFixed(1)} (${ci.low.toFixed(1)}..${ci.high.toFixed(1)})` : ci.mean.toFixed(1);
  };
  const rows = config.mistakes.rates.map((rate) => {
    const group = runs.filter((r) => r.stage === 'mistakes' && r.rate === rate);
    return [percent(rate), ...names.map((name) => cell(group.map((r) => r.history.at(-1)!.get(name)!)))];
  });
  return formatTable(['mistakes', ...names], rows);
}

function report(config: EvolutionOfTrustConfig, tournament: Map<string, number>, runs: readonly Run[], comparison: string[][]): string {
  const ranked = [...tournament].sort((a, b) => b[1] - a[1]);
  const evolution = verdict(runs.filter((r) => r.stage === 'evolution'));
  const n = config.seeds.length;
  const images = config.mistakes.rates.map((rate) => `![mistakes ${percent(rate)}](mistakes-${Math.round(rate * 100)}.png)`).join('\n');
  return [
    '# evolution-of-trust',
    '',
    `Nicky Case's The Evolution of Trust on the Matrix games engine: payoffs 2/-1/3/0 (cooperating costs 1 coin and gives the other 3), ${config.rounds} rounds a match, a round robin each generation, the bottom ${config.selection} replaced by copies of the top ${config.selection} (ties drawn from the seed), ${config.generations} generations, seeds ${config.seeds.join(', ')}. Source: ${CASE_SOURCE}.`,
    '',
    '## Which strategy takes over, by mistake rate',
    '',
    `Population ${config.mistakes.population.map(([s, c]) => `${c} ${s}`).join(', ')}; each move is flipped with the mistake rate. "Leads": the most members after generation ${config.generations}.`,
    '',
    '```',
    formatTable(['mistakes', 'Case says', 'we find', 'agree'], comparison).trimEnd(),
    '```',
    '',
    `Where Case says nobody wins (50%), every move is a coin flip whatever was meant, so all strategies play alike and the population only drifts: a strategy ends up ahead about as often as its share at the start (${driftLine(config)}).`,
    '',
    `Members of each strategy after ${config.generations} generations, mean over ${n} seed(s) (95% interval):`,
    '',
    '```',
    finalCounts(config, runs).trimEnd(),
    '```',
    '',
    '![final members by mistake rate](mistakes-final.png)',
    '',
    images,
    '',
    '## One tournament (no mistakes)',
    '',
    `Case: "${CASE_TOURNAMENT}" We find: ${ranked.map(([name, score]) => `${name} ${score}`).join(', ')} (winner ${ranked[0]![0]}).`,
    '',
    '## Evolution without mistakes',
    '',
    `15 Always Cooperate, 5 Always Cheat, 5 Copycat. Case: "${CASE_EVOLUTION}" We find: ${evolution.leader} leads in ${evolution.seeds} of ${n} seeds (all 25 in ${evolution.fixed}).`,
    '',
    '![evolution without mistakes](evolution.png)',
    '',
  ].join('\n');
}

export const evolutionOfTrust: ReproducePreset<EvolutionOfTrustConfig> = {
  name: 'evolution-of-trust',
  answers: "which strategy takes over Nicky Case's Evolution of Trust at each mistake rate from 0 to 50%, against what Case's text states",
  defaultSeeds: 10,
  noQueue: "evolution-of-trust runs on one machine only: each generation is built from the one before, so there is nothing for queue workers to share (it takes about a minute)",
  config: evolutionOfTrustConfig,
  async run(config, { progress }): Promise<PresetOutput> {
    const tournament = caseTournament(config.tournament, config.rounds);
    const runs = play(config, progress);
    const comparison = comparisonRows(config, runs);
    const summary = formatTable(['mistakes', 'Case says', 'we find', 'agree'], comparison);
    return { csv: resultsCsv(tournament, runs), report: report(config, tournament, runs, comparison), pictures: pictures(config, runs), summary };
  },
};
