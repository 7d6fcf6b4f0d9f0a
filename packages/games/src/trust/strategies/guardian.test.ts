import { describe, expect, test } from 'bun:test';
import { guardian } from './guardian.ts';
import { transcript } from './transcript.ts';

describe('guardian', () => {
  test('answers one attack in kind, blocks a second in a row', () => {
    expect(transcript(guardian, 'HAHAAAH').me).toBe('HHAHABB');
  });

  test('attacks a richer rival that is one high five from replicating', () => {
    expect(transcript(guardian, 'BHH', { startSats: 98 })).toMatchObject({ me: 'HAR', outcome: { winners: ['me'], kind: 'replicate' } });
  });

  test('begs when close to elimination, for what brings it back to 15', () => {
    const run = transcript(guardian, 'HHH', { startSats: 5, observer: 'grant' });
    expect(run.me).toBe('GHH');
    expect(run.sats.me).toBe(5 - 1 + 10 + 3 + 3);
  });

  test('replicates as soon as it is legal', () => {
    expect(transcript(guardian, 'H', { startSats: 100 }).me).toBe('R');
  });
});
