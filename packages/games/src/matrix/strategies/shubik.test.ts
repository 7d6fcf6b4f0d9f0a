import { expect, test } from 'bun:test';
import { shubik } from './shubik.ts';
import { transcript } from './transcript.ts';

test('shubik: each defection on its cooperation is answered one move longer than the last', () => {
  expect(transcript(shubik, 'CDCCCDCCCCDCCCCC')).toMatchObject({ me: 'CCDCCCDDCCCDDDCC', them: 'CDCCCDCCCCDCCCCC' });
});

test('shubik: a defection during its retaliation does not lengthen it', () => {
  expect(transcript(shubik, 'CDCDDDCCCC').me).toBe('CCDCDDCCCC');
});
