import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { describeEvents } from '@the-house/lab/report/describeEvent.ts';

/** Only what everyone may see: events without `to`. */
export function publicEvents(events: readonly GameEvent[]): GameEvent[] {
  return events.filter((e) => e.to === undefined);
}

/**
 * The public outcome of one round for a game with no words of its own in its
 * adapter: its narration's sentences for the room (private events never reach
 * it), or the raw dump of an event no narration knows.
 */
export function roundText(game: string, round: number, events: readonly GameEvent[], players: readonly PlayerId[] = []): string {
  const told = describeEvents(publicEvents(events), { game, players, over: false, audience: 'room' });
  return [`[${game}] Round ${round}`, ...told.filter((line): line is string => Boolean(line))].join('\n');
}
