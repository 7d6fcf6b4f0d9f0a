import { expect, test } from 'bun:test';
import { suspiciousTitForTat } from './suspiciousTitForTat.ts';
import { titForTat } from './titForTat.ts';
import { transcript } from './transcript.ts';

test('suspicious tit-for-tat: defects first, then copies', () => {
  expect(transcript(suspiciousTitForTat, 'CCDC').me).toBe('DCCD');
});

test('against tit-for-tat it locks into alternation (D/C, C/D, ...)', () => {
  expect(transcript(suspiciousTitForTat, titForTat, { rounds: 6 })).toMatchObject({ me: 'DCDCDC', them: 'CDCDCD' });
});
