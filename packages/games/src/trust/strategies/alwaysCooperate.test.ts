import { describe, expect, test } from 'bun:test';
import { alwaysCooperate } from './alwaysCooperate.ts';
import { transcript } from './transcript.ts';

describe('always-cooperate', () => {
  test('high-fives whatever happens', () => {
    expect(transcript(alwaysCooperate, 'AAABHN')).toMatchObject({ me: 'HHHHHH', sats: { me: 50 - 18 - 2 + 3 - 2, them: 50 + 12 - 1 + 3 } });
  });
});
