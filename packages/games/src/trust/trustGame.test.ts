import { describe, expect, test } from 'bun:test';
import { verifyChain } from '../engine/eventLog.ts';
import { Match } from '../engine/match.ts';
import { replay } from '../engine/replay.ts';
import { trustConfigSchema, type TrustConfig } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';

function round1(config: Partial<TrustConfig>, decisions: Record<string, unknown>, external?: Record<string, unknown>) {
  const state = trustGame.setup(trustConfigSchema.parse({ missChance: 0, ...config }), 1, ['A', 'B']);
  const next = trustGame.apply(state, { decisions, external }).state;
  return Object.fromEntries(next.units.map((u) => [u.id, u.sats]));
}

describe('spec section 4 worked examples (A_old = B_old = 50; example 6 at 100)', () => {
  test('1. A High Five, B High Five: both +3', () => {
    expect(round1({}, { A: { action: 'HIGH_FIVE' }, B: { action: 'HIGH_FIVE' } })).toEqual({ A: 53, B: 53 });
  });
  test('2. A Attack, B Do Nothing: A +4, B -4', () => {
    expect(round1({}, { A: { action: 'ATTACK' }, B: { action: 'DO_NOTHING' } })).toEqual({ A: 54, B: 46 });
  });
  test('3. A Attack, B Block: A -3, B +1 net', () => {
    expect(round1({}, { A: { action: 'ATTACK' }, B: { action: 'BLOCK' } })).toEqual({ A: 47, B: 51 });
  });
  test('4. A High Five, B Attack: A -6 (2 left hanging + 4 attacked), B +4', () => {
    expect(round1({}, { A: { action: 'HIGH_FIVE' }, B: { action: 'ATTACK' } })).toEqual({ A: 44, B: 54 });
  });
  test('5. A Beg, B Do Nothing: A -1 + granted (accepted 5, or declined)', () => {
    const beg = { action: 'BEG', amount: 5, reason: 'Please give me 5 sats to survive an expected attack' };
    expect(round1({}, { A: beg, B: { action: 'DO_NOTHING' } }, { observer: { A: 5 } })).toEqual({ A: 54, B: 50 });
    expect(round1({}, { A: beg, B: { action: 'DO_NOTHING' } }, { observer: { A: 0 } })).toEqual({ A: 49, B: 50 });
  });
  test('6. (spawn) A Replicate, B Attack: A1 = 100 - 50 - 4, A2 = 25, B + 4', () => {
    expect(round1({ startSats: 100, replicate: 'spawn' }, { A: { action: 'REPLICATE' }, B: { action: 'ATTACK', target: 'A' } })).toEqual({ A: 46, B: 104, 'A#2': 25 });
  });
  test('6. (default win) the same round wins at once for A, with B still paid', () => {
    const state = trustGame.setup(trustConfigSchema.parse({ missChance: 0, startSats: 100 }), 1, ['A', 'B']);
    const next = trustGame.apply(state, { decisions: { A: { action: 'REPLICATE' }, B: { action: 'ATTACK' } } }).state;
    expect(next.result).toEqual({ over: true, winners: ['A'], kind: 'replicate' });
    expect(next.units.map((u) => u.sats)).toEqual([46, 104]);
  });
});

describe('Trust config', () => {
  test('defaults come from RULES.md', () => {
    expect(trustConfigSchema.parse({})).toEqual({
      startSats: 50,
      maxRounds: 30,
      missChance: 0.15,
      replicateAt: 100,
      replicateCost: 50,
      begMax: 20,
      observer: 'decline',
      noise: 0,
      replicate: 'win',
      begTimeoutMs: 30_000,
      shocks: { chance: 0, size: 3, synergy: 0, streak: 3 },
      alliances: false,
    });
  });

  test('an unknown key or a bad value is refused with what is allowed', () => {
    const unknown = replay({ trust: trustGame }, { game: 'trust', players: ['a', 'b'], config: { startsats: 5 } });
    expect(unknown).toEqual({ ok: false, error: expect.stringContaining("unknown key 'startsats' (allowed keys: startSats, maxRounds") });
    const bad = replay({ trust: trustGame }, { game: 'trust', players: ['a', 'b'], config: { observer: 'kind', missChance: 2 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error).toContain('missChance');
      expect(bad.error).toContain('observer');
      expect(bad.error).toContain('"decline"');
    }
  });

  test('2 to 8 players', () => {
    const one = replay({ trust: trustGame }, { game: 'trust', players: ['a'] });
    expect(one).toEqual({ ok: false, error: 'trust needs 2 to 8 players, got 1' });
  });
});

describe('Trust determinism', () => {
  function run(seed: number) {
    const match = Match.create(trustGame, trustConfigSchema.parse({ observer: 'wary', noise: 0.1 }), seed, ['a', 'b', 'c']);
    for (let r = 0; !match.over; r++) {
      const decisions: Record<string, unknown> = {};
      for (const [i, p] of match.actors().entries()) {
        decisions[p] = r % 4 === 3 ? { action: 'BEG', amount: 3, reason: 'r' } : { action: i % 2 ? 'ATTACK' : 'HIGH_FIVE', target: match.actors()[(i + 1) % match.actors().length] };
      }
      match.step({ decisions });
    }
    return { jsonl: match.log!.toJSONL(), head: match.log!.head };
  }

  test('the same seed and decisions give the same event log, byte for byte, and the same head', () => {
    const a = run(11);
    const b = run(11);
    expect(a.jsonl).toBe(b.jsonl);
    expect(a.head).toBe(b.head);
    expect(run(12).head).not.toBe(a.head);
    const entries = a.jsonl.trim().split('\n').map((l) => JSON.parse(l));
    expect(verifyChain(entries, a.head)).toEqual({ ok: true });
  });

  test('state is plain JSON: a saved state resumes to the identical match', () => {
    const cfg = trustConfigSchema.parse({ observer: 'wary' });
    let state = trustGame.setup(cfg, 5, ['a', 'b']);
    const decisions = { a: { action: 'HIGH_FIVE' }, b: { action: 'BEG', amount: 2, reason: 'x' } };
    state = trustGame.apply(state, { decisions }).state;
    const copy = JSON.parse(JSON.stringify(state));
    expect(trustGame.apply(copy, { decisions })).toEqual(trustGame.apply(state, { decisions }));
  });
});
