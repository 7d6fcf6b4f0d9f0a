import { htmlPage } from '@the-house/lab/report/htmlPage.ts';
import { POLL_MS } from './dashboardPage.ts';
import { PLAY_SPEEDS, playbackScript } from './playback.ts';
import type { MatchPageView } from './matchPageView.ts';

const STYLE = `<style>.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px}.num{text-align:right}
.badge{font-size:11px;background:#665c1e;border-radius:4px;padding:0 5px;margin-left:4px}tr.eliminated td{opacity:.55}tr.out td{opacity:.55}
.pill{padding:1px 8px;border-radius:10px;background:#2a2f3a}.pill.running{background:#1f5130}.pill.lobby{background:#4a3f14}.pill.stopped{background:#5a1f1f}
header h1{margin:0 0 4px}header a{color:inherit}#status{margin:0 0 8px}.scrub{display:flex;align-items:center;gap:10px;flex-wrap:wrap;margin:4px 0 10px}
#scrubber{flex:1;min-width:180px;accent-color:#edc948}.scrub button,.scrub select{background:#2a2f3a;color:#e6e6e6;border:1px solid #3a4150;border-radius:6px;padding:2px 10px;font-size:16px}
.views{display:flex;gap:6px;flex-wrap:wrap;align-items:center;margin:0 0 8px}.views button{background:#2a2f3a;color:#e6e6e6;border:1px solid #3a4150;border-radius:12px;padding:1px 10px}.views button[aria-pressed=true]{background:#665c1e;border-color:#edc948}
#roundLabel{min-width:130px;font-weight:600}.map{display:grid;gap:2px;max-width:360px;margin:6px 0}.map div{aspect-ratio:1;border-radius:2px}
#timeline{padding-left:0;list-style:none}#timeline li.round{margin:6px 0;padding:4px 10px;border-left:3px solid #2a2f3a}#timeline li.current{border-left-color:#edc948;background:#1e2230}
#timeline ul{margin:2px 0 4px;padding-left:18px}.begs{border-left:3px solid #edc948;padding-left:10px}.legend{margin-right:10px;white-space:nowrap}
#updated{position:fixed;top:6px;right:12px;font-size:12px}.grid{grid-template-columns:repeat(auto-fit,minmax(min(380px,100%),1fr))}.grid>div{min-width:0}.card{overflow-x:auto}
html.embed body{padding:4px 8px}html.embed #updated,html.embed header,html.embed #scorecard,html.embed #more{display:none!important}html.embed section.card{margin:0;border:0;padding:4px}
@media (max-width:640px){body{padding:8px 10px}h1{font-size:20px}.card{padding:8px 10px}td,th{padding:3px 6px}}</style>`;

// ?embed=1: the viewer alone, for a frame (ElizaOS's server lets only its own origin frame its pages); set before the body draws, so the chrome never shows.
const BODY = `<script>if (/[?&]embed=1(&|$)/.test(location.search)) document.documentElement.classList.add('embed');</script>
<span id="updated" class="muted"></span>
<header><h1><a href="/house">The House</a> · <span id="title">a match</span> <span id="matchid" class="muted"></span></h1><p id="status" class="muted">Loading the match…</p><p id="banner" class="muted"></p></header>
<form id="keyform"><div id="key" style="display:none" class="card"><p>This House wants the API key its host was started with (<code>ELIZA_SERVER_AUTH_TOKEN</code>), as its REST API does. It is kept in this browser, where the web GUI keeps it.</p><input id="keyvalue" type="password" autocomplete="off" size="40"> <button>Use it</button></div></form>
<main id="match">
<section class="card" aria-label="the match round by round">
<div id="views" class="views" role="group" aria-label="whose view of the match to show" hidden></div>
<div class="scrub" id="scrub"><button type="button" id="play" aria-pressed="false" aria-label="play the rounds">▶</button><select id="speed" aria-label="playing speed">${PLAY_SPEEDS.map((s) => `<option value="${s}"${s === 1 ? ' selected' : ''}>${s}x</option>`).join('')}</select><button type="button" id="prev" aria-label="previous round">‹</button><input type="range" id="scrubber" min="1" max="1" step="1" value="1" aria-label="round to show"><button type="button" id="next" aria-label="next round">›</button><output id="roundLabel" for="scrubber" aria-live="polite"></output></div>
<p id="noround" class="muted" hidden>No round has finished yet: the board appears after the first.</p>
<div class="grid"><div id="board" aria-label="the board after the round shown"></div><div id="chartpart"><h3 id="chartTitle"></h3><div id="chartbox" class="chart" style="position:relative;height:260px"><canvas id="page-chart"></canvas></div></div></div>
<p id="hidden" class="muted"></p>
<h3>Timeline</h3><ol id="timeline" aria-label="the rounds in words, the one shown first"></ol>
</section>
<section class="card" id="scorecard"><h3>Scoreboard now</h3><div id="scoreboard"></div></section>
<section class="card" id="more" hidden></section>
</main>`;

