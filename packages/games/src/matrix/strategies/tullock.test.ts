import { expect, test } from 'bun:test';
import { transcript } from './transcript.ts';
import { tullock } from './tullock.ts';

test('tullock: eleven cooperations, then 10% less cooperation than the opponent showed in the last ten moves', () => {
  expect(transcript(tullock, 'D'.repeat(20)).me).toBe(`${'C'.repeat(11)}${'D'.repeat(9)}`);
  const { me } = transcript(tullock, 'C'.repeat(200));
  expect(me.startsWith('C'.repeat(11))).toBe(true);
  const defections = [...me.slice(11)].filter((m) => m === 'D').length;
  expect(defections).toBeGreaterThan(5);
  expect(defections).toBeLessThan(40);
});
