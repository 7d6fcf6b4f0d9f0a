import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import type { HeadlessSeat } from '../seats/playRecorded.ts';
import type { SeatProvenance } from '../provenance/matchProvenance.ts';

/**
 * Who plays each seat of a fork after its start: the seat a `--seat` names,
 * else the kind the parent recorded when it can play on offline (a baseline
 * by its name); a model, an agent's model, a person or a remote agent cannot,
 * and is refused in one line naming the seat.
 */
export function forkSeats(game: AnyGame, parent: MatchBundle, swapped: ReadonlyMap<PlayerId, HeadlessSeat>): { ok: true; seats: Record<PlayerId, HeadlessSeat> } | { ok: false; error: string } {
  const seats: Record<PlayerId, HeadlessSeat> = {};
  for (const id of parent.players) {
    const given = swapped.get(id);
    if (given) {
      seats[id] = given;
      continue;
    }
    const recorded: SeatProvenance | undefined = parent.provenance ? ownValue(parent.provenance.seats, id) : undefined;
    const info = ownValue(parent.record.seats, id);
    const name = recorded?.kind === 'strategy' ? recorded.strategy : info?.brain === 'offline' && (!recorded || recorded.kind === 'agent') ? info.strategy : null;
    const strategy = name === null ? undefined : ownValue(game.strategies, name);
    if (!strategy) {
      const what = recorded ? [recorded.kind, recorded.model].filter(Boolean).join(' ') : (info?.brain ?? 'unknown');
      return { ok: false, error: `seat ${id} was played by ${what}, which cannot play on offline; name who plays it with --seat ${id}=PLAYER` };
    }
    seats[id] = { kind: 'offline', strategy };
  }
  return { ok: true, seats };
}
