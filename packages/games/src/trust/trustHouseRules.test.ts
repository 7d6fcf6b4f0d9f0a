import { describe, expect, test } from 'bun:test';
import { Match } from '../engine/match.ts';
import { brainContext, runMatchSync } from '../engine/runner.ts';
import { alwaysCooperate } from './strategies/alwaysCooperate.ts';
import { copycat } from './strategies/copycat.ts';
import { prudent } from './strategies/prudent.ts';
import { trustConfigSchema } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import { playTrust, satsOf, startTrust } from './trustFixtures.ts';
import type { TrustState } from './trustTypes.ts';

const start = (config: Record<string, unknown> = {}, players = ['a', 'b', 'c'], seed = 1): TrustState => startTrust(config, players, seed);

const BL = { action: 'BLOCK' };
const HF = (target: string) => ({ action: 'HIGH_FIVE', target });

describe('house rule `shocks` (spec 7.4)', () => {
  test('off by default: no round carries a shock', () => {
    const { events } = playTrust(start({}, ['a', 'b']), { a: BL, b: BL });
    expect(events.find((e) => e.type === 'round')!.data!.shock).toBeUndefined();
  });

  test('a shock moves every living unit by the same 1..size sats, drawn by seed, and everyone sees it', () => {
    const { state, events } = playTrust(start({ shocks: { chance: 1, size: 4 } }), { a: BL, b: BL, c: BL });
    const shock = events.find((e) => e.type === 'round')!.data!.shock as { delta: number; synergy: string[] };
    expect(Math.abs(shock.delta)).toBeGreaterThanOrEqual(1);
    expect(Math.abs(shock.delta)).toBeLessThanOrEqual(4);
    expect(satsOf(state)).toEqual({ a: 49 + shock.delta, b: 49 + shock.delta, c: 49 + shock.delta });
    expect(trustGame.view(state, 'b').history[0]!.shock).toEqual(shock);
    expect(playTrust(start({ shocks: { chance: 1, size: 4 } }), { a: BL, b: BL, c: BL }).events).toEqual(events);
    const drawn = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => (playTrust(start({ shocks: { chance: 1, size: 4 } }, ['a', 'b'], seed), { a: BL, b: BL }).events[0]!.data!.shock as { delta: number }).delta));
    expect(drawn.size).toBeGreaterThan(2);
  });

  test('synergy: units on a high-five streak of `streak` rounds get the bonus in a negative shock round', () => {
    const s = start({ shocks: { chance: 1, size: 1, synergy: 5, streak: 2 } });
    const { state, events } = playTrust(s, { a: HF('b'), b: HF('a'), c: BL }, { a: HF('b'), b: HF('a'), c: BL });
    const second = events.find((e) => e.type === 'round')!.data!.shock as { synergy: string[] };
    expect(second.synergy).toEqual(['a', 'b']);
    expect(state.units.map((u) => u.fives)).toEqual([2, 2, 0]);
  });

  test('a shock can eliminate; the careful strategies keep the worst shock in reserve before they beg', () => {
    const { state } = playTrust({ ...start({ shocks: { chance: 1, size: 20 } }, ['a', 'b']), units: start({}, ['a', 'b']).units.map((u) => ({ ...u, sats: 1 })) }, { a: BL, b: BL });
    expect(state.units.some((u) => !u.alive) || state.units.every((u) => u.sats > 1)).toBe(true);
    const low = { ...start({ shocks: { chance: 0.3, size: 5 } }, ['me', 'them']), units: start({}, ['me', 'them']).units.map((u) => ({ ...u, sats: 14 })) };
    expect(prudent.decide(trustGame.view(low, 'me'), brainContext(1, 'me', 1, 'act')).action).toBe('BEG');
    const calm = { ...low, config: { ...low.config, shocks: { ...low.config.shocks, chance: 0 } } };
    expect(prudent.decide(trustGame.view(calm, 'me'), brainContext(1, 'me', 1, 'act')).action).toBe('HIGH_FIVE');
  });
});

