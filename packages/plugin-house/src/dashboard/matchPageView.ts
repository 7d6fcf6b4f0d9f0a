import { isOver, type Audience } from '../records/audience.ts';
import { houseGameOf } from '../games/houseGames.ts';
import type { MatchDetail, MatchStatus } from '../types.ts';
import type { ChartSpec, Rendered } from './chartSpec.ts';
import type { MatchBoard } from './boardTypes.ts';
import { matchBoard } from './matchBoard.ts';
import { matchEnding } from './matchEnding.ts';
import { pendingBegs } from './pendingBegs.ts';
import { chosenPerspective, EVERYTHING, perspectiveChoices, perspectiveDetail, type Perspective } from './perspective.ts';
import { renderScoreboard } from './renderScoreboard.ts';
import { renderUsage } from './renderUsage.ts';

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
  /** The rounds the board and chart hold, and the match's whole range, when the view is a window of a long match: the scrubber asks for the others. */
  rounds: MatchDetail['rounds'] | null;
  /** Once the match is over: whose knowledge the board and timeline show (the room's, a seat's, everything) and the others to switch to; null while it runs, so no seat's private view leaves a live match. */
  perspective: Perspective | null;
}

/**
 * The match page of `detail`, which the caller has already cut to `audience`
 * (`forAudience`). `as` (a query's, outside text): the perspective asked for,
 * heard only once the match is over.
 */
export function matchPageView(detail: MatchDetail, title: string, audience: Audience, as?: unknown): MatchPageView {
  const { summary } = detail;
  const over = isOver(summary);
  const choices = over ? perspectiveChoices(summary.players.map((p) => p.name)) : null;
  const perspective = choices ? { as: chosenPerspective(as, choices), choices } : null;
  const cut = perspective ? perspectiveDetail(detail, perspective.as) : null;
  const module = houseGameOf(summary.game);
  const panel = detail.state === null || !module?.panel?.onPage ? null : module.panel.render(detail);
  const extra = audience === 'observer' ? `${pendingBegs(detail)}${renderUsage(detail)}` : '';
  return {
    id: summary.id,
    game: summary.game,
    title,
    status: summary.status,
    round: summary.round,
    audience,
    ending: matchEnding(detail),
    scoreboard: renderScoreboard(summary),
    board: perspective && cut ? perspectiveBoard(cut, perspective) : matchBoard(detail, audience === 'public' ? 'room' : 'observer'),
    chart: module?.chart(cut?.detail ?? detail) ?? null,
    more: { html: `${extra}${panel?.html ?? ''}`, charts: panel?.charts ?? [] },
    live: !over,
    rounds: detail.rounds ?? null,
    perspective,
  };
}

/** A finished match's board as one perspective knew it while it ran, saying so above the board. */
function perspectiveBoard(cut: ReturnType<typeof perspectiveDetail>, perspective: Perspective): MatchBoard | null {
  if (perspective.as === EVERYTHING) return matchBoard(cut.detail, 'observer');
  const board = matchBoard(cut.detail, cut.narrate);
  if (!board) return null;
  const label = perspective.choices.find((c) => c.key === perspective.as)?.label ?? perspective.as;
  const whose = cut.narrate === 'room' ? 'As the room was told it while the match ran' : `As ${label} knew it while the match ran: what the room was told and what ${label} alone was told`;
  return { ...board, hidden: `${whose}.${board.hidden ? ` ${board.hidden}` : ''}` };
}
