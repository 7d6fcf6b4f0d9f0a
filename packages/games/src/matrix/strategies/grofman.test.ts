import { expect, test } from 'bun:test';
import { alwaysDefect } from './alwaysDefect.ts';
import { grofman } from './grofman.ts';
import { transcript } from './transcript.ts';

test('grofman: cooperates whenever both made the same move last time', () => {
  expect(transcript(grofman, 'C'.repeat(30)).me).toBe('C'.repeat(30));
  const { me, them } = transcript(grofman, alwaysDefect, { rounds: 200 });
  for (let t = 1; t < me.length; t++) if (me[t - 1] === them[t - 1]) expect(me[t]).toBe('C');
});

test('grofman: after the moves differed it cooperates about 2 times in 7', () => {
  const { me, them } = transcript(grofman, alwaysDefect, { rounds: 400 });
  let chances = 0;
  let kept = 0;
  for (let t = 1; t < me.length; t++) {
    if (me[t - 1] === them[t - 1]) continue;
    chances++;
    if (me[t] === 'C') kept++;
  }
  expect(kept / chances).toBeGreaterThan(0.15);
  expect(kept / chances).toBeLessThan(0.45);
});
