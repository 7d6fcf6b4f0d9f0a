import { expect, test } from 'bun:test';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import { DEFAULT_WINDOW, MAX_WINDOW, windowOf, windowRange } from './matchWindow.ts';

test('a window of rounds: the latest by default, at most MAX_WINDOW, always within the match', () => {
  expect(windowRange(1, 2000)).toEqual({ from: 2001 - DEFAULT_WINDOW, to: 2000, first: 1, last: 2000 });
  expect(windowRange(1, 2000, { from: 1, to: 5000 })).toEqual({ from: 1, to: MAX_WINDOW, first: 1, last: 2000 });
  expect(windowRange(1, 2000, { from: 1900 })).toEqual({ from: 1900, to: 2000, first: 1, last: 2000 });
  expect(windowRange(1, 2000, { to: 50 })).toEqual({ from: 1, to: 50, first: 1, last: 2000 });
  expect(windowRange(1, 30, { from: 40, to: 10 })).toEqual({ from: 30, to: 30, first: 1, last: 30 });
  expect(windowRange(0, 0)).toEqual({ from: 0, to: 0, first: 0, last: 0 });
});

test("a whole match cut to a window keeps that window's events and reports, and what comes before the first round and after the last at its ends", () => {
  const detail = playedMatchDetail('trust', ['ada', 'bob'], 12);
  // Still running: its last round is the one being played, after its last report.
  const last = detail.summary.round;
  const middle = windowOf(detail, { from: 3, to: 5 });
  expect(middle.rounds).toEqual({ from: 3, to: 5, first: 1, last });
  expect(middle.history.map((h) => h.round)).toEqual([3, 4, 5]);
  expect(new Set(middle.events.map((e) => e.round))).toEqual(new Set([3, 4, 5]));
  const whole = windowOf(detail, { from: 1, to: last });
  expect(whole.events).toEqual(detail.events);
  expect(whole.history).toEqual(detail.history);
});
