/**
 * Browser code shared by the goldmine reports (runs after Chart.js loads).
 * `DATA.charts`: [{id, title, labels, datasets: [{label, data}], percent}];
 * `DATA.maps`: [{id, size, owner, title, seats?}]; `DATA.seats`: seat names (seat i gets colour i of
 * seats.length); `DATA.legends`: [{id, seats}] where several legends are needed (default: #legend).
 */
export const REPORT_SCRIPT = `
const palette = (i, n) => 'hsl(' + Math.round((i * 360) / Math.max(n, 1)) + ',65%,' + (i % 2 ? 48 : 62) + '%)';
const seats = DATA.seats || [];
Chart.defaults.color = '#c9d1d9';
Chart.defaults.borderColor = '#2a2f3a';
for (const c of DATA.charts || []) {
  const el = document.getElementById(c.id);
  if (!el) continue;
  new Chart(el, {
    type: 'line',
    data: {
      labels: c.labels,
      datasets: c.datasets.map((d, i) => ({ label: d.label, data: d.data, borderColor: palette(i, c.datasets.length), backgroundColor: palette(i, c.datasets.length), pointRadius: 0, borderWidth: 1.5, tension: 0.15 })),
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: { title: { display: true, text: c.title }, legend: { display: c.datasets.length > 1, position: 'bottom', labels: { boxWidth: 10, font: { size: 10 } } } },
      scales: { x: { title: { display: true, text: 'round' }, ticks: { maxTicksLimit: 10 } }, y: { beginAtZero: true, ticks: c.percent ? { callback: (v) => Math.round(v * 100) + '%' } : {} } },
    },
  });
}
for (const m of DATA.maps || []) {
  const host = document.getElementById(m.id);
  if (!host) continue;
  host.style.display = 'grid';
  host.style.gridTemplateColumns = 'repeat(' + m.size + ', 18px)';
  host.style.gap = '2px';
  m.owner.forEach((o, p) => {
    const cell = document.createElement('div');
    cell.style.cssText = 'width:18px;height:18px;border-radius:3px;font-size:9px;line-height:18px;text-align:center;color:#111';
    const names = m.seats || seats;
    cell.style.background = o < 0 ? '#2a2f3a' : palette(o, seats.length);
    cell.textContent = o < 0 ? '' : String(o + 1);
    cell.title = 'plot ' + p + ': ' + (o < 0 ? 'unowned' : names[o]);
    host.appendChild(cell);
  });
}
const legendHtml = (names) => names.map((s, i) => '<span style="display:inline-block;margin:2px 10px 2px 0"><span style="display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:middle;background:' + palette(i, seats.length) + '"></span> ' + (i + 1) + ' ' + String(s).replace(/[<>&]/g, '') + '</span>').join('');
for (const l of DATA.legends || [{ id: 'legend', seats }]) {
  const el = document.getElementById(l.id);
  if (el) el.innerHTML = legendHtml(l.seats);
}
`;
