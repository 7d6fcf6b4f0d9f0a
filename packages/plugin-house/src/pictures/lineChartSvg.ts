import { INK, MUTED, RULE, svgText } from './svgParts.ts';

/** One line of a chart: a player's value after each round (null: none that round). */
export interface Series {
  label: string;
  color: string;
  values: Array<number | null>;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Round numbers for an axis, from at or below `min` to at or above `max`: about `count` steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; ticks.length < 50; v += step) {
    ticks.push(Number(v.toFixed(10)));
    if (v >= max - step * 1e-9) break;
  }
  return ticks;
}

/**
 * Lines over rounds in a box: a titled y axis with a few round numbers and
 * their grid lines, the first and last rounds on the x axis, one polyline per
 * series (broken where a value is missing, e.g. a player out).
 */
export function lineChartSvg(box: Box, rounds: readonly number[], series: readonly Series[], title: string): string {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const ticks = niceTicks(low, high);
  const top = Math.max(high, ticks.at(-1) ?? high);
  const bottom = Math.min(low, ticks[0] ?? low);
  const plot = { x: box.x + 56, y: box.y + 26, width: box.width - 70, height: box.height - 56 };
  const xAt = (i: number) => plot.x + (rounds.length > 1 ? (i / (rounds.length - 1)) * plot.width : plot.width / 2);
  const yAt = (v: number) => plot.y + plot.height - ((v - bottom) / (top - bottom || 1)) * plot.height;
  const grid = ticks
    .map((t) => `<line x1="${plot.x}" x2="${plot.x + plot.width}" y1="${yAt(t).toFixed(1)}" y2="${yAt(t).toFixed(1)}" stroke="${RULE}"/>${svgText(plot.x - 6, yAt(t) + 4, String(t), { size: 11, anchor: 'end', color: MUTED })}`)
    .join('');
  const xLabels = rounds.length
    ? [0, rounds.length - 1]
        .filter((i, n, all) => all.indexOf(i) === n)
        .map((i) => svgText(xAt(i), plot.y + plot.height + 16, `round ${rounds[i]}`, { size: 11, anchor: i === 0 && rounds.length > 1 ? 'start' : 'end', color: MUTED }))
        .join('')
    : '';
  const lines = series
    .map((s, n) => {
      const runs: string[][] = [[]];
      s.values.forEach((v, i) => {
        if (v === null) runs.push([]);
        else runs.at(-1)!.push(`${xAt(i).toFixed(1)},${yAt(v).toFixed(1)}`);
      });
      // Every other line dashed, so players with equal values stay apart (as on the dashboard).
      const dash = n % 2 ? ' stroke-dasharray="7 4"' : '';
      return runs
        .filter((r) => r.length)
        .map((r) => (r.length === 1 ? `<circle cx="${r[0]!.split(',')[0]}" cy="${r[0]!.split(',')[1]}" r="3" fill="${s.color}"/>` : `<polyline points="${r.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2.5"${dash}/>`))
        .join('');
    })
    .join('');
  const axes = `<line x1="${plot.x}" x2="${plot.x}" y1="${plot.y}" y2="${plot.y + plot.height}" stroke="${MUTED}"/><line x1="${plot.x}" x2="${plot.x + plot.width}" y1="${plot.y + plot.height}" y2="${plot.y + plot.height}" stroke="${MUTED}"/>`;
  return `${svgText(box.x, box.y + 14, title, { size: 15, bold: true, color: INK })}${grid}${axes}${lines}${xLabels}`;
}
