import type { PlayerId } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { MatchRecord } from '../models/matchRecorder.ts';

/**
 * Who a seat was for the ratings: the brain, not the character, so a
 * leaderboard compares models and baselines alike (`model:gpt-4o`, `copycat`,
 * `person:Pat`). A model seat that never reached its model is its baseline; a
 * registered entrant is rated as itself and its version (`entrant:NAME@VERSION`).
 */
export function participantOf(record: MatchRecord, seat: PlayerId): string {
  const info = ownValue(record.seats, seat);
  if (!info) return seat;
  if (info.brain === 'human') return `person:${seat}`;
  if (info.brain === 'model') {
    const call = record.calls.find((c) => c.caller === seat);
    if (call) return call.model.startsWith('entrant:') ? call.model : `model:${call.model}`;
  }
  return info.strategy ?? seat;
}
