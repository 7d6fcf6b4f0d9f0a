import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let chartJs: string | undefined;

/** Chart.js's UMD bundle, to inline into self-contained reports (no network needed to view them). */
export function chartJsSource(): string {
  chartJs ??= readFileSync(join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');
  return chartJs;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON safe to embed inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageParts {
  title: string;
  body: string;
  /** Runs after Chart.js is loaded; `DATA` holds `data`. */
  script?: string;
  data?: unknown;
  charts?: boolean;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:0;padding:16px 24px;background:#0f1115;color:#e6e6e6}
h1,h2,h3{font-weight:600}a{color:#8ab4ff}table{border-collapse:collapse;margin:8px 0}
td,th{border-bottom:1px solid #2a2f3a;padding:4px 10px;text-align:left}th{color:#9aa4b2}
.card{background:#171a21;border:1px solid #2a2f3a;border-radius:8px;padding:12px 16px;margin:12px 0}
.muted{color:#9aa4b2}.grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(420px,1fr))}
canvas{max-height:320px}`;

/** A self-contained HTML document: inline style, inline Chart.js, inline data. */
export function htmlPage(parts: PageParts): string {
  const charts = parts.charts ?? Boolean(parts.script);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(parts.title)}</title><style>${STYLE}</style></head><body>
${parts.body}
${charts ? `<script>${chartJsSource()}</script>` : ''}
<script>const DATA = ${scriptJson(parts.data ?? null)};
${parts.script ?? ''}</script>
</body></html>`;
}
