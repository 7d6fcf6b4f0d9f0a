import type { Brain } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { lazyRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import { seatOwner } from '@the-house/lab/seats/seatOwner.ts';
import { AgentSeat } from './agentSeat.ts';
import { PersonSeat } from './personSeat.ts';
import { seatSpecOf } from '../seats/seatSpec.ts';
import type { Seat } from '@the-house/lab/seats/seat.ts';
import { seatBrain } from '@the-house/lab/seats/seatBrain.ts';
import { StrategySeat } from '@the-house/lab/seats/strategySeat.ts';
import { EntrantSeat } from './entrantSeat.ts';
import { seatMatchOf } from './seatMatchOf.ts';
import type { TableCore } from './tableCore.ts';

/**
 * The one place a player of the line-up becomes a seat: a person who sat down
 * (`me`, `!join`), a registered entrant's agent elsewhere (`@mybot`), a
 * baseline named `bot:<strategy>`, or a player agent of
 * this host (a unit spawned mid-match sits with its team's agent). None of
 * these: no seat, and the game's fallback plays it.
 */
export function seatFor(table: TableCore, id: PlayerId): Seat | undefined {
  const spec = seatSpecOf(table.stored, id);
  switch (spec.kind) {
    case 'person':
      return new PersonSeat(table, id);
    case 'remote':
      return new EntrantSeat(table, id, spec.remote);
    case 'strategy': {
      const strategy = ownValue(table.match!.game.strategies, spec.strategy);
      return strategy ? new StrategySeat(seatMatchOf(table), strategy) : undefined;
    }
    case 'agent': {
      const runtime = table.host.players.find(seatOwner(table.match!.state, id));
      return runtime ? new AgentSeat(table, runtime, id) : undefined;
    }
  }
}

/** A table's seats, each made on first use, and the brains the runner asks through them. */
export class Seats {
  private readonly made = new Map<PlayerId, Seat | undefined>();
  /** For the runner: a brain per player id, looked up as it asks. */
  readonly brains: Record<PlayerId, Brain>;

  constructor(private readonly table: TableCore) {
    this.brains = lazyRecord<Brain>((id) => {
      const seat = this.of(id);
      const seats = table.recorder.record.seats;
      if (!Object.hasOwn(seats, id)) seats[id] = seat?.info ?? { brain: 'offline', strategy: null, persona: '', system: '' };
      return seat ? seatBrain(seatMatchOf(table), id, seat) : undefined;
    });
  }

  of(id: PlayerId): Seat | undefined {
    if (!this.made.has(id)) this.made.set(id, seatFor(this.table, id));
    return this.made.get(id);
  }
}
