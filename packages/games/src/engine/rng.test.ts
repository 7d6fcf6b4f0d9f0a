import { describe, expect, test } from 'bun:test';
import { hashSeed, Rng } from './rng.ts';

describe('Rng', () => {
  test('same seed gives the same stream, and a saved state resumes it', () => {
    const a = Rng.fromSeed(42);
    const b = Rng.fromSeed(42);
    const first = [a.int(0, 100), a.int(0, 100), a.float()];
    expect([b.int(0, 100), b.int(0, 100), b.float()]).toEqual(first);
    const saved = a.state();
    const next = [a.int(0, 1000), a.float()];
    const resumed = Rng.fromState(JSON.parse(JSON.stringify(saved)));
    expect([resumed.int(0, 1000), resumed.float()]).toEqual(next);
  });

  test('derived streams depend on every label', () => {
    expect(hashSeed(1, 2, 'claim', 7)).toBe(hashSeed(1, 2, 'claim', 7));
    expect(hashSeed(1, 2, 'claim', 7)).not.toBe(hashSeed(1, 2, 'raid', 7));
    expect(hashSeed(1, 2, 'claim', 7)).not.toBe(hashSeed(2, 2, 'claim', 7));
  });

  test('shuffle keeps the items and chance respects 0 and 1', () => {
    const r = Rng.fromSeed(3);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(r.chance(0)).toBe(false);
    expect(r.chance(1)).toBe(true);
  });
});
