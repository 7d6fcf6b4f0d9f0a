import { escapeHtml, htmlPage } from '../../report/htmlPage.ts';
import type { GoldmineState, RoundLog } from '@the-house/games/goldmine/goldmineTypes.ts';
import { GOLDMINE_METRICS, matchHistory, roundSeries, runMetrics } from '@the-house/games/goldmine/metrics/goldmineMetrics.ts';
import { REPORT_SCRIPT } from '../../report/reportScript.ts';
import type { MatchStory } from '../../report/narratedTimeline.ts';

/** Rounds averaged by the smoothed line drawn over each per-round series. */
const SMOOTH = 10;
/** Map cells the round slider may embed (rounds x plots); longer matches keep every k-th round. */
const TIMELINE_CELLS = 200_000;

/** One character per plot: `.` unowned, `A` for seat 0 (20 seats at most). */
const encodeOwners = (owner: readonly number[]): string => owner.map((o) => (o < 0 ? '.' : String.fromCharCode(65 + o))).join('');

const cell = (x: number, percent: boolean): string => (Number.isNaN(x) ? '-' : !Number.isFinite(x) ? 'never reached' : percent ? `${(x * 100).toFixed(1)}%` : x.toFixed(3));

/**
 * Stamina as the match played it: one number when everyone had the same, else
 * each player's (the config's map or classes, keyed by player id, are never
 * made text as they are: an id such as `toString` would be called).
 */
function staminaText(state: GoldmineState): string {
  const all = state.staminaOf;
  return all.every((s) => s === all[0]) ? String(all[0] ?? '') : state.players.map((p, i) => `${p} ${all[i]}`).join(', ');
}

/**
 * One match's self-contained report: standings, the ODD metrics for the whole
 * match and each half (with the direction the ODD expects), gold per player,
 * turnover, raid rate, efficiency, Gini, HHI and idle stamina over rounds (each
 * with its 10-round moving average), the ownership map after chosen rounds
 * (default: 1, the middle and the last played) and a slider over every round;
 * with the match's `story`, its ending first and its timeline in words last
 * (folded: 200 rounds make a long page).
 */
export function goldmineMatchReport(state: GoldmineState, logs: readonly RoundLog[], mapRounds?: number[], story?: MatchStory): string {
  const n = state.players.length;
  const h = matchHistory(state, logs);
  const series = roundSeries(h);
  const labels = logs.map((l) => l.round);
  const chart = (id: string, title: string, datasets: Array<{ label: string; data: number[] }>, percent: boolean, smooth: number) => ({ id, title, labels, datasets, percent, smooth });
  const charts = [
    chart('gold', 'Cumulative gold per player', state.players.map((p, i) => ({ label: p, data: logs.map((l) => l.gold[i]!) })), false, 1),
    chart('turnover', 'Turnover: plots taken by raids / plots owned', [{ label: 'turnover', data: series.turnover }], true, SMOOTH),
    chart('raids', 'Raid rate: raids per player per round', [{ label: 'raid rate', data: series.raidRate }], false, SMOOTH),
    chart('efficiency', `Efficiency: gold / ${h.plots * h.cap * h.alpha} (plots x cap x alpha)`, [{ label: 'efficiency', data: series.efficiency }], true, SMOOTH),
    chart('gini', 'Gini of cumulative gold', [{ label: 'Gini', data: series.gini }], false, 1),
    chart('hhi', 'HHI of holdings', [{ label: 'HHI', data: series.hhi }], false, 1),
    chart('idle', 'Idle stamina', [{ label: 'idle', data: series.idle }], true, SMOOTH),
  ];
  const last = logs.length;
  const wanted = (mapRounds ?? [1, Math.max(1, Math.floor(last / 2)), last]).filter((r) => r >= 1 && r <= last);
  const maps = [...new Set(wanted)].map((r) => ({ id: `map${r}`, size: state.config.size, owner: logs[r - 1]!.owner, title: `round ${r}` }));
  const step = Math.max(1, Math.ceil((last * h.plots) / TIMELINE_CELLS));
  const kept = logs.filter((l, i) => i % step === 0 || i === last - 1);
  const timeline = { id: 'timeline', size: state.config.size, rounds: kept.map((l) => l.round), maps: kept.map((l) => encodeOwners(l.owner)) };
  const about = new Map(GOLDMINE_METRICS.map((m) => [m.name, m]));
  const metricRows = runMetrics(h)
    .map((m) => {
      const def = about.get(m.metric)!;
      const expected = def.expect === 'none' ? '' : `2nd half ${def.expect}`;
      return `<tr><td title="${escapeHtml(def.about)}">${m.metric}</td><td>${cell(m.whole, def.percent)}</td><td>${cell(m.first, def.percent)}</td><td>${cell(m.second, def.percent)}</td><td class="muted">${expected}</td><td class="muted">${escapeHtml(def.about)}</td></tr>`;
    })
    .join('');
  const standings = state.players
    .map((p, i) => ({ p, i, gold: state.gold[i]!, plots: state.owner.filter((o) => o === i).length }))
    .sort((a, b) => b.gold - a.gold)
    .map((s) => `<tr><td>${s.i + 1}</td><td>${escapeHtml(s.p)}</td><td>${s.gold}</td><td>${s.plots}</td></tr>`)
    .join('');
  const c = state.config;
  const canvases = charts.map((ch) => `<div class="card" style="height:340px"><canvas id="${ch.id}"></canvas></div>`).join('');
  const body = `<h1>Gold mining match</h1>${story?.ending ? `\n<p><b>Ending:</b> ${escapeHtml(story.ending)}.</p>` : ''}
<p class="muted">seed ${state.seed}, ${n} players, ${last} of ${c.rounds} rounds, ${c.size}x${c.size} map, S=${escapeHtml(staminaText(state))}, cap ${c.cap}, alpha ${c.alpha}, truce ${c.truce}, defense ${c.defense}, history ${c.history}</p>
<div class="grid"><div class="card"><h3>Standings</h3><table><tr><th>#</th><th>player</th><th>gold</th><th>plots</th></tr>${standings}</table></div>
<div class="card"><h3>Metrics</h3><table><tr><th>metric</th><th>whole</th><th>1st half</th><th>2nd half</th><th>ODD expects</th><th>what it is</th></tr>${metricRows}</table></div></div>
<div class="grid">${canvases}</div>
<h2>Ownership map</h2><div id="legend" class="muted"></div>
<div class="card"><div style="display:flex;gap:12px;align-items:center"><input type="range" id="timeline-round" min="0" value="0" style="width:320px"><span id="timeline-label"></span></div><div id="timeline" style="margin-top:8px"></div></div>
<div class="card" style="display:flex;gap:24px;flex-wrap:wrap">${maps.map((m) => `<div><div class="muted">after ${m.title}</div><div id="${m.id}"></div></div>`).join('')}</div>${story ? `\n${story.timeline}` : ''}`;
  return htmlPage({ title: `Gold mining match (seed ${state.seed})`, body, script: REPORT_SCRIPT, data: { charts, maps, timeline, seats: state.players } });
}
