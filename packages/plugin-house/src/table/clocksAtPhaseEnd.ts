import { nullRecord } from '@the-house/games/engine/safeKey.ts';
import type { SeatClockState } from '@the-house/lab/remote/seatClock.ts';
import type { SeatSpecs } from '../seats/seatSpec.ts';

/**
 * The seats a phase's save writes: the seats as they are when it is written
 * (a turn told a person since, a seat changed by a command), with each outside
 * agent's clock as it stood when the phase ended. The save is written while
 * the next phase runs, and an entrant's answer to that phase may come first
 * and charge its bank or count a miss: a host resuming from that save asks
 * the phase again, and would charge it twice.
 */
export function clocksAtPhaseEnd(seats: () => SeatSpecs): () => SeatSpecs {
  const clocks = new Map<string, SeatClockState>();
  for (const [id, spec] of Object.entries(seats())) if (spec.kind === 'remote') clocks.set(id, structuredClone(spec.remote.clock));
  return () => {
    const now = seats();
    if (!clocks.size) return now;
    return nullRecord(
      Object.entries(now).map(([id, spec]) => {
        const clock = clocks.get(id);
        return [id, clock && spec.kind === 'remote' ? { ...spec, remote: { ...spec.remote, clock } } : spec] as const;
      }),
    );
  };
}
