import { expect, test } from 'bun:test';
import { tester } from './tester.ts';
import { transcript } from './transcript.ts';

test('tester: probes with D; against a patsy it cooperates twice, then defects every other move', () => {
  expect(transcript(tester, 'CCCCCCCC').me).toBe('DCCDCDCD');
});

test('tester: an opponent that defects gets an apology (C), then tit for tat', () => {
  expect(transcript(tester, 'CDCCDC').me).toBe('DCCCCD');
  expect(transcript(tester, 'DCCC').me).toBe('DCCC');
});
