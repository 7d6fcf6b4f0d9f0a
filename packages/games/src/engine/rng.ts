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
    return Rng.fromSeed(hashParts(seed, parts));
  }

  /**
   * `Rng.derive(seed, ...parts).chance(p)`, the same draw without making the
   * stream: rules draw one chance per unit and round (a miss, a noise), and
   * those draws are most of a fast match's random work.
   */
  static derivedChance(p: number, seed: number, ...parts: Array<string | number>): boolean {
    return p > 0 && firstFloat(hashParts(seed, parts)) < p;
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

/**
 * The first `float()` of `Rng.fromSeed(seed)`: xoroshiro128+ seeded as
 * pure-rand seeds it (state -1, ~seed, seed, 0), two outputs, then
 * uniformFloat64's 26 + 27 bits. Kept equal to the stream by a test.
 */
function firstFloat(seed: number): number {
  let s01 = -1;
  let s00 = ~seed;
  let s11 = seed | 0;
  let s10 = 0;
  const out1 = (s00 + s10) | 0;
  let a0 = s10 ^ s00;
  let a1 = s11 ^ s01;
  const t00 = s00;
  const t01 = s01;
  s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
  s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
  s10 = (a1 << 5) ^ (a0 >>> 27);
  s11 = (a0 << 5) ^ (a1 >>> 27);
  const out2 = (s00 + s10) | 0;
  return (out1 & 67108863) * 1.4901161193847656e-8 + (out2 & 134217727) * 11102230246251565e-32;
}

/**
 * FNV-1a over the labels joined by NUL, mixed with the seed: a 32-bit seed for
 * a derived stream. The labels are fed one by one (whole numbers digit by
 * digit) rather than joined into a string first: the same hash, without the
 * allocations, since rules derive a stream per draw.
 */
export function hashSeed(seed: number, ...parts: Array<string | number>): number {
  return hashParts(seed, parts);
}

const FNV_PRIME = 0x01000193;

function hashParts(seed: number, parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5 ^ (seed | 0);
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) h = Math.imul(h, FNV_PRIME);
    const part = parts[p]!;
    if (typeof part === 'string') h = feedText(h, part);
    else if (Number.isSafeInteger(part)) h = feedInteger(h, part);
    else h = feedText(h, String(part));
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}

/** FNV-1a steps over a text's UTF-16 code units. */
function feedText(h: number, text: string): number {
  for (let i = 0, n = text.length; i < n; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

const digits = new Uint8Array(20);

/** FNV-1a steps over the decimal text of a safe integer, as `String(n)` writes it (rounds and seats, one or two digits, without the buffer). */
function feedInteger(h: number, n: number): number {
  if (n >= 0 && n < 10) return Math.imul(h ^ (48 + n), FNV_PRIME);
  if (n >= 10 && n < 100) return Math.imul(Math.imul(h ^ (48 + ((n / 10) | 0)), FNV_PRIME) ^ (48 + (n % 10)), FNV_PRIME);
  if (n < 0) {
    h ^= 45;
    h = Math.imul(h, FNV_PRIME);
    n = -n;
  }
  let count = 0;
  do {
    digits[count++] = 48 + (n % 10);
    n = Math.floor(n / 10);
  } while (n > 0);
  while (count > 0) {
    h ^= digits[--count]!;
    h = Math.imul(h, FNV_PRIME);
  }
  return h;
}
