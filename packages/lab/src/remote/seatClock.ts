import { z } from 'zod';
import { ONE_DAY_MS } from '@the-house/games/engine/timerBounds.ts';

/**
 * A remote seat's time rules for one match: each move may take `moveMs`; what
 * a move takes beyond that comes out of a bank of `bankMs` for the whole
 * match (a chess clock's increment and main time, Kaggle's
 * `actTimeout`/`remainingOverageTime`). `maxMisses` turns in a row without a
 * valid answer, or an empty bank, and the House's baseline plays the seat for
 * the rest of the match.
 */
export const clockRulesSchema = z
  .object({
    moveMs: z.number().int().min(100).max(ONE_DAY_MS).default(10_000),
    bankMs: z.number().int().min(0).max(ONE_DAY_MS).default(60_000),
    maxMisses: z.number().int().min(1).max(100).default(3),
  })
  .strict();
export type ClockRules = z.infer<typeof clockRulesSchema>;

/** Why a seat's turn went wrong, and whose fault it was. */
export type Fault = 'timeout' | 'invalid' | 'unreachable';

/** What the House keeps of a remote seat's clock and faults, saved with the match so a restart goes on from it. */
export interface SeatClockState {
  rules: ClockRules;
  bankLeftMs: number;
  /** Turns in a row that ended in the game's fallback by the seat's fault. */
  missesInRow: number;
  timeouts: number;
  invalid: number;
  unreachable: number;
  /** Set once the baseline plays the seat: why (misses in a row, an empty bank). */
  substituted: string | null;
}

export function newClock(rules: ClockRules): SeatClockState {
  return { rules, bankLeftMs: rules.bankMs, missesInRow: 0, timeouts: 0, invalid: 0, unreachable: 0, substituted: null };
}

/**
 * The time one ask may take, from `now`: the move's own time plus what is
 * left in the bank, never past the runner's deadline for the phase (less a
 * margin so the answer is in before the phase closes).
 */
export function askWindow(clock: SeatClockState, now: number, phaseDeadline: number | undefined, marginMs = 50): { deadline: number; msLeft: number } {
  let deadline = now + clock.rules.moveMs + clock.bankLeftMs;
  if (phaseDeadline !== undefined) deadline = Math.min(deadline, phaseDeadline - marginMs);
  return { deadline, msLeft: Math.max(0, deadline - now) };
}

/** A move took `usedMs` (its first ask and its repair together): what passed the move's own time comes out of the bank. */
export function charge(clock: SeatClockState, usedMs: number): void {
  const over = Math.max(0, Math.round(usedMs) - clock.rules.moveMs);
  clock.bankLeftMs = Math.max(0, clock.bankLeftMs - over);
}

/**
 * A turn's end, by the seat's fault or not: a valid answer resets the misses
 * in a row; a fault counts, and past `maxMisses` in a row (or with an empty
 * bank) the seat is substituted. Returns the reason when this turn made it so.
 */
export function settle(clock: SeatClockState, fault: Fault | null): string | null {
  if (fault === null) clock.missesInRow = 0;
  else {
    clock.missesInRow += 1;
    if (fault === 'timeout') clock.timeouts += 1;
    else if (fault === 'invalid') clock.invalid += 1;
    else clock.unreachable += 1;
  }
  if (clock.substituted !== null) return null;
  if (clock.missesInRow >= clock.rules.maxMisses) clock.substituted = `${clock.missesInRow} turns in a row without a valid answer`;
  else if (clock.bankLeftMs <= 0 && clock.rules.bankMs > 0) clock.substituted = 'its time bank ran out';
  return clock.substituted;
}
