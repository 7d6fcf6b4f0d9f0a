import { escapeHtml, htmlPage } from '../../../report/htmlPage.ts';
import type { GoldmineState, RoundLog } from '../goldmineTypes.ts';
import { matchHistory, roundSeries, runMetrics } from '../metrics/goldmineMetrics.ts';
import { REPORT_SCRIPT } from './reportScript.ts';

/** The Step 4 logs of a match, read off its events (`round` events, in order). */
export function roundLogsFromEvents(events: ReadonlyArray<{ type: string; data?: unknown }>): RoundLog[] {
  return events.filter((e) => e.type === 'round' && e.data).map((e) => e.data as RoundLog);
}

/**
 * One match's self-contained report: gold per player, turnover, raid rate,
 * efficiency and Gini over rounds, the ownership map after chosen rounds
 * (default: 1, the middle and the last played), and the ODD metrics per half.
 */
export function goldmineMatchReport(state: GoldmineState, logs: readonly RoundLog[], mapRounds?: number[]): string {
  const n = state.players.length;
  const h = matchHistory(state.config, n, logs);
  const series = roundSeries(h);
  const labels = logs.map((l) => l.round);
  const chart = (id: string, title: string, datasets: Array<{ label: string; data: number[] }>, percent = false) => ({ id, title, labels, datasets, percent });
  const charts = [
    chart('gold', 'Cumulative gold', state.players.map((p, i) => ({ label: p, data: logs.map((l) => l.gold[i]!) }))),
    chart('turnover', 'Turnover (plots changing hands / plots owned)', [{ label: 'turnover', data: series.turnover }], true),
    chart('raids', 'Raid rate (raids per player per round)', [{ label: 'raid rate', data: series.raidRate }]),
    chart('efficiency', 'Efficiency (output / plots x cap)', [{ label: 'efficiency', data: series.efficiency }], true),
    chart('gini', 'Gini of cumulative gold', [{ label: 'Gini', data: series.gini }]),
  ];
  const last = logs.length;
  const wanted = (mapRounds ?? [1, Math.max(1, Math.floor(last / 2)), last]).filter((r) => r >= 1 && r <= last);
  const maps = [...new Set(wanted)].map((r) => ({ id: `map${r}`, size: state.config.size, owner: logs[r - 1]!.owner, title: `round ${r}` }));
  const metricRows = runMetrics(h)
    .map((m) => `<tr><td>${m.metric}</td><td>${m.whole.toFixed(4)}</td><td>${m.first.toFixed(4)}</td><td>${m.second.toFixed(4)}</td></tr>`)
    .join('');
  const standings = state.players
    .map((p, i) => ({ p, gold: state.gold[i]!, plots: state.owner.filter((o) => o === i).length }))
    .sort((a, b) => b.gold - a.gold)
    .map((s) => `<tr><td>${escapeHtml(s.p)}</td><td>${s.gold}</td><td>${s.plots}</td></tr>`)
    .join('');
  const c = state.config;
  const body = `<h1>Gold mining match</h1>
<p class="muted">seed ${state.seed}, ${n} players, ${last} of ${c.rounds} rounds, ${c.size}x${c.size} map, S=${c.stamina}, cap ${c.cap}, alpha ${c.alpha}, truce ${c.truce}, defense ${c.defense}, history ${c.history}</p>
<div class="grid"><div class="card"><h3>Standings</h3><table><tr><th>player</th><th>gold</th><th>plots</th></tr>${standings}</table></div>
<div class="card"><h3>Metrics</h3><table><tr><th>metric</th><th>whole</th><th>1st half</th><th>2nd half</th></tr>${metricRows}</table></div></div>
<div class="grid">${charts.map((ch) => `<div class="card" style="height:340px"><canvas id="${ch.id}"></canvas></div>`).join('')}</div>
<h2>Ownership maps</h2><div id="legend" class="muted"></div>
<div class="card" style="display:flex;gap:24px;flex-wrap:wrap">${maps.map((m) => `<div><div class="muted">after ${m.title}</div><div id="${m.id}"></div></div>`).join('')}</div>`;
  return htmlPage({ title: `Gold mining match (seed ${state.seed})`, body, script: REPORT_SCRIPT, data: { charts, maps, seats: state.players } });
}
