/** One line of a chart: its name and a y value at each x (null: none there). */
export interface ChartSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

export interface LineChart {
  title: string;
  /** The x axis's words under each point, left to right. */
  xLabels: readonly string[];
  xTitle: string;
  yTitle: string;
  series: readonly ChartSeries[];
}

/** Colours a reader tells apart, also in print; a series past the last takes them again, dashed. */
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];
const WIDTH = 760;
const HEIGHT = 420;
const PLOT = { x: 64, y: 40, width: 500, height: 320 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const text = (x: number, y: number, words: string, extra = '', size = 12) => `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="DejaVu Sans" font-size="${size}" fill="#222"${extra}>${escape(words)}</text>`;

/** About five round steps (1, 2 or 5 times a power of ten) from 0 to at least `max`. */
function ticks(max: number): number[] {
  const raw = Math.max(max, 1e-9) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = 0; out.length < 12; v += step) {
    out.push(Number(v.toFixed(10)));
    if (v >= max) break;
  }
  return out;
}

/** A line chart as a standalone SVG document on white: y from 0, gridlines, every x label that fits, a legend on the right. */
export function lineChartSvg(chart: LineChart): string {
  const all = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const yTicks = ticks(Math.max(0, ...all));
  const top = yTicks.at(-1)!;
  const n = chart.xLabels.length;
  const xAt = (i: number) => PLOT.x + (n > 1 ? (i / (n - 1)) * PLOT.width : PLOT.width / 2);
  const yAt = (v: number) => PLOT.y + PLOT.height - (v / (top || 1)) * PLOT.height;
  const every = Math.max(1, Math.ceil(n / 12));
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`, text(PLOT.x, 24, chart.title, ' font-weight="bold"', 15)];
  for (const t of yTicks) parts.push(`<line x1="${PLOT.x}" x2="${PLOT.x + PLOT.width}" y1="${yAt(t).toFixed(1)}" y2="${yAt(t).toFixed(1)}" stroke="#ddd"/>`, text(PLOT.x - 6, yAt(t) + 4, String(t), ' text-anchor="end"'));
  chart.xLabels.forEach((label, i) => {
    if (i % every === 0 || i === n - 1) parts.push(text(xAt(i), PLOT.y + PLOT.height + 16, label, ' text-anchor="middle"'));
  });
  parts.push(text(PLOT.x + PLOT.width / 2, HEIGHT - 12, chart.xTitle, ' text-anchor="middle"'));
  parts.push(text(16, PLOT.y + PLOT.height / 2, chart.yTitle, ` text-anchor="middle" transform="rotate(-90 16 ${PLOT.y + PLOT.height / 2})"`));
  parts.push(`<line x1="${PLOT.x}" x2="${PLOT.x}" y1="${PLOT.y}" y2="${PLOT.y + PLOT.height}" stroke="#444"/><line x1="${PLOT.x}" x2="${PLOT.x + PLOT.width}" y1="${PLOT.y + PLOT.height}" y2="${PLOT.y + PLOT.height}" stroke="#444"/>`);
  chart.series.forEach((s, k) => {
    const color = COLORS[k % COLORS.length]!;
    const dash = k >= COLORS.length ? ' stroke-dasharray="6 4"' : '';
    const points = s.values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [`${xAt(i).toFixed(1)},${yAt(v).toFixed(1)}`]));
    if (points.length > 1) parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="2.5"${dash}/>`);
    else if (points.length === 1) parts.push(`<circle cx="${points[0]!.split(',')[0]}" cy="${points[0]!.split(',')[1]}" r="4" fill="${color}"/>`);
    const y = PLOT.y + 8 + k * 20;
    parts.push(`<line x1="${PLOT.x + PLOT.width + 16}" x2="${PLOT.x + PLOT.width + 40}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="3"${dash}/>`, text(PLOT.x + PLOT.width + 46, y + 4, s.name));
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}
