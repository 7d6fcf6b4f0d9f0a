import type { ForkPoint } from '@the-house/lab/fork/forkPoint.ts';
import type { ForkOrigin, HumanSeat, MatchOwner, StoredMatch } from '../types.ts';
import type { SeatSpecs } from '../seats/seatSpec.ts';

/** What the fork is besides its parent's match at the fork point: its id, seats, who opened it and where. */
export interface ForkSetting {
  id: string;
  seats: SeatSpecs;
  swaps: ForkOrigin['swaps'];
  owner: MatchOwner | null;
  observer: HumanSeat | null;
  observerKey: string;
  table: string;
  origin: StoredMatch['origin'];
  now: number;
}

/**
 * A fork's stored match, running from its parent's state at the end of the
 * phase it forks after: the parent's log, record and finished rounds up to
 * there (so its file replays whole and its page charts from round 1), a room
 * of its own, and its parent named in `fork`. It never goes into the ratings:
 * its first phases are the parent's play.
 */
export function forkedMatch(parent: StoredMatch, point: ForkPoint, at: ForkSetting): StoredMatch {
  const round = (point.match.state as { round: number }).round;
  const history = parent.history.filter((h) => h.round < round);
  return {
    id: at.id,
    game: parent.game,
    seed: parent.seed,
    config: parent.config,
    status: 'running',
    players: [...parent.players],
    channelId: null,
    serverId: null,
    state: point.match.state,
    log: [...point.match.log!.entries],
    history,
    origin: at.origin,
    postedRound: history.at(-1)?.round ?? 0,
    options: parent.options,
    record: point.record,
    paused: null,
    rated: true,
    seats: at.seats,
    observer: at.observer,
    observerKey: at.observerKey,
    owner: at.owner,
    table: at.table,
    fork: { parent: point.link, reseeded: point.reseeds, swaps: at.swaps },
    rooms: {},
    createdAt: at.now,
    updatedAt: at.now,
  };
}
