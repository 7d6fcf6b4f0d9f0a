import { expect, test } from 'bun:test';
import { alwaysDefect } from './alwaysDefect.ts';
import { pavlov } from './pavlov.ts';
import { transcript } from './transcript.ts';

test('pavlov: stays after both made the same move, shifts after they differed', () => {
  expect(transcript(pavlov, 'CDDCC').me).toBe('CCDCC');
});

test('pavlov against always-defect: it shifts between C and D', () => {
  expect(transcript(pavlov, alwaysDefect, { rounds: 6 }).me).toBe('CDCDCD');
});
