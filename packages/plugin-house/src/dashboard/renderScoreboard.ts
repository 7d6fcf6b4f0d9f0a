import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchSummary } from '../types.ts';
import { formatScore } from './formatScore.ts';
import { seatColor } from './palette.ts';
import { scoreUnit } from './scoreUnit.ts';

/** The scoreboard of one match: players by score, living first, winners marked. */
export function renderScoreboard(summary: MatchSummary): string {
  const seats = summary.players.map((p) => p.name);
  const rows = [...summary.players]
    .sort((a, b) => Number(b.alive) - Number(a.alive) || (b.score ?? 0) - (a.score ?? 0) || a.name.localeCompare(b.name))
    .map((p) => {
      const won = summary.winners.includes(p.name);
      const status = won ? 'winner' : p.alive ? 'alive' : 'eliminated';
      return `<tr data-player="${escapeHtml(p.name)}" class="${status}"><td><span class="dot" style="background:${seatColor(seats.indexOf(p.name))}"></span>${escapeHtml(p.name)}${won ? ' <span class="badge">winner</span>' : ''}</td><td class="num">${shownScore(summary.game, p.score)}</td><td class="muted">${status}</td></tr>`;
    })
    .join('');
  return `<table class="scoreboard" data-match="${escapeHtml(summary.id)}"><thead><tr><th>player</th><th class="num">${scoreUnit(summary.game)}</th><th>status</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function shownScore(game: string, score: number | null): string {
  if (score === null) return '<span class="muted" title="kept private until the match is over">hidden</span>';
  return formatScore(game, score);
}
