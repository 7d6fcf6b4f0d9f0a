import { describe, expect, test } from 'bun:test';
import { prudent } from './prudent.ts';
import { transcript } from './transcript.ts';

describe('prudent', () => {
  test('high-fives, blocks while attacked, returns to high fives when the attacks stop', () => {
    expect(transcript(prudent, 'HAAAHH').me).toBe('HHBBBH');
  });

  test('blocking wears down an always-attacker', () => {
    const run = transcript(prudent, 'A'.repeat(10));
    expect(run.me).toBe('HBBBBBBBBB');
    expect(run.sats).toEqual({ me: 50 - 6 + 9, them: 50 + 4 - 27 });
  });

  test('begs a modest amount when low, at most every third round', () => {
    expect(transcript(prudent, 'BBBBBB', { startSats: 8 }).me).toBe('GHHGH');
  });

  test('replicates as soon as it is legal', () => {
    expect(transcript(prudent, 'HHH', { startSats: 100 }).me).toBe('R');
  });
});
