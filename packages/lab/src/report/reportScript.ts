/**
 * Browser code shared by the HTML reports of matches and sweeps (runs after Chart.js loads).
 * `DATA.seats`: seat names (seat i gets colour i of seats.length).
 * `DATA.charts`: line charts [{id, title, labels, datasets: [{label, data}], percent, smooth}]:
 *   with `smooth` = w > 1 each series is drawn faint, with its w-round moving average over it.
 * `DATA.ciCharts`: [{id, title, labels, low, high, mean, percent}]: one floating bar per
 *   treatment from the 95% CI's low to high end, the mean as a dot.
 * `DATA.halfCharts`: [{id, title, labels, first, second, percent}]: first- and second-half means side by side.
 * `DATA.maps`: static maps [{id, size, owner, title, seats?}].
 * `DATA.timeline`: {id, size, rounds, maps: ['.AB..', ...]} (one character per plot, `.`
 *   unowned, A = seat 0): a map with a slider to pick any round.
 * `DATA.legends`: [{id, seats}] where several legends are needed (default: #legend).
 */
export const REPORT_SCRIPT = `
const palette = (i, n) => 'hsl(' + Math.round((i * 360) / Math.max(n, 1)) + ',65%,' + (i % 2 ? 48 : 62) + '%)';
const seats = DATA.seats || [];
Chart.defaults.color = '#c9d1d9';
Chart.defaults.borderColor = '#2a2f3a';
const pct = (v) => Math.round(v * 1000) / 10 + '%';
const movingAverage = (xs, w) => xs.map((_, i) => {
  const from = Math.max(0, i - w + 1);
  let s = 0;
  for (let j = from; j <= i; j++) s += xs[j];
  return Math.round((s / (i - from + 1)) * 1e4) / 1e4;
});
const baseOptions = (c) => ({
  animation: false,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: { title: { display: true, text: c.title }, legend: { position: 'bottom', labels: { boxWidth: 10, font: { size: 10 } } } },
  scales: { y: { beginAtZero: true, ticks: c.percent ? { callback: pct } : {} } },
});
for (const c of DATA.charts || []) {
  const el = document.getElementById(c.id);
  if (!el) continue;
  const n = c.datasets.length;
  const datasets = [];
  c.datasets.forEach((d, i) => {
    const colour = palette(i, n);
    if (c.smooth > 1) {
      datasets.push({ label: d.label + ' (' + c.smooth + '-round mean)', data: movingAverage(d.data, c.smooth), borderColor: colour, backgroundColor: colour, pointRadius: 0, borderWidth: 2.5, tension: 0.2 });
      datasets.push({ label: d.label + ' (each round)', data: d.data, borderColor: colour, backgroundColor: colour, pointRadius: 0, borderWidth: 1, tension: 0, borderDash: [2, 2] });
    } else {
      datasets.push({ label: d.label, data: d.data, borderColor: colour, backgroundColor: colour, pointRadius: 0, borderWidth: 1.5, tension: 0.15 });
    }
  });
  const options = baseOptions(c);
  options.plugins.legend.display = datasets.length > 1;
  options.plugins.legend.labels.filter = (item) => n === 1 || !/each round/.test(item.text);
  options.scales.x = { title: { display: true, text: 'round' }, ticks: { maxTicksLimit: 10 } };
  options.plugins.tooltip = { callbacks: c.percent ? { label: (ctx) => ctx.dataset.label + ': ' + pct(ctx.parsed.y) } : {} };
  new Chart(el, { type: 'line', data: { labels: c.labels, datasets }, options });
}
for (const c of DATA.ciCharts || []) {
  const el = document.getElementById(c.id);
  if (!el) continue;
  const n = c.labels.length;
  const options = baseOptions(c);
  options.scales.y.beginAtZero = false;
  options.plugins.tooltip = { callbacks: { label: (ctx) => {
    const i = ctx.dataIndex;
    const f = c.percent ? pct : (v) => String(Math.round(v * 1e4) / 1e4);
    return 'mean ' + f(c.mean[i]) + ', 95% CI [' + f(c.low[i]) + ', ' + f(c.high[i]) + ']';
  } } };
  new Chart(el, {
    type: 'bar',
    data: {
      labels: c.labels,
      datasets: [
        { type: 'line', label: 'mean', data: c.mean, showLine: false, pointRadius: 5, pointBackgroundColor: '#ffffff', borderColor: '#ffffff' },
        { label: '95% CI', data: c.labels.map((_, i) => [c.low[i], c.high[i]]), backgroundColor: c.labels.map((_, i) => palette(i, n)), barPercentage: 0.5 },
      ],
    },
    options,
  });
}
for (const c of DATA.halfCharts || []) {
  const el = document.getElementById(c.id);
  if (!el) continue;
  const options = baseOptions(c);
  new Chart(el, {
    type: 'bar',
    data: { labels: c.labels, datasets: [{ label: 'first half', data: c.first, backgroundColor: '#6e7b91' }, { label: 'second half', data: c.second, backgroundColor: '#e0a84f' }] },
    options,
  });
}
const drawGrid = (host, size, cellOf) => {
  host.innerHTML = '';
  host.style.display = 'grid';
  host.style.gridTemplateColumns = 'repeat(' + size + ', 18px)';
  host.style.gap = '2px';
  const cells = [];
  for (let p = 0; p < size * size; p++) {
    const cell = document.createElement('div');
    cell.style.cssText = 'width:18px;height:18px;border-radius:3px;font-size:9px;line-height:18px;text-align:center;color:#111';
    host.appendChild(cell);
    cells.push(cell);
  }
  const paint = (owner, names) => owner.forEach((o, p) => {
    cells[p].style.background = o < 0 ? '#2a2f3a' : palette(o, seats.length);
    cells[p].textContent = o < 0 ? '' : String(o + 1);
    cells[p].title = 'plot ' + p + ' (row ' + Math.floor(p / size) + ', column ' + (p % size) + '): ' + (o < 0 ? 'unowned' : names[o]);
  });
  return paint;
};
for (const m of DATA.maps || []) {
  const host = document.getElementById(m.id);
  if (host) drawGrid(host, m.size)(m.owner, m.seats || seats);
}
const t = DATA.timeline;
if (t && document.getElementById(t.id)) {
  const paint = drawGrid(document.getElementById(t.id), t.size);
  const slider = document.getElementById(t.id + '-round');
  const label = document.getElementById(t.id + '-label');
  const decode = (text) => Array.from(text, (ch) => (ch === '.' ? -1 : ch.charCodeAt(0) - 65));
  const show = (i) => {
    paint(decode(t.maps[i]), seats);
    label.textContent = 'after round ' + t.rounds[i];
  };
  slider.max = String(t.maps.length - 1);
  slider.value = slider.max;
  slider.addEventListener('input', () => show(Number(slider.value)));
  show(t.maps.length - 1);
}
const legendHtml = (names) => names.map((s, i) => '<span style="display:inline-block;margin:2px 10px 2px 0"><span style="display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:middle;background:' + palette(i, seats.length) + '"></span> ' + (i + 1) + ' ' + String(s).replace(/[<>&]/g, '') + '</span>').join('');
for (const l of DATA.legends || [{ id: 'legend', seats }]) {
  const el = document.getElementById(l.id);
  if (el) el.innerHTML = legendHtml(l.seats);
}
`;
