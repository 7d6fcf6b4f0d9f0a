import { readBy } from '../records/audience.ts';
import type { MatchDetail } from '../types.ts';

/** One way to read a finished match on its page: as its room was told it, as one seat knew it, or everything. */
export interface PerspectiveChoice {
  key: string;
  label: string;
}

/** The perspective a finished match's page shows, and the others it offers. */
export interface Perspective {
  as: string;
  choices: PerspectiveChoice[];
}

export const EVERYTHING = 'everything';
const PUBLIC = 'public';
const SEAT = 'seat:';

/** The perspectives of a match with these seats: the room's, each seat's, everything. */
export function perspectiveChoices(seats: readonly string[]): PerspectiveChoice[] {
  return [{ key: PUBLIC, label: 'public' }, ...seats.map((s) => ({ key: `${SEAT}${s}`, label: s })), { key: EVERYTHING, label: 'everything' }];
}

/** The perspective asked for (a query's `as`, outside text) when it is one of `choices`; everything otherwise. */
export function chosenPerspective(asked: unknown, choices: readonly PerspectiveChoice[]): string {
  if (typeof asked !== 'string' || asked.length > 200) return EVERYTHING;
  return choices.some((c) => c.key === asked) ? asked : EVERYTHING;
}

/**
 * A finished match cut to what one perspective knew during play: the room
 * read only public events and no report field kept secret while it ran; a
 * seat also its own private events and its own secret fields. Narrated as
 * the room for the public (`room`), else as an observer of the events left.
 */
export function perspectiveDetail(detail: MatchDetail, as: string): { detail: MatchDetail; narrate: 'room' | 'observer' } {
  if (as === EVERYTHING) return { detail, narrate: 'observer' };
  const seat = as.startsWith(SEAT) ? as.slice(SEAT.length) : null;
  return { detail: { ...detail, ...readBy(detail, seat) }, narrate: seat === null ? 'room' : 'observer' };
}
