import type { PlayerId, Window } from '../../engine/types.ts';
import { rate } from '../../stats/rate.ts';
import type { Move } from '../matrixDecision.ts';
import type { MatrixHistory, Side } from './matrixHistory.ts';

/** What a player saw at its previous meeting with an opponent: its own move and the opponent's, as they landed. */
interface Before {
  mine: Move;
  theirs: Move;
}

/**
 * Over the window's moves that follow an earlier meeting of the same pair
 * (which may lie before the window): how many meant `answer` given what
 * landed at that meeting (`when`). NaN without such a move.
 */
function responseRate(h: MatrixHistory, w: Window, when: (b: Before) => boolean, answer: Move): number {
  const last = new Map<string, Before>();
  let chances = 0;
  let answered = 0;
  const see = (me: Side, other: Side, t: number) => {
    const key = pairKey(me.player, other.player);
    const before = last.get(key);
    if (t >= w.from && before && when(before)) {
      chances++;
      if (me.meant === answer) answered++;
    }
    last.set(key, { mine: me.played, theirs: other.played });
  };
  for (const round of h.rounds) {
    if (round.round > w.to) break;
    for (const g of round.games) {
      see(g.row, g.column, round.round);
      see(g.column, g.row, round.round);
    }
  }
  return rate(answered, chances);
}

const pairKey = (me: PlayerId, other: PlayerId): string => `${me}\u0000${other}`;

/** Retaliation: moves meant as D right after the opponent's D landed at the pair's previous meeting / such moves. */
export const retaliationRate = (h: MatrixHistory, w: Window): number => responseRate(h, w, (b) => b.theirs === 'D', 'D');

/** Betrayal: moves meant as D right after a meeting of mutual cooperation / such moves. */
export const betrayalRate = (h: MatrixHistory, w: Window): number => responseRate(h, w, (b) => b.mine === 'C' && b.theirs === 'C', 'D');
