import type { PlayerId } from '@the-house/games/engine/types.ts';
import { nullRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import type { SeatKind } from '@the-house/lab/seats/seat.ts';
import type { RemoteSeatRecord } from '../entrants/remoteSeatRecord.ts';

/** A seat held by a person: who they are, and where the House writes to them privately. */
export interface HumanSeat {
  id: string;
  room: { channelId: string; serverId: string } | null;
  origin: { source: string; channelId: string } | null;
  /** Their Discord user id, for a seat taken from Discord: where no DM reaches them, the House names them in the match's thread with a ping. */
  discordId?: string;
  /** Turns in a row the person let pass without a move. */
  missed?: number;
  /** Past HOUSE_MISSED_TURNS in a row: the game's fallback plays the seat for the rest of the match. */
  away?: boolean;
  /** The last turn told them (round, phase and the log's length then), saved with the match: a host that resumes that phase knows it asks the same turn again. */
  toldTurn?: string;
}

/** Kinds are the lab's seat kinds, so a stored seat and the Seat made of it are called the same. */
interface SpecOf<K extends SeatKind> {
  kind: K;
}

/**
 * Who plays a seat of a stored match, as saved: a player character of this
 * host (`agent`), a person (`person`), a registered entrant's agent elsewhere
 * (`remote`: A2A, MCP, HTTP, an OpenAI-compatible endpoint) or one of the
 * game's baselines with no agent behind it (`strategy`, `bot:<strategy>`).
 * What a kind needs sits under its own name: a remote seat's record has a
 * `kind` of its own (its protocol).
 */
export type SeatSpec =
  | SpecOf<'agent'>
  | (SpecOf<'person'> & { person: HumanSeat })
  | (SpecOf<'remote'> & { remote: RemoteSeatRecord })
  | (SpecOf<'strategy'> & { strategy: string });

export type SeatSpecKind = SeatSpec['kind'];

/** Every seat of a match by player id. */
export type SeatSpecs = Record<PlayerId, SeatSpec>;

/** What the helpers read: a stored match, or anything else that keeps its seats. */
interface Seated {
  readonly seats: Readonly<SeatSpecs>;
}

export const agentSpec = (): SeatSpec => ({ kind: 'agent' });

/** Seats for players all of whom are agents (or of whom nothing more is known). */
export const agentSeats = (players: readonly PlayerId[]): SeatSpecs => nullRecord(players.map((p) => [p, agentSpec()]));

/**
 * A seat's spec; an id the match has no entry for is an agent's (a unit
 * spawned mid-match sits with its team's player character).
 */
export function seatSpecOf(stored: Seated, id: PlayerId): SeatSpec {
  return ownValue(stored.seats, id) ?? agentSpec();
}

/** The seat's spec when it is of that kind. */
export function seatOfKind<K extends SeatSpecKind>(stored: Seated, id: PlayerId, kind: K): Extract<SeatSpec, { kind: K }> | undefined {
  const spec = ownValue(stored.seats, id);
  return spec?.kind === kind ? (spec as Extract<SeatSpec, { kind: K }>) : undefined;
}

/** Every seat of that kind, in the order the seats were made. */
export function seatsOfKind<K extends SeatSpecKind>(stored: Seated, kind: K): Array<[PlayerId, Extract<SeatSpec, { kind: K }>]> {
  return Object.entries(stored.seats).filter((entry): entry is [PlayerId, Extract<SeatSpec, { kind: K }>] => entry[1]?.kind === kind);
}

/** The person holding a seat, when a person holds it. */
export const personOf = (stored: Seated, id: PlayerId): HumanSeat | undefined => seatOfKind(stored, id, 'person')?.person;

/** The entrant's record of a seat an outside agent holds. */
export const remoteOf = (stored: Seated, id: PlayerId): RemoteSeatRecord | undefined => seatOfKind(stored, id, 'remote')?.remote;

/** The seats people hold, with who holds each. */
export const personSeats = (stored: Seated): Array<[PlayerId, HumanSeat]> => seatsOfKind(stored, 'person').map(([id, spec]) => [id, spec.person]);

/** The seats outside agents hold, with each one's record. */
export const remoteSeats = (stored: Seated): Array<[PlayerId, RemoteSeatRecord]> => seatsOfKind(stored, 'remote').map(([id, spec]) => [id, spec.remote]);

/** The seat a person (by the id the server vouches for) holds, if any. */
export const seatHeldBy = (stored: Seated, personId: string): PlayerId | undefined => personSeats(stored).find(([, seat]) => seat.id === personId)?.[0];
