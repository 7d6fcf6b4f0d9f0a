import { describe, expect, test } from 'bun:test';
import { askWindow, charge, clockRulesSchema, newClock, settle } from './seatClock.ts';

const rules = clockRulesSchema.parse({ moveMs: 1_000, bankMs: 5_000, maxMisses: 3 });

describe('a remote seat clock', () => {
  test('an ask gets the move time plus the bank, never past the phase deadline', () => {
    const clock = newClock(rules);
    expect(askWindow(clock, 10_000, undefined)).toEqual({ deadline: 16_000, msLeft: 6_000 });
    expect(askWindow(clock, 10_000, 12_000, 50)).toEqual({ deadline: 11_950, msLeft: 1_950 });
    expect(askWindow(clock, 10_000, 9_000).msLeft).toBe(0);
  });

  test('time past the move comes out of the bank; an empty bank substitutes the seat', () => {
    const clock = newClock(rules);
    charge(clock, 800);
    expect(clock.bankLeftMs).toBe(5_000);
    charge(clock, 3_000);
    expect(clock.bankLeftMs).toBe(3_000);
    expect(settle(clock, null)).toBeNull();
    charge(clock, 9_000);
    expect(clock.bankLeftMs).toBe(0);
    expect(settle(clock, 'timeout')).toBe('its time bank ran out');
    expect(clock.timeouts).toBe(1);
    // Told once: later turns do not announce it again.
    expect(settle(clock, 'timeout')).toBeNull();
  });

  test('K misses in a row substitute the seat; a valid answer resets the run', () => {
    const clock = newClock(rules);
    expect(settle(clock, 'invalid')).toBeNull();
    expect(settle(clock, 'timeout')).toBeNull();
    expect(settle(clock, null)).toBeNull();
    expect(settle(clock, 'unreachable')).toBeNull();
    expect(settle(clock, 'invalid')).toBeNull();
    expect(settle(clock, 'timeout')).toBe('3 turns in a row without a valid answer');
    expect({ timeouts: clock.timeouts, invalid: clock.invalid, unreachable: clock.unreachable }).toEqual({ timeouts: 2, invalid: 2, unreachable: 1 });
  });

  test('rules are bounded', () => {
    expect(clockRulesSchema.safeParse({ moveMs: 10 }).success).toBe(false);
    expect(clockRulesSchema.safeParse({ bankMs: 1e12 }).success).toBe(false);
    expect(clockRulesSchema.safeParse({ maxMisses: 0 }).success).toBe(false);
    expect(clockRulesSchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