describe('house rule `alliances` (spec 7.5)', () => {
  const on = () => start({ alliances: true });

  test('transcript: a offers b an alliance, b accepts the next round; both see it; attacks between allies are refused', () => {
    const r1 = playTrust(on(), { a: { ...BL, ally: 'b' }, b: BL, c: BL });
    expect(r1.events.find((e) => e.type === 'alliances')!.data).toMatchObject({ offered: [{ from: 'a', to: 'b' }], pairs: [] });
    expect(trustGame.view(r1.state, 'c').offers).toEqual([{ from: 'a', to: 'b' }]);
    const r2 = playTrust(r1.state, { a: BL, b: { ...BL, ally: 'a' }, c: BL });
    expect(r2.events.find((e) => e.type === 'alliances')!.data).toMatchObject({ formed: [['a', 'b']], pairs: [['a', 'b']], offers: [] });
    expect(trustGame.view(r2.state, 'a').allies).toEqual(['b']);
    expect(trustGame.validate(r2.state, 'b', { action: 'ATTACK', target: 'a' })).toEqual({ ok: false, error: 'a is your ally: allies cannot attack each other (leave the alliance first)' });
    const r3 = playTrust(r2.state, { a: BL, b: { action: 'ATTACK', target: 'a' }, c: BL });
    expect(r3.events.find((e) => e.type === 'fallback')!.data!.player).toBe('b');
    expect(satsOf(r3.state).a).toBe(r2.state.units[0]!.sats - 1);
  });

  test('two offers the same round make an alliance; a missed high five at an ally lands as an attack (RULES T-d) and the alliance stands', () => {
    const { state } = playTrust(on(), { a: { ...BL, ally: 'b' }, b: { ...BL, ally: 'a' }, c: BL });
    expect(state.alliances.pairs).toEqual([['a', 'b']]);
    const missed = playTrust({ ...state, config: { ...state.config, missChance: 1 } }, { a: HF('b'), b: BL, c: { action: 'DO_NOTHING' } });
    // b blocked: the accident is repelled like any attack (-3 to a, +2 to b less its BLOCK's 1).
    expect(satsOf(missed.state)).toMatchObject({ a: satsOf(state).a! - 3, b: satsOf(state).b! + 1 });
    expect(missed.state.alliances.pairs).toEqual([['a', 'b']]);
  });

  test('share gives sats to an ally; leave ends the alliance; a team out of the game loses its alliances', () => {
    const allied = playTrust(on(), { a: { ...BL, ally: 'b' }, b: { ...BL, ally: 'a' }, c: BL }).state;
    const shared = playTrust(allied, { a: { ...BL, share: { to: 'b', amount: 10 } }, b: BL, c: BL });
    expect(satsOf(shared.state)).toMatchObject({ a: 38, b: 58 });
    expect(shared.events.find((e) => e.type === 'round')!.data!.acts).toMatchObject({ a: { action: 'BLOCK', share: { to: 'b', amount: 10 } } });
    expect(trustGame.validate(allied, 'a', { ...BL, share: { to: 'c', amount: 1 } })).toEqual({ ok: false, error: "share: 'c' is not your ally; you share only with allies" });
    expect(trustGame.validate(allied, 'a', { ...BL, share: { to: 'b', amount: 49 } })).toEqual({ ok: false, error: 'share: you have 49 sats and may share at most 48' });
    const left = playTrust(allied, { a: { ...BL, leave: 'b' }, b: BL, c: BL });
    expect(left.state.alliances.pairs).toEqual([]);
    expect(left.events.find((e) => e.type === 'alliances')!.data).toMatchObject({ left: [['a', 'b']] });
    const dying = { ...allied, units: allied.units.map((u) => (u.id === 'b' ? { ...u, sats: 1 } : u)) };
    expect(playTrust(dying, { a: BL, b: { action: 'DO_NOTHING' }, c: { action: 'ATTACK', target: 'b' } }).state.alliances).toEqual({ pairs: [], offers: [] });
  });

  test('off, or with two players, the fields are refused with the reason', () => {
    expect(trustGame.validate(start(), 'a', { ...BL, ally: 'b' })).toEqual({ ok: false, error: 'alliances are off in this match (house rule `alliances`)' });
    expect(trustGame.validate(start({ alliances: true }, ['a', 'b']), 'a', { ...BL, ally: 'b' })).toEqual({ ok: false, error: 'alliances need 3 or more players' });
    expect(trustGame.validate(on(), 'a', { ...BL, ally: 'a' })).toEqual({ ok: false, error: 'ally: you cannot ally with your own team' });
    expect(trustGame.legalMoves(on(), 'a').at(-1)).toStartWith('with any move: "ally": "<player>" proposes an alliance');
  });

  test('the baselines use it: always-cooperate offers, copycat accepts from whoever high-fived it, and always-cooperate helps an ally in need', () => {
    const match = Match.create(trustGame, trustConfigSchema.parse({ missChance: 0, alliances: true, maxRounds: 4 }), 1, ['coop', 'cat', 'cheat']);
    runMatchSync(match, { coop: alwaysCooperate, cat: copycat, cheat: trustGame.strategies['always-cheat']! });
    expect(match.state.alliances.pairs).toEqual([['coop', 'cat']]);
    const needy = { ...match.state, units: match.state.units.map((u) => (u.id === 'cat' ? { ...u, sats: 4 } : u)) };
    expect(alwaysCooperate.decide(trustGame.view(needy, 'coop'), brainContext(1, 'coop', 5, 'act'))).toMatchObject({ share: { to: 'cat', amount: 3 } });
  });
});
