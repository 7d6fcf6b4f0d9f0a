import { INK, MUTED, shortName, svgText } from './svgParts.ts';

export interface LegendRow {
  label: string;
  color: string;
  /** What stands after the name: a number with its unit. */
  value: string;
  /** A bar after the value, as a share of the widest (0..1): Gold mining's gold at the end. */
  bar?: number;
  /** Drawn faded: a player out of the game. */
  out?: boolean;
}

/** A column of players: colour, name, value (and a bar), one row each, from the top of the box. */
export function legendSvg(x: number, y: number, width: number, rows: readonly LegendRow[], rowHeight = 26): string {
  return rows
    .map((r, i) => {
      const top = y + i * rowHeight;
      const opacity = r.out ? ' opacity="0.5"' : '';
      const bar = r.bar === undefined ? '' : `<rect x="${x + 22}" y="${top + 16}" width="${Math.max(2, (width - 30) * Math.min(1, Math.max(0, r.bar))).toFixed(1)}" height="5" rx="2" fill="${r.color}"/>`;
      return `<g${opacity}><rect x="${x}" y="${top}" width="14" height="14" rx="3" fill="${r.color}"/>${svgText(x + 22, top + 12, shortName(r.label), { size: 13, color: INK })}${svgText(x + width, top + 12, r.value, { size: 13, anchor: 'end', color: MUTED })}${bar}</g>`;
    })
    .join('');
}
