import { cpus } from 'node:os';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { hashSeed } from '@the-house/games/engine/rng.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { CliError } from '../cli/cliError.ts';
import { gameArg } from '../cli/args.ts';
import { configKeyLines } from '../cli/configHelp.ts';
import { applySettings, parseSets, settingValue, withSetting } from '../cli/configSettings.ts';
import { modelSeat, remoteSeat } from '../cli/seatsArg.ts';
import { isMcpEntry, isRemoteEntry, mcpOnlyInPlay } from '../remote/remoteEntry.ts';
import type { RunSpec, TreatmentValue } from './runSpec.ts';

export { withSetting };

/** A factor of the sweep: a config key (dotted for a nested one), or `players` (population size, its shares kept). */
export interface Treatment {
  key: string;
  values: TreatmentValue[];
}

/** What a sweep runs; its JSON names the sweep, so a resumed run must ask for the same plan. */
export interface SweepPlan {
  game: string;
  seeds: number;
  /** The round limit the sweep sets (the config's `rounds` or `maxRounds`); null keeps the game's own. */
  rounds: number | null;
  players: number;
  population: Array<{ name: string; count: number }>;
  treatments: Treatment[];
  /** Rounds whose snapshot (Gold mining's ownership map) the report shows, for seed 1. */
  snapshots: number[];
  /** `--set KEY=VALUE`: settings every run gets, before its treatment; absent when none (so the name of a plan without them stays what it was). */
  settings?: Record<string, TreatmentValue>;
}

export interface SweepArgs {
  plan: SweepPlan;
  out: string;
  workers: number;
}

const FLAGS = ['--seeds', '--rounds', '--players', '--population', '--treatment', '--set', '--out', '--workers', '--maps', '--snapshots'];
/** Flags a sweep takes more than once. */
const REPEATED = new Set(['--treatment', '--set']);

export const SWEEP_USAGE = 'sweep <game> --seeds N [--rounds R] [--players N] --population p:n,... [--treatment KEY=V1,V2 ...] [--set KEY=VALUE ...] [--snapshots r1,r2] [--out dir] [--workers N] [--queue [URL] [--no-wait]]';

/**
 * `sweep [<game>] --help`: the usage; with a game, every key of its config
 * with the values it takes and its default (what `--treatment` varies and
 * `--set` fixes), `players`, and the policies a population is made of.
 */
export function sweepHelp(game: AnyGame | null, games: readonly string[]): string {
  if (!game) return [`usage: ${SWEEP_USAGE}`, `games: ${games.join(', ')}; \`bun run house sweep <game> --help\` lists a game's config keys and the values they take.`, ''].join('\n');
  return [
    `usage: ${SWEEP_USAGE.replace('<game>', game.id)}`,
    `--treatment KEY=V1,V2 varies a setting (every combination of the treatments runs with every seed; KEY=[...] takes a JSON list); --set KEY=VALUE fixes one for every run. ${game.title}'s keys and the values they take:`,
    ...configKeyLines(game).map((line) => `  ${line}`),
    `  players  treatment only: seats, whole number ${game.minPlayers}..${game.maxPlayers}, the population's shares kept`,
    `strategies (--population NAME:COUNT,...): ${Object.keys(game.strategies).join(', ')}; or model:<name>[/strategy] (a model behind OPENAI_BASE_URL and OPENAI_API_KEY)`,
    '',
  ].join('\n');
}

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || n < min || n > max) throw new CliError(`${flag} must be a whole number from ${min} to ${max}, got '${text ?? ''}'`);
  return n;
}

