import { describeOutcome } from '@the-house/games/narrations.ts';
import { isOver, type Audience } from '../records/audience.ts';
import type { MatchDetail, MatchStatus, RoundHistoryEntry } from '../types.ts';
import { cafePanel } from '../games/cafe/cafePanel.ts';
import type { ChartSpec, Rendered } from './chartSpec.ts';
import { seriesOverRounds } from './historySeries.ts';
import { influencePanel } from '../games/influence/influencePanel.ts';
import type { MatchBoard } from './boardTypes.ts';
import { matchBoard } from './matchBoard.ts';
import { pendingBegs } from './pendingBegs.ts';
import { renderScoreboard } from './renderScoreboard.ts';
import { renderUsage } from './renderUsage.ts';

/** The id of the match page's chart canvas (the page has one; the panels below it use ids of their own). */
export const PAGE_CHART = 'page-chart';

/**
 * What a match's page draws, for one audience: the board of every finished
 * round (the scrubber walks them), the game's chart over rounds, the
 * scoreboard as it stands, and, where the reader may know them, the game's
 * own panel, begs waiting and model use. Text from outside is escaped where
 * the server draws HTML (`scoreboard`, `more`); everything else is data the
 * page's script sets as text.
 */
export interface MatchPageView {
  id: string;
  game: string;
  title: string;
  status: MatchStatus;
  round: number;
  audience: Audience;
  /** How it ended, in words, once it has. */
  ending: string | null;
  scoreboard: string;
  board: MatchBoard | null;
  /** The game's chart over rounds (the scrubber's round marked on it); Influence's votes are drawn from each round's board instead. */
  chart: ChartSpec | null;
  more: Rendered;
  /** Whether the page should keep asking for a newer view. */
  live: boolean;
}

/** Gold mining's plots held per round, as numbers. */
function plotsHeld(history: readonly RoundHistoryEntry[]): RoundHistoryEntry[] {
  return history.map((h) => ({ ...h, players: Object.fromEntries(Object.entries(h.players).map(([id, p]) => [id, { plots: Array.isArray(p.plots) ? p.plots.length : null }])) }));
}

/** The game's chart: Trust's sats, Café's banks, Gold mining's gold once the reader may know it, else the plots held. */
function pageChart(detail: MatchDetail): ChartSpec | null {
  const { game, players } = detail.summary;
  const seats = players.map((p) => p.name);
  const pick = (field: string, history: readonly RoundHistoryEntry[], title: string, unit: string): ChartSpec | null => {
    const series = seriesOverRounds(history, { field }, seats);
    return series.datasets.length ? { id: PAGE_CHART, title, kind: 'line', axes: { x: 'round', y: unit }, ...series } : null;
  };
  switch (game) {
    case 'trust':
      return pick('sats', detail.history, 'Sats after each round', 'sats');
    case 'cafe':
      return pick('tokens', detail.history, 'Banks after each round', 'tokens');
    case 'goldmine':
      return pick('gold', detail.history, 'Gold after each round', 'gold') ?? pick('plots', plotsHeld(detail.history), 'Plots held after each round', 'plots');
    default:
      return null;
  }
}

/** The match page of `detail`, which the caller has already cut to `audience` (`forAudience`). */
export function matchPageView(detail: MatchDetail, title: string, audience: Audience): MatchPageView {
  const { summary } = detail;
  const over = isOver(summary);
  const panel = detail.state === null ? null : summary.game === 'cafe' ? cafePanel(detail) : summary.game === 'influence' ? influencePanel(detail) : null;
  const extra = audience === 'observer' ? `${pendingBegs(detail)}${renderUsage(detail)}` : '';
  const explained = detail.outcome.over ? describeOutcome(summary.game, detail.state) : null;
  return {
    id: summary.id,
    game: summary.game,
    title,
    status: summary.status,
    round: summary.round,
    audience,
    ending: detail.outcome.over ? (explained ?? `${detail.outcome.kind ?? 'over'}${summary.winners.length ? `: ${summary.winners.join(', ')}` : ''}`) : null,
    scoreboard: renderScoreboard(summary),
    board: matchBoard(detail, audience === 'public' && !over ? 'room' : 'observer'),
    chart: pageChart(detail),
    more: { html: `${extra}${panel?.html ?? ''}`, charts: panel?.charts ?? [] },
    live: !over,
  };
}
