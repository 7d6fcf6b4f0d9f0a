import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import type { GoldmineState, RoundMap } from '@the-house/games/goldmine/goldmineTypes.ts';
import { goldmineMapPicture } from './goldmineMapPicture.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';

/**
 * Gold mining's pictures for a round: the ownership map every `window` rounds
 * (with the room's summary), drawn from the round's public map; at the end the
 * map and each miner's gold, which is public only then (RULES S-a).
 */
export function goldmineRoundPictures(record: RoundRecord, match: Match, window: number): RoomPicture[] {
  if (record.round % window !== 0 && !match.over) return [];
  const map = record.events.find((e) => e.type === 'round' && e.to === undefined)?.data as RoundMap | undefined;
  if (!map || !Array.isArray(map.owner)) return [];
  const state = match.state as GoldmineState;
  const { size, rounds } = state.config;
  if (size * size !== map.owner.length) return [];
  return [goldmineMapPicture({ players: state.players, owner: map.owner, size, round: record.round, rounds, ...(match.over ? { gold: state.gold } : {}) })];
}
