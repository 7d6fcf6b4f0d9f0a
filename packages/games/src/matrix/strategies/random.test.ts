import { expect, test } from 'bun:test';
import { random } from './random.ts';
import { transcript } from './transcript.ts';

test('random: both moves, about half each, the same for the same seed', () => {
  const a = transcript(random, 'C'.repeat(200));
  const cooperations = [...a.me].filter((m) => m === 'C').length;
  expect(cooperations).toBeGreaterThan(70);
  expect(cooperations).toBeLessThan(130);
  expect(transcript(random, 'C'.repeat(200)).me).toBe(a.me);
  expect(transcript(random, 'C'.repeat(200), {}, 2).me).not.toBe(a.me);
  expect(random.traits.stochastic).toBe(true);
});
