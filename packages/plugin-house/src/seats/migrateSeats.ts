import type { PlayerId } from '@the-house/games/engine/types.ts';
import { nullRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';
import { agentSpec, type HumanSeat, type SeatSpec, type SeatSpecs } from './seatSpec.ts';

/** The maps a stored match kept its seats in before `seats`: one per kind, and any other seat an agent's. */
interface OldSeatMaps {
  humans?: Record<PlayerId, HumanSeat> | null;
  remotes?: Record<PlayerId, RemoteSeatRecord> | null;
  bots?: Record<PlayerId, string> | null;
  seats?: SeatSpecs | null;
}

type Migrated<T> = Omit<T, keyof OldSeatMaps> & { seats: SeatSpecs };

interface OldMaps {
  humans: Record<PlayerId, HumanSeat>;
  remotes: Record<PlayerId, RemoteSeatRecord>;
  bots: Record<PlayerId, string>;
}

const isMap = <V>(value: unknown): value is Record<string, V> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A stored match read back (a database row, a running file, a match rebuilt
 * from its file) with its seats in `seats`, whatever it was saved with:
 * the old maps `humans`, `remotes` and `bots` become specs (a person's
 * seat first, then an entrant's, then a baseline's, as the House seated
 * them), and every player without one is an agent. A match saved with
 * `seats` keeps them; either way the old maps are gone. Missing or broken
 * maps count as empty.
 */
export function migrateSeats<T extends object>(stored: T): Migrated<T> {
  const { humans, remotes, bots, seats: kept, ...rest } = stored as T & OldSeatMaps;
  const players: unknown[] = Array.isArray((stored as { players?: unknown }).players) ? (stored as { players: unknown[] }).players : [];
  const seats = nullRecord<SeatSpec>(isMap<SeatSpec>(kept) ? Object.entries(kept) : []);
  if (!isMap(kept)) {
    const old: OldMaps = { humans: isMap<HumanSeat>(humans) ? humans : {}, remotes: isMap<RemoteSeatRecord>(remotes) ? remotes : {}, bots: isMap<string>(bots) ? bots : {} };
    const ids = [...players.filter((p): p is string => typeof p === 'string'), ...Object.keys(old.humans), ...Object.keys(old.remotes), ...Object.keys(old.bots)];
    for (const id of ids) {
      if (!Object.hasOwn(seats, id)) seats[id] = oldSpec(old, id) ?? agentSpec();
    }
  }
  for (const id of players) if (typeof id === 'string' && !Object.hasOwn(seats, id)) seats[id] = agentSpec();
  return { ...rest, seats } as unknown as Migrated<T>;
}

function oldSpec(old: OldMaps, id: PlayerId): SeatSpec | null {
  const person = ownValue(old.humans, id);
  if (person) return { kind: 'person', person };
  const remote = ownValue(old.remotes, id);
  if (remote) return { kind: 'remote', remote };
  const strategy = ownValue(old.bots, id);
  return strategy !== undefined ? { kind: 'strategy', strategy } : null;
}
