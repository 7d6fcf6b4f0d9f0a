/**
 * The longest timer a setting may ask for. Node and Bun keep timers in 32
 * bits: a delay past 2^31-1 ms (about 24.8 days) fires after 1 ms, so a
 * "forever" turns into "at once". A day is already longer than anyone waits.
 */
export const ONE_DAY_MS = 86_400_000;

/** What a timer can hold at all. */
export const MAX_TIMER_MS = 2_147_483_647;
