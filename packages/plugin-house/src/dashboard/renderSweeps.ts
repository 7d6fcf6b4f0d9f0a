import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { QueueSweeps } from '@the-house/lab/queue/queueSweeps.ts';

/**
 * The sweeps and tournaments on the queue (when the House runs on
 * PostgreSQL): each with its game, runs done, failed and running, and a
 * progress bar; or why they could not be read.
 */
export function renderSweeps(reading: QueueSweeps): string {
  const head = '<h2>Sweeps on the queue</h2>';
  if (!reading.ok) return `${head}<p class="muted">The queue could not be read: ${escapeHtml(reading.error)}</p>`;
  if (reading.sweeps.length === 0) return `${head}<p class="muted">None yet. Start one with <code>bun run house sweep &lt;game&gt; ... --queue</code> and run <code>bun run house worker</code> on any machine.</p>`;
  const rows = reading.sweeps.map((s) => {
    const waiting = Math.max(0, s.runs - s.done - s.failed - s.running);
    return `<tr data-sweep="${escapeHtml(s.name)}"><td><code>${escapeHtml(s.name)}</code></td><td>${escapeHtml(s.game)} ${escapeHtml(s.kind)}</td><td class="num">${s.done}/${s.runs}</td><td class="num">${s.failed}</td><td class="num">${s.running}</td><td class="num">${waiting}</td><td><progress max="${Math.max(1, s.runs)}" value="${s.done + s.failed}"></progress></td></tr>`;
  });
  return `${head}<div class="scroll"><table class="sweeps"><thead><tr><th>sweep</th><th>game</th><th class="num">done</th><th class="num">failed</th><th class="num">running</th><th class="num">waiting</th><th>progress</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}
