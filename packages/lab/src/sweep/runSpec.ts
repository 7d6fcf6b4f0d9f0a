import type { SeatResults } from '../results/seatResults.ts';
import type { MetricRow } from '@the-house/games/engine/types.ts';
import { isRemoteEntry, remoteKindOf } from '../remote/remoteEntry.ts';

/** A treatment's value of one config key (or `players`). */
export type TreatmentValue = string | number | boolean;

/**
 * One run of an experiment, as plain JSON (a worker thread or a queue job
 * receives exactly this): the game, the config after the treatment, the seed
 * and each seat's policy (a strategy name, or `model:<name>[/strategy]`).
 */
export interface RunSpec {
  game: string;
  /** `<treatment label>#<seed>` in sweeps, `<a> vs <b> #<repeat>` in tournaments. */
  id: string;
  treatment: Record<string, TreatmentValue>;
  seed: number;
  config: unknown;
  lineup: string[];
  /** Rounds after which to keep the game's snapshot (Gold mining's map), for the report. */
  snapshots: number[];
  /** Tournaments only rank matches: `false` skips the metrics and the per-round series. */
  measure?: boolean;
  /** Player ids, one per seat; `seatIds(lineup)` when absent. */
  players?: string[];
}

export interface RunSeries {
  key: string;
  title: string;
  percent: boolean;
  values: number[];
}

/** What a run leaves behind: one line of a sweep's `runs.jsonl`. Non-finite numbers survive the trip through JSON (see `runsJson`). */
export interface RunResult {
  id: string;
  treatment: Record<string, TreatmentValue>;
  seed: number;
  lineup: string[];
  /** The game's metrics, then `score:<policy>` (mean final score of that policy's seats; halves: gained in each half), then `usage:*` for model seats. */
  metrics: MetricRow[];
  /** Per-round series of the game's metrics hook (one value per round), with the title a chart gives each. */
  series: RunSeries[];
  snapshots: Record<string, unknown>;
  /** Final score of each seat (the game's `score`), in seat order. */
  scores: number[];
  /** Seats (indexes) the game named winners. */
  winners: number[];
  rounds: number;
  /** The outcome's kind (`limit`, `replicate`, `elimination`, ...), null when unfinished. */
  kind: string | null;
  /**
   * Each seat's result class from the run's record (decided, forfeit, void; seats
   * in seat order), for runs played through the recorded runner (model or remote
   * seats); absent for strategies alone, whose seats are all decided.
   */
  seatResults?: SeatResults;
}

/** How one run ended: its result, or why the engine failed on it (a poisoned config: reported, not retried). */
export type RunReply = { ok: true; result: RunResult } | { ok: false; id: string; error: string };

/** Seat ids of a run: its own, or `<policy>-<seat number>` with whatever is not a word character of a model name made `-`. */
export function seatIds(spec: Pick<RunSpec, 'lineup' | 'players'>): string[] {
  return spec.players ?? spec.lineup.map((name, i) => `${isRemoteEntry(name) ? remoteKindOf(name) : name.replace(/[^\w.-]+/g, '-')}-${i + 1}`);
}

/** Runs with a model or a remote agent in a seat: played through the recorded runner on the main thread, never in a worker. */
export function hasModelSeats(spec: RunSpec): boolean {
  return spec.lineup.some((name) => name.startsWith('model:') || isRemoteEntry(name));
}

const NON_FINITE = new Map<unknown, number>([
  ['NaN', Number.NaN],
  ['Inf', Number.POSITIVE_INFINITY],
  ['-Inf', Number.NEGATIVE_INFINITY],
]);

const encode = (x: number): number | string => (Number.isFinite(x) ? x : Number.isNaN(x) ? 'NaN' : x > 0 ? 'Inf' : '-Inf');
const decode = (x: unknown): unknown => NON_FINITE.get(x) ?? x;

/** A result as one JSON line that keeps NaN and +-Infinity in metrics and series (a half-life never reached), which JSON would turn into null. */
export function runJson(result: RunResult): string {
  return JSON.stringify({
    ...result,
    metrics: result.metrics.map((m) => ({ metric: m.metric, whole: encode(m.whole), first: encode(m.first), second: encode(m.second) })),
    series: result.series.map((s) => ({ ...s, values: s.values.map(encode) })),
  });
}

/** Reads `runJson` back (a value, to be checked by the caller); throws on text that is not JSON. */
export function parseRunJson(text: string): unknown {
  const raw = JSON.parse(text) as { metrics?: unknown; series?: unknown } | null;
  if (!raw || typeof raw !== 'object') return raw;
  if (Array.isArray(raw.metrics)) raw.metrics = raw.metrics.map((m: Record<string, unknown>) => ({ ...m, whole: decode(m.whole), first: decode(m.first), second: decode(m.second) }));
  if (Array.isArray(raw.series)) raw.series = raw.series.map((s: Record<string, unknown>) => ({ ...s, values: Array.isArray(s.values) ? s.values.map(decode) : s.values }));
  return raw;
}
