import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { ResultClass, SeatResults } from '../results/seatResults.ts';

/**
 * The end of a match as an outside agent hears it, once, after its last turn
 * (the HTTP bot's last POST, A2A's last message's data part, MCP's
 * `wait_for_turn` once the match is over): its own result as the House
 * classes it (README, "Results"), so a seat substituted for hanging hears
 * that it forfeited, never its substitute's win.
 */
export interface MatchEnd {
  kind: 'match_over';
  /** The match's id, the `table` of every turn it was sent. */
  match: string;
  game: string;
  seat: PlayerId;
  result: {
    class: ResultClass;
    /** Why it forfeited or is void, in the House's words; absent for a decided seat. */
    why?: string;
    won: boolean;
    /** The winners by the results (a seat that forfeited never among them). */
    winners: PlayerId[];
  };
  /** 1 is best among the decided seats; a forfeit seat comes after every decided one; null for a void seat. */
  your_place: number | null;
  /** The match's page at the House that played it; absent headless. */
  match_url?: string;
}

/** The end one seat hears, from the match's results. */
export function matchEndOf(results: SeatResults, at: { match: string; game: string; seat: PlayerId; url?: string }): MatchEnd {
  const row = results.seats.find((r) => r.player === at.seat);
  const cls = row?.class ?? 'void';
  return {
    kind: 'match_over',
    match: at.match,
    game: at.game,
    seat: at.seat,
    result: { class: cls, ...(row?.cause ? { why: row.cause.why } : {}), won: row?.won ?? false, winners: [...results.winners] },
    your_place: row?.place ?? null,
    ...(at.url !== undefined ? { match_url: at.url } : {}),
  };
}
