/**
 * The match page's play button, as pure functions the page's script carries
 * verbatim (`playbackScript`): which round comes next and how long each waits.
 */

/** The speeds the page offers; 1 shows a round a second. */
export const PLAY_SPEEDS = [0.5, 1, 2, 4] as const;

/** How long a round stays on screen at `speed` (an unknown speed plays at 1x). */
export function playDelayMs(speed: number): number {
  // The list again, not PLAY_SPEEDS: the browser gets this function alone.
  const known = [0.5, 1, 2, 4].includes(speed) ? speed : 1;
  return Math.round(1000 / known);
}

/**
 * The round after `current` for the play button: the next one loaded, else
 * the next number while the match's range goes on (the page fetches its
 * window); null at the last round, where a finished match stops and a live
 * one waits for the next.
 */
export function nextPlayRound(loaded: readonly number[], current: number | null, max: number): number | null {
  if (current === null) return loaded.length ? loaded[0]! : null;
  const later = loaded.filter((r) => r > current);
  if (later.length) return Math.min(...later);
  return current < max ? current + 1 : null;
}

/** Where play starts: where the scrubber stands, or the first round when it stands at the end of a finished match. */
export function playStart(current: number | null, min: number, max: number, live: boolean): number {
  if (current === null) return min;
  return !live && current >= max ? min : current;
}

/** The three functions as the browser reads them (Bun hands their source on without types). */
export function playbackScript(): string {
  return [playDelayMs, nextPlayRound, playStart].map((f) => f.toString()).join('\n');
}
