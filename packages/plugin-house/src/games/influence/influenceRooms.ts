import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { PhaseContext } from '../houseGame.ts';

type Whisper = PhaseContext['whisper'];

/**
 * The House's DM rooms of each running Influence match, remembered from the
 * phase it is playing, so a person's `!dm` reaches its room as it is sent
 * (RULES I-a) rather than when the WHISPER turn closes.
 */
const rooms = new Map<string, Whisper>();

export function rememberRooms(matchId: string, whisper: Whisper): void {
  rooms.set(matchId, whisper);
}

export function forgetRooms(matchId: string): void {
  rooms.delete(matchId);
}

/**
 * Posts a DM now for `from`. False when the match's rooms are not known here
 * or the post failed: nothing is lost, since the turn's close carries the same
 * DM under the same key.
 */
export async function deliverNow(matchId: string, members: PlayerId[], text: string, from: PlayerId, key: string): Promise<boolean> {
  const whisper = rooms.get(matchId);
  if (!whisper) return false;
  try {
    await whisper(members, text, from, key);
    return true;
  } catch {
    return false;
  }
}
