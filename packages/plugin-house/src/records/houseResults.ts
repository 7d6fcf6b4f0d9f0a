import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecord } from '@the-house/lab/models/matchRecorder.ts';
import type { SeatClockState } from '@the-house/lab/remote/seatClock.ts';
import { seatResults, type SeatResults } from '@the-house/lab/results/seatResults.ts';
import { seatOwner } from '@the-house/lab/seats/seatOwner.ts';
import { remoteOf, type SeatSpecs } from '../seats/seatSpec.ts';

/** What a House match's results are read from: its seats, who plays them, and its record. */
export interface ResultSource {
  players: readonly PlayerId[];
  record: MatchRecord;
  seats: Readonly<SeatSpecs>;
}

/** Each seat's result (decided, forfeit, void) of a House match at `state`: its record, its entrants' clocks, the game's ending. */
export function houseResults(game: AnyGame, state: unknown, match: ResultSource): SeatResults {
  const clocks = new Map<PlayerId, SeatClockState>();
  for (const p of match.players) {
    const remote = remoteOf(match, p);
    if (remote) clocks.set(p, remote.clock);
  }
  const scores = Object.fromEntries(match.players.map((p) => [p, game.score(state, p)]));
  return seatResults(game.outcome(state), match.record, { players: match.players, scores, ownerOf: (id) => seatOwner(state, id), clocks });
}
