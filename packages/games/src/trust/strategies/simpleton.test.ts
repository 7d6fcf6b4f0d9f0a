import { describe, expect, test } from 'bun:test';
import { simpleton } from './simpleton.ts';
import { transcript } from './transcript.ts';

describe('simpleton', () => {
  test('win-stay lose-shift: repeats after a high five from the opponent, switches otherwise', () => {
    expect(transcript(simpleton, 'HAAHHAHH').me).toBe('HHAHHHAA');
  });
});
