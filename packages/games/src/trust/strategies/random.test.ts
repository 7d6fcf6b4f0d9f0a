import { describe, expect, test } from 'bun:test';
import { random } from './random.ts';
import { transcript } from './transcript.ts';

describe('random', () => {
  test('mixes high fives and attacks, the same way for the same seed', () => {
    const a = transcript(random, 'B'.repeat(12));
    expect(a.me).toMatch(/^[HA]+$/);
    expect(a.me).toContain('H');
    expect(a.me).toContain('A');
    expect(transcript(random, 'B'.repeat(12)).me).toBe(a.me);
    expect(random.traits.stochastic).toBe(true);
  });
});