/**
 * The board, chart and timeline follow the scrubber's round; a live match's
 * page asks for a newer view and, when the scrubber stood on the last round,
 * moves on with it. Text from the match is set as text; the server-drawn
 * parts (scoreboard, the game's panel) come escaped.
 */
const SCRIPT = `let view = null, current = null, chart = null, lastText = '', timer = null;
const more = [];
const $ = (id) => document.getElementById(id);
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
const frames = () => (view && view.board ? view.board.frames : []);
const frameAt = (round) => frames().find((f) => f.round === round);
const lastRound = () => { const fs = frames(); return fs.length ? fs[fs.length - 1].round : null; };
// A long match comes a window of rounds at a time: 'span' is the window and the whole range, 'asked' the window shown when it is not the latest.
let asked = null;
// A shared link's round (\`#round=12\`, as the room's posts give) is where the page opens, once its first view is drawn; the scrubber then keeps the address on the round shown.
let linked = /^#round=(\\d{1,6})$/.test(location.hash) ? Number(location.hash.slice(7)) : null;
const span = () => (view && view.rounds ? view.rounds : null);
const atEnd = () => { const r = span(); return !r || r.to >= r.last; };
function bounds() {
  const fs = frames(), r = span();
  return { min: r ? r.first : fs.length ? fs[0].round : 1, max: atEnd() ? (fs.length ? fs[fs.length - 1].round : 1) : r.last };
}
const marker = { id: 'roundMarker', afterDatasetsDraw(c) {
  if (c.config.type !== 'line' || current === null) return;
  const i = c.data.labels.indexOf(current);
  if (i < 0) return;
  const x = c.scales.x.getPixelForValue(i), ctx = c.ctx;
  ctx.save(); ctx.strokeStyle = '#edc948'; ctx.lineWidth = 2; ctx.setLineDash([4, 3]);
  ctx.beginPath(); ctx.moveTo(x, c.chartArea.top); ctx.lineTo(x, c.chartArea.bottom); ctx.stroke(); ctx.restore();
} };
function makeChart(canvas, c) {
  if (!canvas || typeof Chart === 'undefined') return null;
  return new Chart(canvas, {
    type: c.kind,
    data: { labels: c.labels, datasets: c.datasets.map((d, i) => ({ label: d.label, data: d.data, borderDash: i % 2 ? [6, 4] : [], order: c.datasets.length - i, borderColor: d.color, backgroundColor: d.color, borderWidth: 2,
      pointRadius: d.marks ? d.data.map((_, j) => (d.marks.includes(j) ? 8 : c.labels.length > 40 ? 0 : 2)) : c.labels.length > 40 ? 0 : 2,
      pointStyle: d.marks ? d.data.map((_, j) => (d.marks.includes(j) ? 'crossRot' : 'circle')) : 'circle', pointBorderWidth: d.marks ? d.data.map((_, j) => (d.marks.includes(j) ? 3 : 1)) : 1 })) },
    options: { animation: false, responsive: true, maintainAspectRatio: false,
      scales: { x: { ticks: { color: '#9aa4b2' }, title: { display: true, text: (c.axes && c.axes.x) || 'round', color: '#9aa4b2' } },
        y: { ticks: { color: '#9aa4b2', precision: c.kind === 'bar' ? 0 : undefined }, beginAtZero: c.kind === 'bar', title: { display: Boolean(c.axes && c.axes.y), text: (c.axes && c.axes.y) || '', color: '#9aa4b2' } } },
      plugins: { legend: { reverse: c.kind === 'line', labels: { color: '#e6e6e6' } } } },
    plugins: [marker],
  });
}
function drawHeader() {
  document.title = view.title + ' ' + view.id + ' · The House';
  $('title').textContent = view.title;
  $('matchid').textContent = view.id;
  $('status').textContent = view.status + ', round ' + view.round + (view.ending ? ' · ' + view.ending : '');
  $('status').dataset.status = view.status;
  $('scoreboard').innerHTML = view.scoreboard;
  $('hidden').textContent = (view.board && view.board.hidden) || '';
}
function drawChart() {
  if (chart) chart.destroy();
  chart = null;
  const canvas = $('page-chart');
  if (view.chart) {
    $('chartTitle').textContent = view.chart.title;
    chart = makeChart(canvas, view.chart);
  } else if (frames().some((f) => f.votes)) {
    chart = makeChart(canvas, { kind: 'bar', labels: [], axes: { x: 'player', y: 'votes' }, datasets: [{ label: 'empower votes', data: [], color: '#59a14f' }, { label: 'expose votes', data: [], color: '#e15759' }] });
  }
  $('chartpart').hidden = !chart && !view.chart;
}
function drawMore() {
  for (const c of more.splice(0)) c.destroy();
  $('more').hidden = !view.more.html;
  $('more').innerHTML = view.more.html;
  for (const c of view.more.charts) { const made = makeChart(document.getElementById(c.id), c); if (made) more.push(made); }
}
// A finished match is read as its room was told it, as one seat knew it, or in full: the view route answers for the perspective asked.
let as = null;
function drawViews() {
  const box = $('views');
  const p = view.perspective;
  box.hidden = !p;
  box.replaceChildren();
  if (!p) return;
  box.append(el('span', { class: 'muted' }, 'View:'));
  for (const c of p.choices) {
    const b = el('button', { type: 'button', 'data-as': c.key, 'aria-pressed': String(c.key === p.as) }, c.label);
    b.addEventListener('click', () => choose(c.key));
    box.append(b);
  }
}
async function choose(key) {
  as = key;
  const next = await getView(asked);
  if (next) draw(next, current === null ? undefined : current);
}
function drawBoard(f) {
  const box = $('board');
  box.replaceChildren();
  box.dataset.round = String(f.round);
  box.append(el('h3', {}, 'After round ' + f.round));
  if (f.owner && view.board.size) {
    const map = el('div', { class: 'map', role: 'img', 'aria-label': 'ownership map after round ' + f.round, 'data-size': String(view.board.size) });
    map.style.gridTemplateColumns = 'repeat(' + view.board.size + ', 1fr)';
    f.owner.forEach((o, plot) => {
      const seat = view.board.seats[o];
      const cell = el('div', { title: 'plot ' + plot + ': ' + (seat ? seat.name : 'unowned') });
      cell.style.background = seat ? seat.color : '#262b36';
      map.append(cell);
    });
    box.append(map);
    const legend = el('p');
    for (const s of view.board.seats) { const item = el('span', { class: 'legend' }); const dot = el('span', { class: 'dot' }); dot.style.background = s.color; item.append(dot, s.name); legend.append(item, ' '); }
    box.append(legend);
  }
  const table = el('table', { class: 'board-rows' });
  const head = el('tr');
  for (const c of ['player', ...view.board.columns]) head.append(el('th', {}, c));
  table.append(el('thead'), el('tbody'));
  table.tHead.append(head);
  for (const r of f.rows) {
    const tr = el('tr', { 'data-player': r.player, class: r.out ? 'out' : '' });
    const name = el('td');
    const dot = el('span', { class: 'dot' });
    dot.style.background = r.color;
    name.append(dot, r.player);
    for (const m of r.marks) name.append(el('span', { class: 'badge' }, m));
    tr.append(name);
    for (const c of r.cells) tr.append(el('td', {}, c));
    table.tBodies[0].append(tr);
  }
  box.append(table);
  if (f.part) { const part = el('div', { class: 'part' }); part.innerHTML = f.part; box.append(part); }
}
function drawTimeline(round) {
  const list = $('timeline');
  list.replaceChildren();
  const shown = frames().filter((f) => f.round <= round).slice(-6).reverse();
  for (const f of shown) {
    const li = el('li', { class: 'round' + (f.round === round ? ' current' : ''), 'data-round': String(f.round) });
    li.append(el('b', {}, 'Round ' + f.round));
    const ul = el('ul');
    for (const line of f.lines) ul.append(el('li', {}, line));
    if (!f.lines.length) ul.append(el('li', { class: 'muted' }, 'Nothing the room was told.'));
    li.append(ul);
    list.append(li);
  }
}
function windowAround(round) {
  const r = span(), from = Math.max(r.first, round - 50);
  return { from, to: from + 99 };
}
async function fetchAround(round) {
  asked = windowAround(round);
  const next = await getView(asked);
  if (next) draw(next, round);
}
function select(round) {
  const f = frameAt(round);
  if (!f) { if (span() && round >= bounds().min && round <= bounds().max) void fetchAround(round); return; }
  current = round;
  if (location.hash || round !== lastRound()) history.replaceState(null, '', '#round=' + round);
  if (atEnd() && round === lastRound()) asked = null;
  $('scrubber').value = String(round);
  $('roundLabel').textContent = 'Round ' + round + ' of ' + bounds().max;
  drawBoard(f);
  drawTimeline(round);
  $('chartbox').dataset.marker = String(round);
  if (chart && chart.config.type === 'bar') {
    const v = f.votes || { players: [], empower: [], expose: [] };
    chart.data.labels = v.players;
    chart.data.datasets[0].data = v.empower;
    chart.data.datasets[1].data = v.expose;
    $('chartTitle').textContent = 'Votes, round ' + round;
  }
  if (chart) chart.update('none');
}
// Play steps the scrubber a round at a time; at the last round a finished match stops, a live one waits for the next round and steps on to it.
let playing = false, playTimer = null;
function setPlaying(on) {
  playing = on;
  if (playTimer) { clearTimeout(playTimer); playTimer = null; }
  $('play').textContent = on ? '❚❚' : '▶';
  $('play').setAttribute('aria-pressed', String(on));
  $('play').setAttribute('aria-label', on ? 'pause' : 'play the rounds');
  if (on) playTimer = setTimeout(playTick, playDelayMs(Number($('speed').value)));
}
function playTick() {
  playTimer = null;
  if (!playing || !view) return;
  const next = nextPlayRound(frames().map((f) => f.round), current, bounds().max);
  if (next !== null) select(next);
  else if (!view.live) { setPlaying(false); return; }
  playTimer = setTimeout(playTick, playDelayMs(Number($('speed').value)));
}
$('play').addEventListener('click', () => {
  if (playing) { setPlaying(false); return; }
  if (!view || !frames().length) return;
  const from = playStart(current, bounds().min, bounds().max, view.live);
  if (from !== current) select(from);
  setPlaying(true);
});
$('speed').addEventListener('change', () => { if (playing) setPlaying(true); });
function draw(next, want) {
  const text = JSON.stringify(next);
  if (text === lastText) return;
  lastText = text;
  const follow = want === undefined && asked === null && !playing && (current === null || current === lastRound());
  view = next;
  drawHeader();
  drawViews();
  drawChart();
  drawMore();
  const fs = frames();
  $('scrub').hidden = !fs.length;
  $('noround').hidden = fs.length > 0;
  if (fs.length) {
    $('scrubber').min = String(bounds().min);
    $('scrubber').max = String(bounds().max);
    select(want !== undefined && frameAt(want) ? want : follow || !frameAt(current) ? lastRound() : current);
    if (linked !== null) { const round = linked; linked = null; select(round); }
  }
  if (!view.live && timer) { clearInterval(timer); timer = null; }
}
$('scrubber').addEventListener('input', (e) => select(Number(e.target.value)));
$('prev').addEventListener('click', () => { const fs = frames(), i = fs.findIndex((f) => f.round === current); if (i > 0) select(fs[i - 1].round); else if (current !== null && current > bounds().min) select(current - 1); });
$('next').addEventListener('click', () => { const fs = frames(), i = fs.findIndex((f) => f.round === current); if (i >= 0 && i < fs.length - 1) select(fs[i + 1].round); else if (current !== null && current < bounds().max) select(current + 1); });
const viewUrl = location.pathname.replace(/\\/$/, '') + '/view';
const keyName = 'eliza-api-key-' + location.origin;
function apiKey() { try { return localStorage.getItem(keyName) || ''; } catch (e) { return ''; } }
$('keyform').addEventListener('submit', (event) => {
  event.preventDefault();
  try { localStorage.setItem(keyName, $('keyvalue').value.trim()); } catch (e) {}
  $('key').style.display = 'none';
  poll();
});
function viewQuery(rounds) {
  const q = new URLSearchParams();
  if (rounds) { q.set('from', String(rounds.from)); q.set('to', String(rounds.to)); }
  if (as) q.set('as', as);
  const text = q.toString();
  return text ? '?' + text : '';
}
async function getView(rounds) {
  const key = apiKey();
  const res = await fetch(viewUrl + viewQuery(rounds), { cache: 'no-store', headers: key ? { 'X-API-KEY': key } : {} });
  return res.ok ? res.json() : null;
}
async function poll() {
  try {
    const key = apiKey();
    const res = await fetch(viewUrl + viewQuery(asked), { cache: 'no-store', headers: key ? { 'X-API-KEY': key } : {} });
    if (res.status === 401) { $('key').style.display = 'block'; $('updated').textContent = 'this House wants its API key'; return; }
    if (res.status === 404) {
      if (timer) { clearInterval(timer); timer = null; }
      if (view) $('status').textContent = 'no longer live here (stopped or over), last seen at round ' + view.round;
      const gone = el('p', {}, view ? 'This match is no longer live here. Its page: ' : 'No such match here.');
      if (view) gone.append(el('a', { href: '/house/matches/' + encodeURIComponent(view.id) }, '/house/matches/' + view.id));
      $('banner').replaceChildren(gone);
      return;
    }
    if (res.ok) { draw(await res.json()); $('updated').textContent = 'updated ' + new Date().toLocaleTimeString(); }
  } catch (e) {
    $('updated').textContent = 'offline: ' + e;
  }
}
if (BANNER) $('banner').textContent = BANNER;
if (DATA) draw(DATA);
if (!DATA || DATA.live) { if (!DATA) poll(); timer = setInterval(poll, ${POLL_MS}); }`;

/**
 * A match's page (`/house/matches/<id>`, and the observer's `/house/observe/<key>`):
 * self-contained (Chart.js inline), the view inline, or none when the host
 * wants its API key (the script then asks with the key the web GUI keeps).
 * `banner`: a line above it all (the observer's: private, do not share).
 */
export function matchPage(view: MatchPageView | null, banner = ''): string {
  const title = view ? `${view.title} ${view.id} · The House` : 'A match · The House';
  return htmlPage({ title, body: `${STYLE}${BODY}`, data: view, script: `const BANNER = ${JSON.stringify(banner).replace(/</g, '\\u003c')};\n${playbackScript()}\n${SCRIPT}`, charts: true });
}
