import type { Window } from '../../engine/types.ts';
import { rate } from '../../stats/rate.ts';
import { roundOf, type MatrixGame, type MatrixHistory, type Side } from './matrixHistory.ts';

/** Over the window's games: how many satisfy `hit`, out of those `counts` keeps (all by default). */
function gameRate(h: MatrixHistory, w: Window, hit: (g: MatrixGame) => boolean): number {
  let n = 0;
  let k = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const g of roundOf(h, t)?.games ?? []) {
      n++;
      if (hit(g)) k++;
    }
  }
  return rate(k, n);
}

/** Over the window's moves (two a game). */
function sideRate(h: MatrixHistory, w: Window, hit: (s: Side) => boolean): number {
  let n = 0;
  let k = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const g of roundOf(h, t)?.games ?? []) {
      n += 2;
      if (hit(g.row)) k++;
      if (hit(g.column)) k++;
    }
  }
  return rate(k, n);
}

/** Cooperation: moves meant as C / all moves. Intent counts: a C that noise flipped is still cooperation. NaN with no game. */
export const cooperationRate = (h: MatrixHistory, w: Window): number => sideRate(h, w, (s) => s.meant === 'C');

/** Mutual cooperation: games where both moves landed as C / games. */
export const mutualRate = (h: MatrixHistory, w: Window): number => gameRate(h, w, (g) => g.row.played === 'C' && g.column.played === 'C');

/** Mutual defection: games where both moves landed as D / games. */
export const mutualDefectionRate = (h: MatrixHistory, w: Window): number => gameRate(h, w, (g) => g.row.played === 'D' && g.column.played === 'D');

/** Noise: moves noise flipped / all moves. */
export const flipRate = (h: MatrixHistory, w: Window): number => sideRate(h, w, (s) => s.meant !== s.played);

/** Mean payoff: points per move (per player per game). */
export function meanPayoff(h: MatrixHistory, w: Window): number {
  let n = 0;
  let sum = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const g of roundOf(h, t)?.games ?? []) {
      n += 2;
      sum += g.row.got + g.column.got;
    }
  }
  return n ? sum / n : Number.NaN;
}

/** Efficiency: what the games paid both players / what they could have paid at best (the best cell of the matrix). NaN when the best is not above 0. */
export function efficiency(h: MatrixHistory, w: Window): number {
  if (!(h.bestJoint > 0)) return Number.NaN;
  let n = 0;
  let sum = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const g of roundOf(h, t)?.games ?? []) {
      n++;
      sum += g.row.got + g.column.got;
    }
  }
  return n ? sum / (n * h.bestJoint) : Number.NaN;
}

/** Fallbacks: answers the House replaced with the fallback / answers due (each player with a game, once a round). */
export function fallbackRate(h: MatrixHistory, w: Window): number {
  let players = 0;
  let fallbacks = 0;
  for (let t = w.from; t <= w.to; t++) {
    const round = roundOf(h, t);
    if (!round) continue;
    const seated = new Set<string>();
    for (const g of round.games) seated.add(g.row.player).add(g.column.player);
    players += seated.size;
    fallbacks += round.fallbacks;
  }
  return rate(fallbacks, players);
}
