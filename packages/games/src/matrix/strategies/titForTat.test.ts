import { expect, test } from 'bun:test';
import { titForTat } from './titForTat.ts';
import { transcript } from './transcript.ts';

test('tit-for-tat: cooperates first, then plays what the opponent played last', () => {
  expect(transcript(titForTat, 'CDDCCD')).toMatchObject({ me: 'CCDDCC', them: 'CDDCCD' });
});

test('tit-for-tat against itself cooperates all the way: 3 a round each', () => {
  expect(transcript(titForTat, titForTat, { rounds: 200 }).scores).toEqual({ me: 600, them: 600 });
});
