import { htmlPage } from '@the-house/lab/report/htmlPage.ts';
import type { Rendered } from './chartSpec.ts';

/** Milliseconds between two polls of the view route. */
export const POLL_MS = 2000;

const STYLE = `<style>.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px}
.num{text-align:right}.pill{padding:1px 8px;border-radius:10px;background:#2a2f3a}.pill.running{background:#1f5130}.pill.lobby{background:#4a3f14}
.pill.stopped{background:#5a1f1f}.badge{font-size:11px;background:#665c1e;border-radius:4px;padding:0 5px}tr.eliminated td{opacity:.55}
.plot{aspect-ratio:1}.timeline{padding-left:18px}.timeline ul{margin:2px 0 8px;padding-left:18px}.begs{border-left:3px solid #edc948;padding-left:10px}
.legend{margin-right:10px;white-space:nowrap}#updated{position:fixed;top:6px;right:12px;font-size:12px}
#full{display:none;margin-bottom:6px}#full a{color:#76b7b2}
tr[data-href]{cursor:pointer}tr[data-href]:hover td{background:#1e2230}h2 a{color:inherit;text-decoration:none}h2 a:hover{text-decoration:underline}
.grid{grid-template-columns:repeat(auto-fit,minmax(min(400px,100%),1fr))}.grid>div{min-width:0}.card,.scroll{overflow-x:auto}
@media (max-width:640px){body{padding:8px 10px}h1{font-size:20px}h2{font-size:17px}.card{padding:8px 10px}td,th{padding:3px 6px}}
@media (max-width:520px){table.matches th:nth-child(5),table.matches td:nth-child(5),table.matches th:nth-child(6),table.matches td:nth-child(6){display:none}}</style>`;

/**
 * Draws the view (HTML plus chart specs) and polls the view route for a new
 * one; only a changed view is redrawn, so an idle page stays still. Every other
 * line is dashed and drawn above the solid ones, so that players with equal
 * scores stay visible (the legend is reversed back into seat order).
 */
const SCRIPT = `const charts = {};
let last = '';
function draw(view) {
  const text = JSON.stringify(view);
  if (text === last) return;
  last = text;
  for (const id of Object.keys(charts)) { charts[id].destroy(); delete charts[id]; }
  document.getElementById('house').innerHTML = view.html;
  for (const c of view.charts) {
    const canvas = document.getElementById(c.id);
    if (!canvas || typeof Chart === 'undefined') continue;
    charts[c.id] = new Chart(canvas, {
      type: c.kind,
      data: { labels: c.labels, datasets: c.datasets.map((d, i) => ({ label: d.label, data: d.data, borderDash: i % 2 ? [6, 4] : [], order: c.datasets.length - i, borderColor: d.color, backgroundColor: d.color, pointRadius: c.labels.length > 40 ? 0 : 2, borderWidth: 2, spanGaps: false })) },
      options: { animation: false, responsive: true, maintainAspectRatio: false, scales: { x: { ticks: { color: '#9aa4b2' }, title: { display: true, text: (c.axes && c.axes.x) || 'round', color: '#9aa4b2' } }, y: { ticks: { color: '#9aa4b2', precision: c.kind === 'bar' ? 0 : undefined }, title: { display: Boolean(c.axes && c.axes.y), text: (c.axes && c.axes.y) || '', color: '#9aa4b2' } } }, plugins: { legend: { reverse: true, labels: { color: '#e6e6e6' } } } },
    });
  }
}
const viewUrl = location.pathname.replace(/\\/$/, '') + '/view' + location.search;
// A host with an API key wants it here too: the one the web GUI keeps for this address, or one typed below.
const keyName = 'eliza-api-key-' + location.origin;
function apiKey() { try { return localStorage.getItem(keyName) || ''; } catch (e) { return ''; } }
function askKey() {
  document.getElementById('key').style.display = 'block';
  document.getElementById('updated').textContent = 'this House wants its API key';
}
document.getElementById('keyform').addEventListener('submit', (event) => {
  event.preventDefault();
  try { localStorage.setItem(keyName, document.getElementById('keyvalue').value.trim()); } catch (e) {}
  document.getElementById('key').style.display = 'none';
  poll();
});
async function poll() {
  try {
    const key = apiKey();
    const res = await fetch(viewUrl, { cache: 'no-store', headers: key ? { 'X-API-KEY': key } : {} });
    if (res.status === 401) return askKey();
    if (res.ok) { draw(await res.json()); document.getElementById('updated').textContent = 'updated ' + new Date().toLocaleTimeString(); }
  } catch (e) {
    document.getElementById('updated').textContent = 'offline: ' + e;
  }
}
// In the GUI's narrow side panel (an iframe) the page offers itself full size, at the short address the host serves.
const framed = window.self !== window.top;
if (framed) document.getElementById('full').style.display = 'block';
// A match's row (or its link) opens its page: from the side panel in a tab of its own, where it has room.
document.addEventListener('click', (event) => {
  const link = event.target.closest('a[href^="/house/matches/"]');
  const row = event.target.closest('tr[data-href]');
  const href = link ? link.getAttribute('href') : row && !event.target.closest('a') ? row.getAttribute('data-href') : null;
  if (!href) return;
  event.preventDefault();
  if (framed || event.ctrlKey || event.metaKey) window.open(href, '_blank', 'noopener');
  else location.href = href;
});
if (DATA) draw(DATA); else poll();
setInterval(poll, ${POLL_MS});`;

const KEY_FORM = `<form id="keyform"><div id="key" style="display:none" class="card"><p>This House wants the API key its host was started with (<code>ELIZA_SERVER_AUTH_TOKEN</code>), as its REST API does. It is kept in this browser, where the web GUI keeps it.</p><input id="keyvalue" type="password" autocomplete="off" size="40"> <button>Use it</button></div></form>`;

/**
 * The House tab: a self-contained page (Chart.js inline) showing `view` and
 * keeping it live. `view` null: a page with nothing in it yet (a host with an
 * API key serves data only to a request that carries it; the page's script
 * sends the key and draws what comes back).
 */
export function dashboardPage(view: Rendered | null, title = 'The House'): string {
  return htmlPage({ title, body: `${STYLE}<span id="updated" class="muted"></span><div id="full"><a href="/house" target="_blank" rel="noopener">Open the full page (/house)</a></div>${KEY_FORM}<main id="house"></main>`, data: view, script: SCRIPT, charts: true });
}
