import { fieldChart } from '../../dashboard/scoreChart.ts';
import type { ChartSpec } from '../../dashboard/chartSpec.ts';
import type { MatchDetail, RoundHistoryEntry } from '../../types.ts';

/** Gold mining's plots held per round, as numbers. */
function plotsHeld(history: readonly RoundHistoryEntry[]): RoundHistoryEntry[] {
  return history.map((h) => ({ ...h, players: Object.fromEntries(Object.entries(h.players).map(([id, p]) => [id, { plots: Array.isArray(p.plots) ? p.plots.length : null }])) }));
}

/** The match page's chart: the gold once the reader may know it (RULES S-a: it is private while the match runs), else the plots held. */
export function goldmineChart(detail: MatchDetail): ChartSpec | null {
  const seats = detail.summary.players.map((p) => p.name);
  return fieldChart(detail.history, seats, 'gold', 'Gold after each round', 'gold') ?? fieldChart(plotsHeld(detail.history), seats, 'plots', 'Plots held after each round', 'plots');
}
