import { nullRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { DeskHost } from '../desk/deskHost.ts';
import { namedLineUp, privateSeat } from '../desk/openMatch.ts';
import type { SeatedEntrant } from '../entrants/entrantSeats.ts';
import { agentSpec, seatSpecOf, type SeatSpec, type SeatSpecs } from '../seats/seatSpec.ts';
import { forkAgentSeatText, forkSeatNeededText, forkSeatUnknownText, forkTwoMeText } from '../texts/forkTexts.ts';
import type { CommandAuthor, ForkOrigin, StoredMatch } from '../types.ts';
import type { ForkArgs } from './parseFork.ts';

/** Who plays each seat of a fork, what its room says of the swaps, and the entrants seated (their tokens are told as `!play` tells them). */
export interface ForkLineUp {
  seats: SeatSpecs;
  swaps: ForkOrigin['swaps'];
  swapped: Set<PlayerId>;
  entrants: SeatedEntrant[];
}

type Refused = { ok: false; error: string };

/** A seat of the match by the name typed (its case as typed need not match). */
const seatNamed = (players: readonly PlayerId[], name: string): PlayerId | undefined => players.find((p) => p === name) ?? players.find((p) => p.toLowerCase() === name.toLowerCase());

/** One `--seat SEAT=WHO`: WHO read as `!play` reads a name (`me`, `bot:STRATEGY`, an entrant, a player agent), which keeps the seat's id. */
async function swapOf(host: DeskHost, game: AnyGame, seat: PlayerId, who: string, author: CommandAuthor): Promise<{ ok: true; spec: SeatSpec; by: string; entrants: SeatedEntrant[] } | Refused> {
  const lineUp = await namedLineUp(host, game, [who], author);
  if ('ok' in lineUp) return lineUp;
  const name = lineUp.players[0]!;
  const spec = ownValue(lineUp.seats, name);
  if (!spec) return name === seat ? { ok: true, spec: agentSpec(), by: name, entrants: [] } : { ok: false, error: forkAgentSeatText(seat, name) };
  const by = spec.kind === 'strategy' ? `bot:${spec.strategy}` : spec.kind === 'remote' ? `@${spec.remote.entrant}` : name;
  return { ok: true, spec, by, entrants: lineUp.entrants };
}

/** An unswapped seat played on as its parent's was: an agent of this House, a baseline, or the person forking; anyone else must be named. */
async function keptSeat(host: DeskHost, parent: StoredMatch, seat: PlayerId, author: CommandAuthor): Promise<{ ok: true; spec: SeatSpec } | Refused> {
  const spec = seatSpecOf(parent, seat);
  if (spec.kind === 'strategy') return { ok: true, spec };
  if (spec.kind === 'agent') return host.players.find(seat) ? { ok: true, spec } : { ok: false, error: forkSeatNeededText(seat, `${seat}, a player agent this House does not run now`) };
  if (spec.kind === 'person') return spec.person.id === author.id ? { ok: true, spec: { kind: 'person', person: await privateSeat(host, author) } } : { ok: false, error: forkSeatNeededText(seat, 'a person') };
  return { ok: false, error: forkSeatNeededText(seat, `the entrant ${spec.remote.entrant}`) };
}

/**
 * A fork's seats: each `--seat` swap, and every other seat as its parent
 * played it where that can go on without asking anyone (an agent of this
 * House, a baseline, the forking person's own seat). A seat id stays the
 * parent's (it is the player's id in the game), whoever plays it now.
 */
export async function forkLineUp(host: DeskHost, game: AnyGame, parent: StoredMatch, asked: ForkArgs['seats'], author: CommandAuthor): Promise<({ ok: true } & ForkLineUp) | Refused> {
  const lineUp: ForkLineUp = { seats: nullRecord(), swaps: [], swapped: new Set(), entrants: [] };
  if (asked.filter((s) => s.who.toLowerCase() === 'me').length > 1) return { ok: false, error: forkTwoMeText };
  for (const { seat: typed, who } of asked) {
    const seat = seatNamed(parent.players, typed);
    if (!seat) return { ok: false, error: forkSeatUnknownText(typed, parent.players) };
    const swap = await swapOf(host, game, seat, who, author);
    if (!swap.ok) return swap;
    lineUp.seats[seat] = swap.spec;
    lineUp.swaps.push({ seat, by: swap.by });
    lineUp.swapped.add(seat);
    lineUp.entrants.push(...swap.entrants);
  }
  for (const seat of parent.players) {
    if (lineUp.swapped.has(seat)) continue;
    const kept = await keptSeat(host, parent, seat, author);
    if (!kept.ok) return kept;
    lineUp.seats[seat] = kept.spec;
  }
  const people = Object.values(lineUp.seats).filter((s) => s.kind === 'person' && s.person.id === author.id);
  return people.length > 1 ? { ok: false, error: forkTwoMeText } : { ok: true, ...lineUp };
}
