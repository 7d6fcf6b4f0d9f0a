import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { escapeHtml, htmlPage } from './htmlPage.ts';
import { narratedTimeline } from './narratedTimeline.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

export interface MatchReportInput {
  title: string;
  /** The game's id, for its narration of events and endings (without it, events are dumped as data). */
  game?: string;
  /** The final state, for the ending in words. */
  state?: unknown;
  seed: number;
  players: PlayerId[];
  outcome: Outcome;
  /** Name of the score (sats, tokens, gold). */
  scoreName: string;
  /** Scores after each finished round, in round order. */
  rounds: Array<{ round: number; scores: Record<PlayerId, number>; events: ReadonlyArray<{ type: string; data?: Record<string, unknown>; to?: PlayerId[] }> }>;
}

const SCRIPT = `new Chart(document.getElementById('scores'), {type: 'line',
  data: {labels: DATA.labels, datasets: DATA.series.map((s) => ({label: s.player, data: s.scores, tension: 0.2, pointRadius: 0}))},
  options: {animation: false, maintainAspectRatio: false, plugins: {title: {display: true, text: DATA.scoreName + ' over rounds'}}}});`;

/**
 * The report `play` writes for a game with no report of its own: the ending in
 * words, standings, the score of each player over rounds, and the timeline in
 * the game's words as the observer reads it (public events, and the private
 * ones its game lets the observer read: a Trust miss, a beg's answer).
 */
export function matchReportHtml(input: MatchReportInput): string {
  const last = input.rounds.at(-1)?.scores ?? {};
  const standings = [...input.players]
    .sort((a, b) => (ownValue(last, b) ?? 0) - (ownValue(last, a) ?? 0))
    .map((p) => `<tr><td>${escapeHtml(p)}</td><td>${ownValue(last, p) ?? 0}</td><td>${input.outcome.winners.includes(p) ? 'winner' : ''}</td></tr>`)
    .join('');
  const events = input.rounds.flatMap((r) => r.events.map((e) => ({ ...e, round: r.round })));
  const timeline = narratedTimeline(events, { game: input.game ?? '', players: input.players, over: input.outcome.over });
  const ending = input.outcome.over ? ((input.game ? describeOutcome(input.game, input.state) : null) ?? `${input.outcome.kind}; winners: ${input.outcome.winners.join(', ') || 'none'}`) : 'unfinished';
  const body = `<h1>${escapeHtml(input.title)}</h1>
<p><b>Ending:</b> ${escapeHtml(ending)}.</p>
<p class="muted">seed ${input.seed}, ${input.players.length} players, ${input.rounds.length} rounds</p>
<div class="grid"><div class="card"><h3>Standings</h3><table><tr><th>player</th><th>${escapeHtml(input.scoreName)}</th><th></th></tr>${standings}</table></div>
<div class="card" style="height:340px"><canvas id="scores"></canvas></div></div>
${timeline}`;
  const series = input.players.map((player) => ({ player, scores: input.rounds.map((r) => ownValue(r.scores, player) ?? 0) }));
  return htmlPage({ title: `${input.title} (seed ${input.seed})`, body, script: SCRIPT, data: { labels: input.rounds.map((r) => r.round), series, scoreName: input.scoreName } });
}
