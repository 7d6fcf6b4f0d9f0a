import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';

/** The colours of the House's pages, so a picture in the GUI's dark chat reads like the dashboard. */
export const INK = '#e6e6e6';
export const MUTED = '#9aa4b2';
export const PAPER = '#171a21';
export const RULE = '#2a2f3a';
export const EMPTY_PLOT = '#262b36';

export interface TextStyle {
  size?: number;
  anchor?: 'start' | 'middle' | 'end';
  color?: string;
  bold?: boolean;
}

/** Text from outside (a player's name) as SVG text: escaped, and without the control characters XML refuses. */
export function svgText(x: number, y: number, text: string, style: TextStyle = {}): string {
  const clean = escapeHtml(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' '));
  const weight = style.bold ? ' font-weight="bold"' : '';
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" fill="${style.color ?? INK}" font-size="${style.size ?? 14}" text-anchor="${style.anchor ?? 'start'}" font-family="DejaVu Sans, Liberation Sans, sans-serif"${weight}>${clean}</text>`;
}

/** A whole picture: its size, a dark background, and what is drawn on it. */
export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${PAPER}"/>${body}</svg>`;
}

/** A name cut to fit a legend. */
export function shortName(name: string, max = 14): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}
