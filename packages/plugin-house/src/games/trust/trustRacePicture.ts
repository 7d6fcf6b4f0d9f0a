import type { RoomPicture } from '../../pictures/roomPicture.ts';
import { RACE_SIZE, racePicture } from '../../pictures/racePicture.ts';

export const TRUST_RACE_SIZE = RACE_SIZE;

export interface TrustRaceInput {
  /** The seats, in order (a spawned unit `ada#2` takes its team's colour). */
  seats: readonly string[];
  rounds: readonly number[];
  /** Sats after each round, by player or unit (null: not in play that round). */
  sats: ReadonlyMap<string, ReadonlyArray<number | null>>;
}

/** Trust's sats race: every player's sats after each round, and the final sats beside the lines. */
export function trustRacePicture(input: TrustRaceInput): RoomPicture {
  return racePicture({ seats: input.seats, rounds: input.rounds, values: input.sats, name: 'trust-sats-race.png', title: 'Trust: the sats race, round by round', unit: 'sats', about: "Trust's sats race" });
}
