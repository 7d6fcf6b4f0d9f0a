import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { HeadlessSeat } from '../seats/playRecorded.ts';
import type { SeatProvenance } from './matchProvenance.ts';

/** What a headless seat was: a baseline by name, a model by its client, a remote agent by its entrant and where it was reached (`provider` never holds a key). */
export function headlessSeatProvenance(seat: HeadlessSeat): SeatProvenance {
  if (seat.kind === 'offline') return { kind: 'strategy', strategy: seat.strategy.name, model: null, endpoint: null };
  if (seat.kind === 'model') return { kind: 'model', strategy: seat.fallback?.name ?? null, model: seat.client.model, endpoint: seat.client.free ? null : seat.client.provider };
  return { kind: 'remote', strategy: seat.line.fallback?.name ?? null, model: seat.line.entrant, endpoint: seat.line.client.provider };
}

export const headlessSeatsProvenance = (ids: PlayerId[], seats: Record<PlayerId, HeadlessSeat>): Record<PlayerId, SeatProvenance> =>
  Object.fromEntries(ids.flatMap((id) => (Object.hasOwn(seats, id) ? [[id, headlessSeatProvenance(seats[id]!)]] : [])));
