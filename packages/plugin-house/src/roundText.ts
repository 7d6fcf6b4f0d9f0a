import type { GameEvent } from '@the-house/games/engine/types.ts';
import { describeEvent } from '@the-house/lab/report/describeEvent.ts';

/** Only what everyone may see: events without `to`. */
export function publicEvents(events: readonly GameEvent[]): GameEvent[] {
  return events.filter((e) => e.to === undefined);
}

/** The public outcome of one round for a game with no words of its own. Private events never reach it. */
export function roundText(game: string, round: number, events: readonly GameEvent[]): string {
  return [`[${game}] Round ${round}`, ...publicEvents(events).map(describeEvent)].join('\n');
}
