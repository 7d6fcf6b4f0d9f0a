import type { RoundHistoryEntry } from '../types.ts';
import type { ChartSpec } from './chartSpec.ts';
import { seriesOverRounds } from './historySeries.ts';

/** The id of the match page's chart canvas (the page has one; the panels below it use ids of their own). */
export const PAGE_CHART = 'page-chart';

/** The match page's chart of one report field over rounds, one line per seat; null when no round reports it. */
export function fieldChart(history: readonly RoundHistoryEntry[], seats: readonly string[], field: string, title: string, unit: string): ChartSpec | null {
  const series = seriesOverRounds(history, { field }, seats);
  return series.datasets.length ? { id: PAGE_CHART, title, kind: 'line', axes: { x: 'round', y: unit }, ...series } : null;
}
