import type { Match } from '@the-house/games/engine/match.ts';
import type { TrustState } from '@the-house/games/trust/trustTypes.ts';
import type { RoomPicture } from '../../pictures/roomPicture.ts';
import { trustRacePicture } from './trustRacePicture.ts';

/** Trust's picture once the match is over: the sats race, from every round's public `round` event. */
export function trustEndPictures(match: Match): RoomPicture[] {
  if (!match.over) return [];
  const rounds: number[] = [];
  const sats = new Map<string, Array<number | null>>();
  for (const e of match.log?.entries ?? []) {
    if (e.type !== 'round' || e.to !== undefined || !e.data) continue;
    const after = e.data.sats as Record<string, unknown> | undefined;
    if (!after || typeof after !== 'object') continue;
    rounds.push(e.round);
    for (const [id, v] of Object.entries(after)) {
      if (!sats.has(id)) sats.set(id, Array<number | null>(rounds.length - 1).fill(null));
    }
    for (const [id, line] of sats) line.push(Object.hasOwn(after, id) && typeof after[id] === 'number' ? (after[id] as number) : null);
  }
  if (!rounds.length) return [];
  return [trustRacePicture({ seats: (match.state as TrustState).players, rounds, sats })];
}
