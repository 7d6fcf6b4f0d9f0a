import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { HouseConfig } from '../houseConfig.ts';
import { countdownText } from '../texts/paceTexts.ts';
import type { StoredMatch } from '../types.ts';

/** The pause between a match's rounds: its own `--delay` (`--fast` is 0), else the House's for its game (its watching pace, or HOUSE_ROUND_DELAY_MS). */
export function roundPauseMs(stored: Pick<StoredMatch, 'options'>, settings: Pick<HouseConfig, 'roundDelayMs'>, game: AnyGame): number {
  return stored.options.roundDelayMs ?? settings.roundDelayMs(game);
}

/**
 * How long a new match waits in its room before its first round, so that the
 * people who follow the room's link see it begin: only a match a person opened
 * (from a chat), and none for a match played at full speed (no pause between
 * rounds: `--fast`, `--delay 0` or HOUSE_ROUND_DELAY_MS=0).
 */
export function countdownMs(stored: Pick<StoredMatch, 'owner'>, pauseMs: number, settingMs: number): number {
  return stored.owner && pauseMs > 0 ? settingMs : 0;
}

/** The countdown: one line in the room, then the wait (`wait` ends early on a stop: the House's `sleep` with the table's signal). */
export async function countDown(ms: number, say: (text: string) => Promise<void>, wait: (ms: number) => Promise<void>): Promise<void> {
  if (ms <= 0) return;
  await say(countdownText(ms));
  await wait(ms);
}
