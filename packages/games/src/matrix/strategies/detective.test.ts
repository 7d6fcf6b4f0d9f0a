import { expect, test } from 'bun:test';
import { detective } from './detective.ts';
import { titForTat } from './titForTat.ts';
import { transcript } from './transcript.ts';

test('detective: opens C D C C; exploits an opponent that never cheats back', () => {
  expect(transcript(detective, 'CCCCCCC').me).toBe('CDCCDDD');
});

test('detective: plays copycat from move 5 on against one that cheated back (copycat itself)', () => {
  expect(transcript(detective, titForTat, { rounds: 8 })).toMatchObject({ me: 'CDCCCCCC', them: 'CCDCCCCC' });
});

test("detective: as in Case's code, only the first three moves are analysed", () => {
  expect(transcript(detective, 'CCCDCCC').me).toBe('CDCCDDD');
});
