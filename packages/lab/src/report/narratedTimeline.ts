import type { NarratedEvent } from '@the-house/games/engine/narration.ts';
import { describeEvents, type Narrating } from './describeEvent.ts';
import { escapeHtml } from './htmlPage.ts';

/** A match's story for a game's report: how it ended, and its timeline in words (`narratedTimeline`, already HTML). */
export interface MatchStory {
  ending: string | null;
  timeline: string;
}

/**
 * A report's timeline in the game's words, round by round, as the observer
 * reads it (`describeEvents`): one list item per sentence. Events without a
 * round number go with the round before. `open` shows it unfolded; a long
 * match (Gold mining's 200 rounds) keeps it folded under its title.
 */
export function narratedTimeline(events: readonly NarratedEvent[], how: Narrating, open = true): string {
  const told = describeEvents(events, how);
  const rounds: Array<{ round: number; lines: string[] }> = [];
  let round = 0;
  events.forEach((e, i) => {
    round = e.round ?? round;
    const line = told[i];
    if (line === null || line === undefined) return;
    if (rounds.at(-1)?.round !== round) rounds.push({ round, lines: [] });
    rounds.at(-1)!.lines.push(line);
  });
  const body = rounds.map((r) => `<h3>${r.round > 0 ? `Round ${r.round}` : 'Before the first round'}</h3><ul>${r.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('');
  return `<details class="card timeline"${open ? ' open' : ''}><summary><h2 style="display:inline">Timeline</h2> <span class="muted">every round in words</span></summary>${body || '<p class="muted">No events.</p>'}</details>`;
}
