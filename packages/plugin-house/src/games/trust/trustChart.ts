import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { ChartSpec } from '../../dashboard/chartSpec.ts';
import { fieldChart } from '../../dashboard/scoreChart.ts';
import type { MatchDetail } from '../../types.ts';

/** The rounds in which each player's high five missed and landed as an attack, from the `missed` events given. */
export function missRounds(events: readonly Pick<LogEntry, 'type' | 'round' | 'data'>[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const e of events) {
    const player = e.data?.player;
    if (e.type === 'missed' && typeof player === 'string') out.set(player, [...(out.get(player) ?? []), e.round]);
  }
  return out;
}

/**
 * Trust's sats race on the match page: each player's sats after each round,
 * and, where the reader may know them (the observer; everyone once the match
 * is over, but the room's and other seats' views), a cross on a line at each
 * round its high five missed and landed as an attack.
 */
export function trustChart(detail: MatchDetail): ChartSpec | null {
  const chart = fieldChart(detail.history, detail.summary.players.map((p) => p.name), 'sats', 'Sats after each round', 'sats');
  const misses = missRounds(detail.events);
  if (!chart || !misses.size) return chart;
  const datasets = chart.datasets.map((d) => {
    const marks = (misses.get(d.label) ?? []).map((r) => chart.labels.indexOf(r)).filter((i) => i >= 0);
    return marks.length ? { ...d, marks } : d;
  });
  return { ...chart, title: 'Sats after each round (✕: a high five that missed and landed as an attack)', datasets };
}
