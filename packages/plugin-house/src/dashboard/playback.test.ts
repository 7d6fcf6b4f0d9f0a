import { describe, expect, test } from 'bun:test';
import { nextPlayRound, playbackScript, playDelayMs, playStart, PLAY_SPEEDS } from './playback.ts';

describe('playback', () => {
  test('each speed waits its share of a second a round; an unknown speed plays at 1x', () => {
    expect(PLAY_SPEEDS.map(playDelayMs)).toEqual([2000, 1000, 500, 250]);
    expect(playDelayMs(1000)).toBe(1000);
    expect(playDelayMs(Number.NaN)).toBe(1000);
  });

  test('play steps to the next loaded round, past the window while the range goes on, and stops at the last', () => {
    expect(nextPlayRound([1, 2, 3], 1, 3)).toBe(2);
    expect(nextPlayRound([1, 2, 5], 2, 5)).toBe(5);
    expect(nextPlayRound([51, 52], 52, 200)).toBe(53);
    expect(nextPlayRound([1, 2, 3], 3, 3)).toBeNull();
    expect(nextPlayRound([4, 5], null, 5)).toBe(4);
    expect(nextPlayRound([], null, 1)).toBeNull();
  });

  test('play starts where the scrubber stands, and from the first round at the end of a finished match, not of a live one', () => {
    expect(playStart(4, 1, 9, false)).toBe(4);
    expect(playStart(9, 1, 9, false)).toBe(1);
    expect(playStart(9, 1, 9, true)).toBe(9);
    expect(playStart(null, 2, 9, true)).toBe(2);
  });

  test('the browser gets the same functions, without types', () => {
    const script = playbackScript();
    const fns = new Function(`${script}\nreturn { playDelayMs, nextPlayRound, playStart };`)() as { nextPlayRound: typeof nextPlayRound; playDelayMs: typeof playDelayMs; playStart: typeof playStart };
    expect(fns.nextPlayRound([1, 2, 3], 1, 3)).toBe(2);
    expect(fns.playDelayMs(4)).toBe(250);
    expect(fns.playStart(9, 1, 9, false)).toBe(1);
    expect(script).not.toContain(': number');
  });
});
