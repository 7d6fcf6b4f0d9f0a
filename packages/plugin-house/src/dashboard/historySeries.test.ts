import { describe, expect, test } from 'bun:test';
import type { RoundHistoryEntry } from '../types.ts';
import { scoreField, seriesOverRounds } from './historySeries.ts';
import { seatColor } from './palette.ts';

const history: RoundHistoryEntry[] = [
  { round: 1, players: { ada: { sats: 53, alive: true }, bob: { sats: 47, alive: true } } },
  { round: 2, players: { ada: { sats: 104, alive: true }, bob: { sats: 40, alive: true }, 'ada#2': { sats: 25, alive: true } } },
];

describe('scoreField', () => {
  test("takes the game's own score field, else the first numeric one, else none", () => {
    expect(scoreField('trust', history)).toBe('sats');
    expect(scoreField('mystery', [{ round: 1, players: { a: { alive: true, points: 3 } } }])).toBe('points');
    expect(scoreField('influence', [{ round: 1, players: { a: { alive: true, exposed: false } } }])).toBeNull();
  });
});

describe('seriesOverRounds', () => {
  test('one line per player and spawned unit, gaps where a unit did not exist, units in their team colour', () => {
    const { labels, datasets } = seriesOverRounds(history, { field: 'sats' }, ['ada', 'bob']);
    expect(labels).toEqual([1, 2]);
    expect(datasets.map((d) => [d.label, d.data, d.color])).toEqual([
      ['ada', [53, 104], seatColor(0)],
      ['bob', [47, 40], seatColor(1)],
      ['ada#2', [null, 25], seatColor(0)],
    ]);
  });

  test('scales values (cents to tokens)', () => {
    const { datasets } = seriesOverRounds([{ round: 1, players: { a: { cents: 105_050 } } }], { field: 'cents', scale: 0.01 }, ['a']);
    expect(datasets[0]!.data).toEqual([1050.5]);
  });
});
