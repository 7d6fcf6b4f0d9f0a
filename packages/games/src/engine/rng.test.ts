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

  test('hashSeed is FNV-1a over the labels joined by NUL, whatever the labels (negative, large, fractional, text)', () => {
    const reference = (seed: number, ...parts: Array<string | number>) => {
      let h = 0x811c9dc5 ^ (seed | 0);
      const text = parts.join('\u0000');
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      return h | 0;
    };
    const labels: Array<string | number> = [0, -0, 7, -12, 2 ** 53 - 1, -(2 ** 40), 0.5, 1e21, 'miss', '', 'α β', 'a\u0000b'];
    const r = Rng.fromSeed(9);
    for (let i = 0; i < 500; i++) {
      const parts = Array.from({ length: r.int(0, 5) }, () => r.pick(labels));
      const seed = r.int(-1000, 1000);
      expect(hashSeed(seed, ...parts)).toBe(reference(seed, ...parts));
    }
  });

  test('derivedChance is the first chance of the derived stream', () => {
    for (let i = 0; i < 2000; i++) {
      const p = (i % 17) / 16;
      expect(Rng.derivedChance(p, i * 7919 - 5000, i, 'miss', `u${i % 5}`)).toBe(Rng.derive(i * 7919 - 5000, i, 'miss', `u${i % 5}`).chance(p));
    }
  });

  test('shuffle keeps the items and chance respects 0 and 1', () => {
    const r = Rng.fromSeed(3);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(r.chance(0)).toBe(false);
    expect(r.chance(1)).toBe(true);
  });
});
