import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

/** Serialisable PRNG state, as kept inside a game's state. */
export type RngState = number[];

/**
 * A seeded random stream (xoroshiro128+ from pure-rand). Rules create one from the
 * state they were given, draw, and store `rng.state()` back, so a saved state
 * resumes the identical stream.
 */
export class Rng {
  private constructor(private readonly gen: JumpableRandomGenerator) {}

  static fromSeed(seed: number): Rng {
    return new Rng(xoroshiro128plus(seed | 0));
  }

  static fromState(state: readonly number[]): Rng {
    return new Rng(xoroshiro128plusFromState(state));
  }

  /** A stream derived from the match seed and any labels (round, event kind, subject...). */
  static derive(seed: number, ...parts: Array<string | number>): Rng {
    return Rng.fromSeed(hashSeed(seed, ...parts));
  }

  state(): RngState {
    return [...this.gen.getState()];
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.gen, min, max);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  chance(p: number): boolean {
    return p > 0 && this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** Fisher-Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/** FNV-1a over the labels, mixed with the seed: a 32-bit seed for a derived stream. */
export function hashSeed(seed: number, ...parts: Array<string | number>): number {
  let h = 0x811c9dc5 ^ (seed | 0);
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}
