import { expect, test } from 'bun:test';
import { titForTwoTats } from './titForTwoTats.ts';
import { transcript } from './transcript.ts';

test('tit-for-two-tats: defects only after two defections in a row, and forgives at once', () => {
  expect(transcript(titForTwoTats, 'CDCDDCDDD')).toMatchObject({ me: 'CCCCCDCCD', them: 'CDCDDCDDD' });
});
