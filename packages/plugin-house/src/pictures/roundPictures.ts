import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import type { HouseGame } from '../games/houseGame.ts';
import type { RoomPicture } from './roomPicture.ts';

/**
 * A finished round's pictures from its game's adapter. A picture that cannot
 * be drawn is left out and the reason logged: the round's text still goes out.
 */
export function roundPictures(adapter: HouseGame | undefined, record: RoundRecord, match: Match, log: (line: string) => void): RoomPicture[] {
  if (!adapter?.roundPictures) return [];
  try {
    return adapter.roundPictures(record, match);
  } catch (error) {
    log(`House: the pictures of round ${record.round} could not be drawn: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/** The words of a post that is pictures alone (the round's text went out before them): what each shows, numbers included. */
export function picturesText(pictures: readonly RoomPicture[]): string {
  return pictures.map((p) => p.alt).join('\n');
}
