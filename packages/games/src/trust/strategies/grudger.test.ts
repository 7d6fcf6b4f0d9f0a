import { describe, expect, test } from 'bun:test';
import { grudger } from './grudger.ts';
import { transcript } from './transcript.ts';

describe('grudger', () => {
  test('high-fives until attacked once, then attacks forever', () => {
    expect(transcript(grudger, 'HHAHHHH').me).toBe('HHHAAAA');
  });
});
