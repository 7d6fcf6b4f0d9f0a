import { cpus } from 'node:os';
import { CliError } from '../cli/cliError.ts';
import { modelSeat } from '../cli/seatsArg.ts';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { hashSeed } from '@the-house/games/engine/rng.ts';
import { goldmineConfigSchema, type GoldmineConfig } from '@the-house/games/goldmine/goldmineConfig.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { goldmineStrategies } from '@the-house/games/goldmine/goldmineStrategies.ts';
import type { SweepJob } from './sweepJob.ts';

/** A factor of the sweep: a config key, or `players` (population size, the population's shares kept). */
export interface Treatment {
  key: keyof GoldmineConfig | 'players';
  values: Array<string | number>;
}

/** What a sweep runs; its JSON identifies the sweep, so a resumed run must ask for the same plan. */
export interface SweepPlan {
  seeds: number;
  rounds: number;
  players: number;
  population: Array<{ name: string; count: number }>;
  treatments: Treatment[];
  mapRounds: number[];
}

export interface SweepArgs {
  plan: SweepPlan;
  out: string;
  workers: number;
}

const TREATMENT_KEYS = [...(Object.keys(goldmineConfigSchema.shape) as Array<keyof GoldmineConfig>), 'players'] as const;
const NUMERIC = new Set<string>(['size', 'rounds', 'stamina', 'cap', 'alpha', 'truce']);

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || n < min || n > max) throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got '${text ?? ''}'`);
  return n;
}

function parsePopulation(text: string): Array<{ name: string; count: number }> {
  const known = Object.keys(goldmineStrategies);
  return text.split(',').map((part) => {
    // `model:<name>[/strategy]` holds a colon itself; a count, if any, follows the last one.
    const m = /^(.*?)(?::(\d+))?$/.exec(part)!;
    const name = m[1] ?? '';
    const count = m[2];
    if (name.startsWith('model:')) modelSeat(goldmineGame, name, process.env);
    else if (!goldmineStrategies[name]) throw new CliError(`unknown policy '${name}' in --population (known: ${known.join(', ')}, or model:<name>[/strategy])`);
    return { name, count: count === undefined ? 1 : wholeNumber(`--population count of ${name}`, count, 1, goldmineGame.maxPlayers) };
  });
}

/** The population scaled to `players` seats, keeping each policy's share; null when a share would not be whole. */
export function scalePopulation(population: SweepPlan['population'], players: number): SweepPlan['population'] | null {
  const total = population.reduce((s, p) => s + p.count, 0);
  const scaled = population.map((p) => ({ name: p.name, count: (p.count * players) / total }));
  return scaled.every((p) => Number.isInteger(p.count) && p.count > 0) ? scaled : null;
}

function parseTreatment(text: string, seen: Set<string>, population: SweepPlan['population']): Treatment {
  const eq = text.indexOf('=');
  const key = text.slice(0, eq) as Treatment['key'];
  if (eq < 1 || !TREATMENT_KEYS.includes(key)) throw new CliError(`unknown treatment key '${eq < 0 ? text : text.slice(0, eq)}' (allowed: ${TREATMENT_KEYS.join(', ')})`);
  if (seen.has(key)) throw new CliError(`treatment key '${key}' is given twice`);
  seen.add(key);
  const values = text
    .slice(eq + 1)
    .split(',')
    .map((raw) => {
      if (key === 'players') {
        const n = wholeNumber('treatment players', raw, goldmineGame.minPlayers, goldmineGame.maxPlayers);
        if (!scalePopulation(population, n)) throw new CliError(`treatment players=${n} cannot keep the population's shares (${population.map((p) => `${p.name}:${p.count}`).join(',')}) in whole seats`);
        return n;
      }
      const value: string | number = NUMERIC.has(key) ? Number(raw) : raw;
      const checked = goldmineConfigSchema.safeParse({ [key]: value });
      if (raw === '' || !checked.success) throw new CliError(`bad value '${raw}' for treatment ${key}: ${checked.success ? 'empty' : formatZodError(checked.error)}`);
      return value;
    });
  return { key, values: [...new Set(values)] };
}

/**
 * `--seeds N --rounds R --players N --population p:n,... --treatment key=v1,v2 ...
 * [--maps r1,r2] [--out dir] [--workers N]`. Defaults: 20 seeds, 200 rounds,
 * players = the population's size (the population must fill exactly the seats),
 * population `greedy-mine:<players>`, maps after round 1, the middle and the last,
 * workers = the machine's cores, out = `sweep-goldmine-<plan hash>`.
 */
