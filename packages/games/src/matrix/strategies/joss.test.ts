import { expect, test } from 'bun:test';
import { alwaysDefect } from './alwaysDefect.ts';
import { joss } from './joss.ts';
import { transcript } from './transcript.ts';

test('joss: cooperates first, and always defects after a defection', () => {
  expect(transcript(joss, alwaysDefect, { rounds: 6 }).me).toBe('CDDDDD');
});

test('joss: after a cooperation it sneaks a defection in about one time in ten', () => {
  const { me } = transcript(joss, 'C'.repeat(200));
  const sneaks = [...me].filter((m) => m === 'D').length;
  expect(me[0]).toBe('C');
  expect(sneaks).toBeGreaterThan(5);
  expect(sneaks).toBeLessThan(40);
});
