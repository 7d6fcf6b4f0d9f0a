import { expect, test } from 'bun:test';
import { grudger } from './grudger.ts';
import { transcript } from './transcript.ts';

test('grudger: cooperates until the first defection, then never again', () => {
  expect(transcript(grudger, 'CCDCCC').me).toBe('CCCDDD');
  expect(transcript(grudger, 'CCCCCC').me).toBe('CCCCCC');
});
