import { describe, expect, test } from 'bun:test';
import { trustConfigSchema } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import type { TrustState } from './trustTypes.ts';

const three = trustGame.setup(trustConfigSchema.parse({}), 1, ['a', 'b', 'c']);
const withDeadC: TrustState = { ...three, units: three.units.map((u) => (u.id === 'c' ? { ...u, sats: 0, alive: false } : u)) };
const error = (state: TrustState, raw: unknown) => {
  const checked = trustGame.validate(state, 'a', raw);
  return checked.ok ? null : checked.error;
};

describe('bad decisions get a message naming what is allowed', () => {
  test('unknown action lists the six actions', () => {
    expect(error(three, { action: 'HUG' })).toBe('unknown action "HUG": allowed actions are HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG, REPLICATE');
    expect(error(three, {})).toBe('unknown action null: allowed actions are HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG, REPLICATE');
  });

  test('malformed JSON and non-objects', () => {
    expect(error(three, '{"action": "HIGH_FIVE"')).toStartWith('decision is not valid JSON (');
    expect(error(three, '{"action": "HIGH_FIVE"')).toEndWith('send an object such as {"action": "HIGH_FIVE"}');
    expect(error(three, 42)).toBe('decision must be a JSON object with "action" (one of HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG, REPLICATE)');
    expect(trustGame.validate(three, 'a', '{"action": "BLOCK"}')).toEqual({ ok: true, decision: { action: 'BLOCK' } });
  });

  test('targets: yourself, dead, unknown, or missing with a choice to make', () => {
    expect(error(three, { action: 'ATTACK', target: 'a' })).toBe('ATTACK cannot target yourself (targets: b, c)');
    expect(error(withDeadC, { action: 'HIGH_FIVE', target: 'c' })).toBe("target 'c' is eliminated (targets: b)");
    expect(error(three, { action: 'ATTACK', target: 'zed' })).toBe("unknown target 'zed' (targets: b, c)");
    expect(error(three, { action: 'HIGH_FIVE' })).toBe('HIGH_FIVE needs a "target" (targets: b, c)');
    expect(trustGame.validate(withDeadC, 'a', { action: 'HIGH_FIVE' })).toEqual({ ok: true, decision: { action: 'HIGH_FIVE', target: 'b' } });
  });

  test('beg amount out of range, not whole, or no reason', () => {
    expect(error(three, { action: 'BEG', amount: 0, reason: 'x' })).toBe('BEG amount must be a whole number from 1 to 20, got 0');
    expect(error(three, { action: 'BEG', amount: 21, reason: 'x' })).toBe('BEG amount must be a whole number from 1 to 20, got 21');
    expect(error(three, { action: 'BEG', amount: 2.5, reason: 'x' })).toBe('BEG: amount: amount must be a whole number of sats');
    expect(error(three, { action: 'BEG', amount: 3, reason: '  ' })).toBe('BEG: reason: a BEG needs a non-empty reason for the observer');
    expect(error(three, { action: 'BEG', amount: 3 })).toContain('BEG: reason:');
  });

  test('the fallback is DO_NOTHING with a private event that says why and what is allowed', () => {
    const { events, state } = trustGame.apply(three, { decisions: { a: { action: 'HUG' }, b: { action: 'BLOCK' } } });
    const fallbacks = events.filter((e) => e.type === 'fallback');
    expect(fallbacks.map((e) => e.to)).toEqual([['a'], ['c']]);
    expect(fallbacks[0]!.data).toEqual({
      player: 'a',
      action: 'DO_NOTHING',
      reason:
        'unknown action "HUG": allowed actions are HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG, REPLICATE. You did nothing this round (DO_NOTHING). ' +
        'Allowed: HIGH_FIVE with "target" one of b, c; ATTACK with "target" one of b, c; BLOCK; DO_NOTHING; BEG with "amount" 1..20 and a non-empty "reason"',
    });
    expect(fallbacks[1]!.data!.reason).toStartWith('no decision arrived. You did nothing');
    expect(state.units.map((u) => u.idle)).toEqual([1, 0, 1]);
    expect(trustGame.fallback(three, 'a')).toEqual({ action: 'DO_NOTHING' });
  });

  test('legal moves offer REPLICATE only with enough sats', () => {
    const rich = trustGame.setup(trustConfigSchema.parse({ startSats: 100 }), 1, ['a', 'b']);
    expect(trustGame.legalMoves(rich, 'a')).toEqual([
      'HIGH_FIVE (target b is implied)',
      'ATTACK (target b is implied)',
      'BLOCK',
      'DO_NOTHING',
      'BEG with "amount" 1..20 and a non-empty "reason"',
      'REPLICATE (costs 50)',
    ]);
  });
});
