import { describe, expect, test } from 'bun:test';
import { Rng } from '../engine/rng.ts';
import { fromTemplate, phrase, phrases } from './phrases.ts';

describe('phrases', () => {
  test('a seeded template with its slots filled, the same for the same stream', () => {
    const a = phrase(Rng.fromSeed(4), 'rumourPublic', { x: 'bob' });
    expect(a).toBe(phrase(Rng.fromSeed(4), 'rumourPublic', { x: 'bob' }));
    expect(phrases.rumourPublic.map((t) => t.replace('{x}', 'bob'))).toContain(a);
  });
});

describe('fromTemplate', () => {
  test('recognises text made from a template, whatever fills the slots', () => {
    expect(fromTemplate('alliance', 'Pact: we protect each other and go after alliance-2.')).toBe(true);
    expect(fromTemplate('alliance', 'Pact: we protect each other.')).toBe(false);
    expect(fromTemplate('randomWhisper', 'Keep an eye on alliance.')).toBe(true);
  });
});
