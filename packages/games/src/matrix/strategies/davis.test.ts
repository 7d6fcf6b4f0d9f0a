import { expect, test } from 'bun:test';
import { davis } from './davis.ts';
import { transcript } from './transcript.ts';

test('davis: ten cooperations whatever happens, then grudger', () => {
  expect(transcript(davis, 'CDCCCCCCCCCC').me).toBe('CCCCCCCCCCDD');
  expect(transcript(davis, 'CCCCCCCCCCCDCC').me).toBe('CCCCCCCCCCCCDD');
});
