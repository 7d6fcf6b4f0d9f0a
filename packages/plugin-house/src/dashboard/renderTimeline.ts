import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { mayRead } from '@the-house/games/narrations.ts';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { describeEvents, type Narrating } from '@the-house/lab/report/describeEvent.ts';

/**
 * The round timeline, newest round first, a few sentences per round in the
 * game's words (`describeEvents`). For the observer (and for everyone once
 * the match is over) it reads the public events and the private ones its game
 * lets the observer read (a Trust miss, a Café refusal; Influence's DMs and
 * ballots once the game is over); the rest (what players keep from each other)
 * is only counted once the match is over: while it runs a count would tell how
 * many DMs went out (RULES I-d), so the round only says it held private events.
 * For the room (the public while the match runs) it tells what the room is told.
 * The whole log is narrated, so a sentence can build on earlier rounds (a feud).
 */
export function renderTimeline(events: readonly LogEntry[], how: Omit<Narrating, 'audience'>, rounds = 6, perRound = 12, audience: Narrating['audience'] = 'observer'): string {
  const ctx = { ...how, audience };
  const told = describeEvents(events, ctx);
  const byRound = new Map<number, { lines: string[]; hidden: number }>();
  events.forEach((e, i) => {
    const round = byRound.get(e.round) ?? { lines: [], hidden: 0 };
    byRound.set(e.round, round);
    const line = told[i];
    if (line) round.lines.push(line);
    else if (!mayRead(how.game, e, ctx)) round.hidden += 1;
  });
  const shown = [...byRound.keys()].sort((a, b) => b - a).slice(0, rounds);
  if (shown.length === 0) return '<p class="muted">No events yet.</p>';
  const items = shown.map((round) => {
    const { lines, hidden } = byRound.get(round)!;
    const list = lines.slice(0, perRound).map((line) => `<li>${escapeHtml(line)}</li>`).join('');
    const more = lines.length > perRound ? `<li class="muted">${lines.length - perRound} more</li>` : '';
    const note = !hidden || audience === 'room' ? '' : how.over ? `<li class="muted">${hidden} private event${hidden === 1 ? '' : 's'}</li>` : '<li class="muted">and private events</li>';
    return `<li class="round" data-round="${round}"><b>Round ${round}</b><ul>${list}${more}${note}</ul></li>`;
  });
  return `<ol class="timeline">${items.join('')}</ol>`;
}
