import { expect, test } from 'bun:test';
import { alwaysDefect } from './alwaysDefect.ts';
import { generosity, generousTitForTat } from './generousTitForTat.ts';
import { transcript } from './transcript.ts';

test("generosity: 1/3 with Axelrod's payoffs, 2/3 with Case's, bounded, and 1/3 where the matrix leaves it undefined", () => {
  expect(generosity({ R: 3, S: 0, T: 5, P: 1 })).toBeCloseTo(1 / 3);
  expect(generosity({ R: 2, S: -1, T: 3, P: 0 })).toBeCloseTo(2 / 3);
  expect(generosity({ R: 4, S: 0, T: 3, P: 3 })).toBe(1 / 3);
  expect(generosity({ R: 0, S: -1, T: 1, P: -10 })).toBe(0);
});

test('generous-tit-for-tat: cooperates after a cooperation; forgives about a third of defections', () => {
  expect(transcript(generousTitForTat, 'C'.repeat(20)).me).toBe('C'.repeat(20));
  const { me } = transcript(generousTitForTat, alwaysDefect, { rounds: 300 });
  const forgiven = [...me.slice(1)].filter((m) => m === 'C').length;
  expect(forgiven).toBeGreaterThan(70);
  expect(forgiven).toBeLessThan(130);
});
