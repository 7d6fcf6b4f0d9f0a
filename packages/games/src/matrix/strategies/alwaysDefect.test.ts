import { expect, test } from 'bun:test';
import { alwaysDefect } from './alwaysDefect.ts';
import { transcript } from './transcript.ts';

test('always-defect: D whatever happens', () => {
  expect(transcript(alwaysDefect, 'CDCC')).toEqual({ me: 'DDDD', them: 'CDCC', scores: { me: 5 + 1 + 5 + 5, them: 0 + 1 + 0 + 0 } });
});
