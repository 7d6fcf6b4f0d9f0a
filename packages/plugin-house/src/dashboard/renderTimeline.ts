import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { describeEvent } from '@the-house/lab/report/describeEvent.ts';

/**
 * The round timeline, newest round first, a few lines per round. The page is public, so it lists only
 * public events; private ones (fallback notices, beg answers) are only counted.
 */
export function renderTimeline(events: readonly LogEntry[], rounds = 6, perRound = 12): string {
  const byRound = new Map<number, LogEntry[]>();
  for (const e of events) {
    const list = byRound.get(e.round) ?? [];
    list.push(e);
    byRound.set(e.round, list);
  }
  const shown = [...byRound.keys()].sort((a, b) => b - a).slice(0, rounds);
  if (shown.length === 0) return '<p class="muted">No events yet.</p>';
  const items = shown.map((round) => {
    const list = byRound.get(round)!;
    const open = list.filter((e) => !e.to);
    const hidden = list.length - open.length;
    const lines = open.slice(0, perRound).map((e) => `<li>${escapeHtml(describeEvent(e))}</li>`).join('');
    const more = open.length > perRound ? `<li class="muted">${open.length - perRound} more</li>` : '';
    const note = hidden ? `<li class="muted">${hidden} private event${hidden === 1 ? '' : 's'}</li>` : '';
    return `<li class="round" data-round="${round}"><b>Round ${round}</b><ul>${lines}${more}${note}</ul></li>`;
  });
  return `<ol class="timeline">${items.join('')}</ol>`;
}
