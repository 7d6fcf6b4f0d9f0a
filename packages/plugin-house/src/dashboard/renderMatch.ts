import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { houseGameOf } from '../games/houseGames.ts';
import type { MatchDetail } from '../types.ts';
import { boardHtml } from './boardHtml.ts';
import { chartBox, type ChartSpec, type Rendered } from './chartSpec.ts';
import { domId } from './domId.ts';
import { scoreField, seriesOverRounds } from './historySeries.ts';
import { matchBoard } from './matchBoard.ts';
import { matchEnding } from './matchEnding.ts';
import { matchHref } from './matchHref.ts';
import { pendingBegs } from './pendingBegs.ts';
import { renderScoreboard } from './renderScoreboard.ts';
import { renderTimeline } from './renderTimeline.ts';
import { renderUsage } from './renderUsage.ts';
import { scoreUnit } from './scoreUnit.ts';

/**
 * The latest round's board, from the round reports and public events alone,
 * for a game with a panel (Trust's board would only repeat its scoreboard).
 */
function publicBoard(detail: MatchDetail): Rendered | null {
  if (!houseGameOf(detail.summary.game)?.panel) return null;
  const board = matchBoard(detail, 'room');
  const frame = board?.frames.at(-1);
  return board && frame ? { html: boardHtml(board, frame), charts: [] } : null;
}

/**
 * One match's card: status (with the ending in words), begs waiting, scoreboard, score chart, the game's panel, the timeline.
 * `room`: the card a public reader gets while the match runs (the detail is already cut to what the room may know).
 */
export function renderMatch(detail: MatchDetail, title = detail.summary.game, audience: 'room' | 'observer' = 'observer'): Rendered {
  const { summary } = detail;
  const charts: ChartSpec[] = [];
  const field = scoreField(summary.game, detail.history);
  let chart = '';
  if (field && detail.history.length) {
    const id = domId('score', summary.id);
    const unit = scoreUnit(summary.game) !== 'score' && ['sats', 'gold', 'tokens'].includes(field) ? scoreUnit(summary.game) : field;
    charts.push({ id, title: `${unit} over rounds`, kind: 'line', axes: { x: 'round', y: unit }, ...seriesOverRounds(detail.history, { field }, summary.players.map((p) => p.name)) });
    chart = `<div><h3>${escapeHtml(unit)} over rounds</h3>${chartBox(id)}</div>`;
  }
  // A reader without the state (the public while the match runs) gets the board drawn from what the room is told.
  const panel = detail.state === null ? publicBoard(detail) : (houseGameOf(summary.game)?.panel?.render(detail) ?? null);
  if (panel) charts.push(...panel.charts);
  const ended = matchEnding(detail);
  const ending = ended === null ? '' : ` · ${escapeHtml(ended)}`;
  const seats = (detail.state as { players?: unknown } | null)?.players;
  const how = { game: summary.game, players: Array.isArray(seats) ? seats.map(String) : summary.players.map((p) => p.name), over: detail.outcome.over };
  const html = `<section class="card match" data-match="${escapeHtml(summary.id)}" data-status="${summary.status}">
<h2><a href="${matchHref(summary.id)}">${escapeHtml(title)} <span class="muted">${escapeHtml(summary.id)}</span></a></h2>
<p class="status"><span class="pill ${summary.status}">${summary.status}</span> round ${summary.round}${ending}</p>
${pendingBegs(detail)}
<div class="grid"><div><h3>Scoreboard</h3>${renderScoreboard(summary)}</div>${chart}</div>
${renderUsage(detail)}
${panel?.html ?? ''}
<h3>Timeline</h3>${renderTimeline(detail.events, how, undefined, undefined, audience)}
</section>`;
  return { html, charts };
}
