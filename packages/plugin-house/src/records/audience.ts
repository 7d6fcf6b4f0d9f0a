import type { AnyGame } from '@the-house/games/engine/types.ts';
import { secretWhilePlaying } from '@the-house/games/narrations.ts';
import type { MatchDetail, MatchSummary } from '../types.ts';

/**
 * Who reads a match (RULES S-a). `public`: the game room, `/house`, the House
 * tab and the match routes: while the match runs, only what the room is told;
 * once it is over, everything. `observer`: the owner and the admins, through
 * the match's private link: everything, live. (A player reads its own view,
 * `!view`.)
 */
export type Audience = 'public' | 'observer';

/** Over for good: what the public may now read in full. A paused match may still go on. */
export function isOver(summary: MatchSummary): boolean {
  return summary.status === 'finished' || summary.status === 'stopped' || summary.status === 'damaged';
}

/** A match's row as the public reads it: a score the game keeps private while it runs is not shown. */
export function publicSummary(games: Record<string, AnyGame>, summary: MatchSummary): MatchSummary {
  const game = games[summary.game];
  if (isOver(summary) || !game || !secretWhilePlaying(summary.game).has(game.scoreName)) return summary;
  return { ...summary, players: summary.players.map((p) => ({ ...p, score: null })) };
}

/**
 * The events and rounds one reader knew during play: the room (`seat` null)
 * only public events and no report field the game keeps secret while it runs;
 * a seat also its own private events and its own secret fields.
 */
export function readBy(detail: MatchDetail, seat: string | null): Pick<MatchDetail, 'events' | 'history'> {
  const secret = secretWhilePlaying(detail.summary.game);
  const keep = (player: string, fields: Record<string, unknown>) => (player === seat ? fields : Object.fromEntries(Object.entries(fields).filter(([k]) => !secret.has(k))));
  return {
    events: detail.events.filter((e) => e.to === undefined || (seat !== null && e.to.includes(seat))),
    history: secret.size ? detail.history.map((h) => ({ ...h, players: Object.fromEntries(Object.entries(h.players).map(([p, f]) => [p, keep(p, f)])) })) : detail.history,
  };
}

/**
 * A match as its audience may read it. For the public while it runs: no
 * state, no private event (one with `to`), no report field its game keeps
 * secret, no beg waiting for the observer (its amount and reason are theirs),
 * no model use per seat and no list of whom the House is waiting for.
 */
export function forAudience(games: Record<string, AnyGame>, detail: MatchDetail, audience: Audience): MatchDetail {
  if (audience === 'observer' || isOver(detail.summary)) return detail;
  return {
    ...detail,
    summary: publicSummary(games, detail.summary),
    state: null,
    ...readBy(detail, null),
    pendingBegs: [],
    usage: {},
    waitingFor: [],
  };
}

/** A page of the list as the public reads it. */
export function publicPage<P extends { matches: MatchSummary[] }>(games: Record<string, AnyGame>, page: P): P {
  return { ...page, matches: page.matches.map((s) => publicSummary(games, s)) };
}
