import { metricRows } from '@the-house/games/engine/runMetrics.ts';
import type { AnyGame, BaseState, MetricRow, Outcome, PlayedRun, PlayerId } from '@the-house/games/engine/types.ts';
import { halves } from '@the-house/games/engine/runMetrics.ts';
import { seatOwner } from '../seats/seatOwner.ts';
import type { RunResult, RunSpec } from './runSpec.ts';

const round4 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x);

/**
 * A finished run measured: the game's own metrics (its hook) over the whole
 * run and each half, the mean score of each policy's seats (`score:<policy>`:
 * final score; halves: what they gained in each half), the per-round series
 * and snapshots the report draws, and each seat's final score and win.
 * `scoreTrack[t]` holds the seats' scores after round t (t = 0: at the start).
 */
export function measureRun(game: AnyGame, spec: RunSpec, ids: readonly PlayerId[], run: PlayedRun, outcome: Outcome, scoreTrack: readonly number[][]): RunResult {
  const rounds = spec.measure === false ? (run.state as BaseState).round : run.rounds.length;
  const scores = ids.map((id) => game.score(run.state, id));
  const winnerSeats = new Set(outcome.winners.map((w) => seatOwner(run.state, w)));
  const winners = ids.flatMap((id, i) => (winnerSeats.has(id) ? [i] : []));
  const result: RunResult = { id: spec.id, treatment: spec.treatment, seed: spec.seed, lineup: spec.lineup, metrics: [], series: [], snapshots: {}, scores, winners, rounds, kind: outcome.kind };
  if (spec.measure === false) return result;
  if (game.metrics) {
    const h = game.metrics.history(run);
    result.metrics = metricRows(game.metrics, h);
    result.series = (game.metrics.series?.(h) ?? []).map((s) => ({ key: s.key, title: s.title, percent: s.percent, values: s.values.map(round4) }));
    for (const r of spec.snapshots) {
      const snap = game.metrics.snapshot?.(h, r);
      if (snap !== undefined && snap !== null) result.snapshots[String(r)] = snap;
    }
  }
  result.metrics.push(...policyScores(spec.lineup, scoreTrack, rounds));
  return result;
}

/** `score:<policy>`: the mean over that policy's seats of the final score, and of the score gained in each half. */
function policyScores(lineup: readonly string[], track: readonly number[][], rounds: number): MetricRow[] {
  const { first, second } = halves(rounds);
  const at = (round: number, seat: number): number => track[round]?.[seat] ?? Number.NaN;
  return [...new Set(lineup)].map((name) => {
    const seats = lineup.flatMap((n, i) => (n === name ? [i] : []));
    const avg = (f: (seat: number) => number): number => seats.reduce((s, i) => s + f(i), 0) / seats.length;
    return {
      metric: `score:${name}`,
      whole: avg((i) => at(rounds, i)),
      first: first.to >= first.from ? avg((i) => at(first.to, i) - at(first.from - 1, i)) : Number.NaN,
      second: second.to >= second.from ? avg((i) => at(second.to, i) - at(second.from - 1, i)) : Number.NaN,
    };
  });
}