/** The keys of a game's config schema (a zod object), which treatments may vary. */
export function configKeys(game: AnyGame): string[] {
  const shape = (game.configSchema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** The config key that limits a game's rounds (`rounds`, Trust's `maxRounds`), or null for a game that ends by its own rules (Influence). */
export function roundsKey(game: AnyGame): string | null {
  const keys = configKeys(game);
  return ['rounds', 'maxRounds'].find((k) => keys.includes(k)) ?? null;
}

/** A treatment value as typed: a number, `true`/`false`, or text. */
export const treatmentValue: (raw: string) => TreatmentValue = settingValue;

function parsePopulation(game: AnyGame, text: string): Array<{ name: string; count: number }> {
  const known = Object.keys(game.strategies);
  return text.split(',').map((part) => {
    // A remote agent's URL holds colons of its own (a port): it takes one seat; list it again for more.
    if (isMcpEntry(part)) throw new CliError(mcpOnlyInPlay('a sweep'));
    if (isRemoteEntry(part.trim())) {
      remoteSeat(game, part.trim(), process.env);
      return { name: part.trim(), count: 1 };
    }
    // `model:<name>[/strategy]` holds a colon itself; a count, if any, follows the last one.
    const m = /^(.*?)(?::(\d+))?$/.exec(part.trim())!;
    const name = m[1] ?? '';
    const count = m[2];
    if (name.startsWith('model:')) modelSeat(game, name, process.env);
    else if (!Object.hasOwn(game.strategies, name)) throw new CliError(`unknown policy '${name}' in --population (known: ${known.join(', ')}, or model:<name>[/strategy], or a2a:<url>, http:<url>, openai:<base url>#<model>)`);
    return { name, count: count === undefined ? 1 : wholeNumber(`--population count of ${name}`, count, 1, game.maxPlayers) };
  });
}

/** The population scaled to `players` seats, keeping each policy's share; null when a share would not be whole. */
export function scalePopulation(population: SweepPlan['population'], players: number): SweepPlan['population'] | null {
  const total = population.reduce((s, p) => s + p.count, 0);
  const scaled = population.map((p) => ({ name: p.name, count: (p.count * players) / total }));
  return scaled.every((p) => Number.isInteger(p.count) && p.count > 0) ? scaled : null;
}

function parseTreatment(game: AnyGame, text: string, seen: Set<string>, fixed: ReadonlySet<string>, population: SweepPlan['population'], base: Record<string, unknown>): Treatment {
  const eq = text.indexOf('=');
  const key = eq < 0 ? text : text.slice(0, eq);
  const allowed = [...configKeys(game), 'players'];
  if (eq < 1 || !allowed.includes(key.split('.')[0]!)) throw new CliError(`unknown treatment key '${key}' (allowed: ${allowed.join(', ')})`);
  if (fixed.has(key)) throw new CliError(`${key} is both fixed (--set) and varied (--treatment); give it once`);
  if (seen.has(key)) throw new CliError(`treatment key '${key}' is given twice`);
  seen.add(key);
  const list = text.slice(eq + 1);
  let raws: unknown[];
  if (list.startsWith('[')) {
    try {
      raws = JSON.parse(list) as unknown[];
    } catch {
      throw new CliError(`treatment ${key}: '${list}' is not a JSON list`);
    }
    if (!Array.isArray(raws) || raws.length === 0) throw new CliError(`treatment ${key}: give a non-empty JSON list of values`);
  } else {
    raws = list.split(',');
  }
  const values = raws.map((raw) => {
    if (key === 'players') {
      const n = wholeNumber('treatment players', String(raw), game.minPlayers, game.maxPlayers);
      if (!scalePopulation(population, n)) throw new CliError(`treatment players=${n} cannot keep the population's shares (${population.map((p) => `${p.name}:${p.count}`).join(',')}) in whole seats`);
      return n;
    }
    const value = typeof raw === 'string' ? treatmentValue(raw) : raw;
    if (raw === '' || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) throw new CliError(`bad value '${String(raw)}' for treatment ${key}: give a number, true/false or text`);
    const checked = game.configSchema.safeParse(withSetting(base, key, value));
    if (!checked.success) throw new CliError(`bad value '${String(raw)}' for treatment ${key}: ${formatZodError(checked.error)}`);
    return value;
  });
  return { key, values: [...new Set(values)] };
}

/**
 * `sweep <game> --seeds N --rounds R --players N --population p:n,... --treatment
 * key=v1,v2 ... [--snapshots r1,r2] [--out dir] [--workers N]`. Defaults: 20
 * seeds, the game's own rounds, players = the population's size, population
 * `<the game's first strategy>:<its default players>`, snapshots (for games that
 * have them) after round 1, the middle and the last, workers = the machine's
 * cores, out = `sweep-<game>-<plan hash>`. A treatment key is any key of the
 * game's config (dotted for a nested one) or `players`; values are numbers,
 * true/false or text, or a JSON list (`key=["a","b"]`). `--set KEY=VALUE`
 * (any number of them) fixes a setting for every run; a key is either fixed
 * or varied, not both.
 */
export function parseSweepArgs(argv: readonly string[]): SweepArgs {
  const game = gameArg(argv[0], SWEEP_USAGE);
  const flags = new Map<string, string[]>();
  for (let i = 1; i < argv.length; i++) {
    const flag = argv[i]!;
    if (!FLAGS.includes(flag)) throw new CliError(`unknown sweep argument '${flag}' (usage: ${SWEEP_USAGE})`);
    const value = argv[++i];
    if (value === undefined) throw new CliError(`${flag} needs a value`);
    const name = flag === '--maps' ? '--snapshots' : flag;
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  const one = (flag: string): string | undefined => {
    const all = flags.get(flag);
    if (all && all.length > 1 && !REPEATED.has(flag)) throw new CliError(`${flag} is given twice`);
    return all?.[0];
  };
  const seeds = one('--seeds') === undefined ? 20 : wholeNumber('--seeds', one('--seeds'), 1, 100_000);
  const limit = roundsKey(game);
  let rounds: number | null = null;
  if (one('--rounds') !== undefined) {
    if (!limit) throw new CliError(`${game.id} has no round limit to set (it ends by its own rules); leave out --rounds`);
    rounds = wholeNumber('--rounds', one('--rounds'), 1, 10_000);
  }
  const settings = parseSets(game, flags.get('--set') ?? [], roundsConfig(game, rounds));
  if (rounds !== null && limit && Object.hasOwn(settings, limit)) throw new CliError(`${limit} is given twice (--rounds and --set); give it once`);
  const base = applySettings(roundsConfig(game, rounds), settings);
  const checkedBase = game.configSchema.safeParse(base);
  if (!checkedBase.success) throw new CliError(`--rounds: ${formatZodError(checkedBase.error)}`);
  const playersFlag = one('--players');
  let players = playersFlag === undefined ? undefined : wholeNumber('--players', playersFlag, game.minPlayers, game.maxPlayers);
  const population = parsePopulation(game, one('--population') ?? `${Object.keys(game.strategies)[0]}:${players ?? game.defaultPlayers}`);
  const seated = population.reduce((s, p) => s + p.count, 0);
  players ??= seated;
  if (seated !== players) throw new CliError(`--population seats ${seated} players but --players is ${players}`);
  if (players < game.minPlayers || players > game.maxPlayers) throw new CliError(`${game.id} needs ${game.minPlayers} to ${game.maxPlayers} players, got ${players}`);
  const seen = new Set<string>();
  const fixed = new Set(Object.keys(settings));
  const treatments = (flags.get('--treatment') ?? []).map((t) => parseTreatment(game, t, seen, fixed, population, base));
  const lastRound = lastRoundOf(game, checkedBase.data);
  const snapshotsFlag = one('--snapshots');
  let snapshots: number[] = [];
  if (snapshotsFlag !== undefined) snapshots = snapshotsFlag.split(',').map((r) => wholeNumber('--snapshots round', r, 1, lastRound ?? 10_000));
  else if (game.metrics?.snapshot && typeof lastRound === 'number') snapshots = [...new Set([1, Math.max(1, Math.floor(lastRound / 2)), lastRound])];
  const plan: SweepPlan = { game: game.id, seeds, rounds, players, population, treatments, snapshots, ...(Object.keys(settings).length ? { settings } : {}) };
  const workersFlag = one('--workers');
  const workers = workersFlag === undefined ? cpus().length : wholeNumber('--workers', workersFlag, 0, 256);
  const out = one('--out') ?? sweepName(plan);
  return { plan, out, workers };
}

/** A sweep's name, from its plan: `sweep-<game>-<plan hash>`, its default out dir and its name on the queue. */
export function sweepName(plan: SweepPlan): string {
  return `sweep-${plan.game}-${(hashSeed(0, JSON.stringify(plan)) >>> 0).toString(16)}`;
}

/** The config that sets only the round limit (empty when the sweep keeps the game's own). */
function roundsConfig(game: AnyGame, rounds: number | null): Record<string, unknown> {
  const key = roundsKey(game);
  return rounds === null || !key ? {} : { [key]: rounds };
}

/** A parsed config's round limit, if the game has one. */
function lastRoundOf(game: AnyGame, config: unknown): number | undefined {
  const key = roundsKey(game);
  const value = key && config && typeof config === 'object' ? (config as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** `truce=2,stamina=8`, or `baseline` for a sweep without treatments. */
export function treatmentLabel(treatment: Record<string, TreatmentValue>): string {
  const parts = Object.entries(treatment).map(([k, v]) => `${k}=${v}`);
  return parts.length ? parts.join(',') : 'baseline';
}

/** Every treatment combination (first treatment varying slowest), in plan order. */
export function treatmentCombos(plan: SweepPlan): Array<Record<string, TreatmentValue>> {
  let combos: Array<Record<string, TreatmentValue>> = [{}];
  for (const t of plan.treatments) combos = combos.flatMap((c) => t.values.map((v) => ({ ...c, [t.key]: v })));
  return combos;
}

/**
 * The runs of a plan: treatment combinations x seeds 1..N, snapshots kept for
 * seed 1 only. Seats follow the population's order (its first policy gets the
 * lowest seats). Each run's config is parsed here, so a combination the game
 * refuses (two keys that clash) fails before anything runs.
 */
export function planRuns(plan: SweepPlan, game: AnyGame): RunSpec[] {
  return treatmentCombos(plan).flatMap((treatment) => {
    const { players, ...settings } = treatment;
    const population = players === undefined ? plan.population : scalePopulation(plan.population, Number(players))!;
    const lineup = population.flatMap((p) => new Array<string>(p.count).fill(p.name));
    let raw = applySettings(roundsConfig(game, plan.rounds), plan.settings ?? {});
    for (const [key, value] of Object.entries(settings)) raw = withSetting(raw, key, value);
    const parsed = game.configSchema.safeParse(raw);
    if (!parsed.success) throw new CliError(`treatment ${treatmentLabel(treatment)}: ${formatZodError(parsed.error)}`);
    const config = parsed.data;
    const last = lastRoundOf(game, config);
    const snapshots = plan.snapshots.filter((r) => last === undefined || r <= last);
    return Array.from({ length: plan.seeds }, (_, i): RunSpec => {
      const seed = i + 1;
      return { game: plan.game, id: `${treatmentLabel(treatment)}#${seed}`, treatment, seed, config, lineup, snapshots: seed === 1 ? snapshots : [] };
    });
  });
}
