import { describe, expect, test } from 'bun:test';
import { Match } from '../engine/match.ts';
import { trustConfigSchema, type TrustConfig } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import type { TrustState } from './trustTypes.ts';

function start(config: Partial<TrustConfig>, players = ['a', 'b']): TrustState {
  return trustGame.setup(trustConfigSchema.parse({ missChance: 0, ...config }), 3, players);
}

describe('the miss perspective (RULES 4)', () => {
  const { state } = trustGame.apply(start({ missChance: 1 }, ['a', 'b', 'c']), {
    decisions: { a: { action: 'HIGH_FIVE', target: 'b' }, b: { action: 'HIGH_FIVE', target: 'a' }, c: { action: 'BLOCK' } },
  });

  test("the misser remembers a high five that missed; the target and a bystander saw an attack", () => {
    const mine = trustGame.view(state, 'a').history[0]!.acts.a;
    expect(mine).toEqual({ action: 'HIGH_FIVE', target: 'b', missed: true });
    expect(trustGame.view(state, 'b').history[0]!.acts.a).toEqual({ action: 'ATTACK', target: 'b' });
    expect(trustGame.view(state, 'c').history[0]!.acts.a).toEqual({ action: 'ATTACK', target: 'b' });
  });

  test('the misser is told privately; nobody else hears of its miss', () => {
    expect(trustGame.view(state, 'a').notices).toEqual(['Your HIGH_FIVE at b missed and landed as an ATTACK; b saw an attack.']);
    expect(JSON.stringify(trustGame.view(state, 'c'))).not.toContain('missed');
    expect(JSON.stringify(trustGame.view(state, 'b').history[0]!.acts.a)).not.toContain('missed');
  });
});

describe('no view holds another player private facts', () => {
  test('a beg: others see that it happened and whether it was granted, never amount or reasons', () => {
    const { state } = trustGame.apply(start({}), {
      decisions: { a: { action: 'BEG', amount: 7, reason: 'my secret plan' }, b: { action: 'BLOCK' } },
      external: { observer: { a: { amount: 4, reason: 'observer secret' } } },
    });
    expect(trustGame.view(state, 'a').history[0]!.acts.a).toEqual({ action: 'BEG', granted: true, asked: 7, got: 4, answer: 'observer secret' });
    const other = trustGame.view(state, 'b');
    expect(other.history[0]!.acts.a).toEqual({ action: 'BEG', granted: true });
    const text = JSON.stringify(other);
    for (const secret of ['my secret plan', 'observer secret', 'asked', '"got"']) expect(text).not.toContain(secret);
    expect(other.notices).toEqual([]);
  });

  test('fallbacks, refusals and noise are told only to the player concerned', () => {
    const { state } = trustGame.apply(start({ noise: 1 }), { decisions: { a: { action: 'REPLICATE' }, b: { action: 'ATTACK' } } });
    const b = trustGame.view(state, 'b');
    expect(b.history[0]!.acts).toEqual({ a: { action: 'DO_NOTHING' }, b: { action: 'DO_NOTHING', intended: 'ATTACK' } });
    expect(b.notices).toEqual(['Noise: your ATTACK was mis-executed as DO_NOTHING.']);
    const a = trustGame.view(state, 'a');
    expect(a.history[0]!.acts.a).toEqual({ action: 'DO_NOTHING', intended: 'REPLICATE' });
    expect(a.notices[0]).toContain('REPLICATE needs at least 100 sats');
    expect(JSON.stringify(a)).not.toContain('intended":"ATTACK');
  });

  test('over a whole match, every private log event reaches only the views of its addressees', () => {
    const match = Match.create(trustGame, trustConfigSchema.parse({ observer: 'wary', noise: 0.2 }), 9, ['a', 'b', 'c']);
    const cycle = ['HIGH_FIVE', 'BEG', 'REPLICATE', 'ATTACK', 'BLOCK'];
    for (let r = 0; !match.over; r++) {
      const decisions: Record<string, unknown> = {};
      for (const [i, p] of match.actors().entries()) {
        const action = cycle[(r + i) % cycle.length]!;
        decisions[p] = action === 'BEG' ? { action, amount: 2, reason: `reason-of-${p}` } : { action, target: match.actors()[(i + 1) % match.actors().length] };
      }
      match.step({ decisions });
    }
    for (const viewer of ['a', 'b', 'c']) {
      const text = JSON.stringify(trustGame.view(match.state, viewer));
      for (const other of ['a', 'b', 'c'].filter((p) => p !== viewer)) expect(text).not.toContain(`reason-of-${other}`);
      const actsOfOthers = trustGame.view(match.state, viewer).history.flatMap((h) => Object.entries(h.acts).filter(([id]) => id !== viewer).map(([, act]) => act));
      for (const act of actsOfOthers) expect(Object.keys(act).every((k) => ['action', 'target', 'granted'].includes(k))).toBe(true);
    }
  });
});

describe('the view', () => {
  test('shows the scoreboard, the implied target and whether REPLICATE is legal', () => {
    const view = trustGame.view(start({ startSats: 100 }), 'a');
    expect(view).toMatchObject({ you: 'a', team: 'a', round: 1, sats: 100, canReplicate: true, opponents: ['b'], targetRequired: false, history: [] });
    expect(view.units).toEqual([
      { id: 'a', team: 'a', sats: 100, alive: true, idle: 0, begs: 0, fives: 0 },
      { id: 'b', team: 'b', sats: 100, alive: true, idle: 0, begs: 0, fives: 0 },
    ]);
    expect(trustGame.view(start({}, ['a', 'b', 'c']), 'a').targetRequired).toBe(true);
  });
});
