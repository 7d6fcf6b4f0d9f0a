import { describe, expect, test } from 'bun:test';
import { alwaysCheat } from './alwaysCheat.ts';
import { transcript } from './transcript.ts';

describe('always-cheat', () => {
  test('attacks whatever happens, and loses 3 to each block', () => {
    expect(transcript(alwaysCheat, 'HHBBH')).toMatchObject({ me: 'AAAAA', sats: { me: 50 + 12 - 6, them: 50 - 18 + 2 } });
  });
});
