import { describe, expect, test } from 'bun:test';
import { detective } from './detective.ts';
import { transcript } from './transcript.ts';

describe('detective', () => {
  test('opens H A H H; exploits an opponent that never hit back', () => {
    expect(transcript(detective, 'HHHHHHH').me).toBe('HAHHAAA');
  });

  test('plays copycat against one that hit back', () => {
    expect(transcript(detective, 'HHAHHAH').me).toBe('HAHHHHA');
  });
});