export function parseSweepArgs(argv: readonly string[]): SweepArgs {
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (!['--seeds', '--rounds', '--players', '--population', '--treatment', '--out', '--workers', '--maps'].includes(flag)) {
      throw new CliError(`unknown sweep argument '${flag}' (usage: sweep goldmine --seeds N --rounds R --players N --population p:n,... --treatment key=v1,v2 [--out dir])`);
    }
    const value = argv[++i];
    if (value === undefined) throw new CliError(`${flag} needs a value`);
    flags.set(flag, [...(flags.get(flag) ?? []), value]);
  }
  const one = (flag: string): string | undefined => {
    const all = flags.get(flag);
    if (all && all.length > 1 && flag !== '--treatment') throw new CliError(`${flag} is given twice`);
    return all?.[0];
  };
  const seeds = one('--seeds') === undefined ? 20 : wholeNumber('--seeds', one('--seeds'), 1, 100_000);
  const rounds = one('--rounds') === undefined ? 200 : wholeNumber('--rounds', one('--rounds'), 1, 10_000);
  const playersFlag = one('--players');
  let players = playersFlag === undefined ? undefined : wholeNumber('--players', playersFlag, goldmineGame.minPlayers, goldmineGame.maxPlayers);
  const population = parsePopulation(one('--population') ?? `greedy-mine:${players ?? goldmineGame.defaultPlayers}`);
  const seated = population.reduce((s, p) => s + p.count, 0);
  players ??= seated;
  if (seated !== players) throw new CliError(`--population seats ${seated} players but --players is ${players}`);
  if (players < goldmineGame.minPlayers || players > goldmineGame.maxPlayers) throw new CliError(`goldmine needs ${goldmineGame.minPlayers} to ${goldmineGame.maxPlayers} players, got ${players}`);
  const seen = new Set<string>();
  const treatments = (flags.get('--treatment') ?? []).map((t) => parseTreatment(t, seen, population));
  const mapsFlag = one('--maps');
  const mapRounds = mapsFlag === undefined ? [...new Set([1, Math.max(1, Math.floor(rounds / 2)), rounds])] : mapsFlag.split(',').map((r) => wholeNumber('--maps round', r, 1, rounds));
  const plan: SweepPlan = { seeds, rounds, players, population, treatments, mapRounds };
  const workersFlag = one('--workers');
  const workers = workersFlag === undefined ? cpus().length : wholeNumber('--workers', workersFlag, 0, 256);
  const out = one('--out') ?? `sweep-goldmine-${(hashSeed(0, JSON.stringify(plan)) >>> 0).toString(16)}`;
  return { plan, out, workers };
}

/** `truce=2,stamina=8`, or `baseline` for a sweep without treatments. */
export function treatmentLabel(treatment: Record<string, string | number>): string {
  const parts = Object.entries(treatment).map(([k, v]) => `${k}=${v}`);
  return parts.length ? parts.join(',') : 'baseline';
}

/** Every treatment combination (first treatment varying slowest), in plan order. */
export function treatmentCombos(plan: SweepPlan): Array<Record<string, string | number>> {
  let combos: Array<Record<string, string | number>> = [{}];
  for (const t of plan.treatments) combos = combos.flatMap((c) => t.values.map((v) => ({ ...c, [t.key]: v })));
  return combos;
}

/**
 * The runs of a plan: treatment combinations x seeds 1..N, with the maps kept
 * for seed 1 only. Seats follow the population's order (its first policy gets
 * the lowest ids).
 */
export function planJobs(plan: SweepPlan): SweepJob[] {
  return treatmentCombos(plan).flatMap((treatment) =>
    Array.from({ length: plan.seeds }, (_, i) => {
      const seed = i + 1;
      const { players, ...settings } = treatment;
      const population = players === undefined ? plan.population : scalePopulation(plan.population, Number(players))!;
      const lineup = population.flatMap((p) => new Array<string>(p.count).fill(p.name));
      const config = goldmineConfigSchema.parse({ rounds: plan.rounds, ...settings });
      return { id: `${treatmentLabel(treatment)}#${seed}`, treatment, seed, config, lineup, mapRounds: seed === 1 ? plan.mapRounds.filter((r) => r <= config.rounds) : [] };
    }),
  );
}
