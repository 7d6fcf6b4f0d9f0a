import { escapeHtml, htmlPage } from '../../report/htmlPage.ts';
import type { MatchStory } from '../../report/narratedTimeline.ts';
import type { CafeAnalysis } from '@the-house/games/cafe/analysis/analyzeCafe.ts';
import { cafeReportMarkdown } from './cafeReportMarkdown.ts';
import { helpNetworkSvg } from './helpNetworkSvg.ts';

const SCRIPT = `const rounds = DATA.wealth.map((w) => w.round);
const palette = ['#8ab4ff','#4caf50','#ffb300','#e57373','#ba68c8','#4dd0e1','#f06292','#aed581'];
const opts = { responsive: true, plugins: { legend: { labels: { color: '#e6e6e6' } } }, scales: { x: { ticks: { color: '#9aa4b2' } }, y: { ticks: { color: '#9aa4b2' } } } };
new Chart(document.getElementById('banks'), { type: 'line', data: { labels: rounds, datasets: DATA.players.map((p, i) => ({ label: p, data: DATA.wealth.map((w) => w.tokens[p]), borderColor: palette[i % 8], tension: 0.2 })) }, options: opts });
new Chart(document.getElementById('levels'), { type: 'line', data: { labels: rounds, datasets: DATA.players.map((p, i) => ({ label: p, data: DATA.wealth.map((w) => w.levels[p]), borderColor: palette[i % 8], stepped: true })) }, options: opts });
new Chart(document.getElementById('gini'), { type: 'line', data: { labels: rounds, datasets: [{ label: 'Gini of living banks', data: DATA.wealth.map((w) => w.gini), borderColor: '#e57373' }] }, options: opts });`;

/** Minimal Markdown tables and headings to HTML, enough for `cafeReportMarkdown`'s output. */
function markdownToHtml(md: string): string {
  const out: string[] = [];
  let rows: string[][] = [];
  const flush = () => {
    if (!rows.length) return;
    const [head, , ...body] = rows;
    out.push(`<table><tr>${head!.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>${body.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</table>`);
    rows = [];
  };
  for (const line of md.split('\n')) {
    if (line.startsWith('|')) {
      rows.push(line.slice(1, -1).split('|').map((c) => c.trim()));
      continue;
    }
    flush();
    if (line.startsWith('## ')) out.push(`<h2>${escapeHtml(line.slice(3))}</h2>`);
    else if (line.startsWith('# ')) continue;
    else if (line.trim()) out.push(`<p>${escapeHtml(line).replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')}</p>`);
  }
  flush();
  return out.join('\n');
}

/**
 * A self-contained HTML report: the Markdown answers, the help network (SVG),
 * banks, levels and Gini over rounds (Chart.js); with a match's `story`, its
 * ending first and its timeline (challenges, answers, verdicts, the market) last.
 */
export function cafeReportHtml(a: CafeAnalysis, title = 'Café match analysis', story?: MatchStory): string {
  const body = `<h1>${escapeHtml(title)}</h1>${story?.ending ? `\n<p><b>Ending:</b> ${escapeHtml(story.ending)}.</p>` : ''}
<div class="grid"><div class="card"><h3>Who helped whom</h3><p class="muted">green: donations, amber: loans; width grows with tokens</p>${helpNetworkSvg(a)}</div>
<div class="card"><h3>Banks over rounds</h3><canvas id="banks"></canvas></div>
<div class="card"><h3>Levels over rounds</h3><canvas id="levels"></canvas></div>
<div class="card"><h3>Wealth inequality</h3><canvas id="gini"></canvas></div></div>
<div class="card">${markdownToHtml(cafeReportMarkdown(a))}</div>${story ? `\n${story.timeline}` : ''}`;
  return htmlPage({ title, body, script: SCRIPT, data: { players: a.players, wealth: a.wealth } });
}
