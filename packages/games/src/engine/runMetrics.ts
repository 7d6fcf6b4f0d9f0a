import type { GameMetrics, MetricDef, MetricRow, Window } from './types.ts';

/** The whole run, its first half and its second half (the paired comparison): the first half has the extra round of an odd count's middle on the second side. */
export function halves(rounds: number): { whole: Window; first: Window; second: Window } {
  const mid = Math.floor(rounds / 2);
  return { whole: { from: 1, to: rounds }, first: { from: 1, to: mid }, second: { from: mid + 1, to: rounds } };
}

/** Every metric of a game over the whole run and each half; NaN for an empty window (a 1-round run has no first half). */
export function metricRows<H>(metrics: GameMetrics<any, H>, h: H): MetricRow[] {
  const { whole, first, second } = halves(metrics.rounds(h));
  const of = (m: MetricDef<H>, w: Window): number => (w.to >= w.from ? m.of(h, w) : Number.NaN);
  return metrics.defs.map((m) => ({ metric: m.name, whole: of(m, whole), first: m.wholeOnly ? Number.NaN : of(m, first), second: m.wholeOnly ? Number.NaN : of(m, second) }));
}
