import { describe, expect, test } from 'bun:test';
import { Match } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { analyzeCafe } from '../analysis/analyzeCafe.ts';
import { cafeGame } from '../cafeGame.ts';
import { cafeStrategies } from './cafeStrategies.ts';

function play(seed: number, ids: string[]) {
  const m = Match.create(cafeGame, {}, seed, ids);
  runMatchSync(m, cafeStrategies);
  return analyzeCafe(m.log!.entries);
}

describe('the archetypes in a match', () => {
  test('the five are registered with declared traits', () => {
    expect(Object.keys(cafeStrategies)).toEqual(['credit-union', 'predatory-lender', 'hoarder', 'free-rider', 'strategic-betrayer']);
    for (const s of Object.values(cafeStrategies)) expect(s.traits).toEqual({ memoryDepth: 0, stochastic: true, usesModel: false });
  });

  test('credit union gives, the predator lends at 30% to the free rider, the hoarder keeps everything', () => {
    const a = play(3, ['credit-union', 'predatory-lender', 'hoarder', 'free-rider']);
    expect(new Set(a.flows.filter((f) => f.kind === 'donation').map((f) => `${f.from}>${f.to}`))).toEqual(new Set(['credit-union>free-rider']));
    expect(new Set(a.flows.filter((f) => f.kind === 'loan').map((f) => `${f.from}>${f.to}@${f.rate}`))).toEqual(new Set(['predatory-lender>free-rider@0.3']));
    expect(a.help.hoarder).toBeUndefined();
    expect(a.verdicts['free-rider']!.worst).toBeGreaterThan(10);
    expect(a.outcome).toEqual({ kind: 'cooperative', winners: ['credit-union', 'predatory-lender', 'hoarder', 'free-rider'] });
  });

  test('the strategic betrayer helps only until round 15', () => {
    const a = play(5, ['strategic-betrayer', 'free-rider', 'hoarder', 'predatory-lender']);
    const gifts = a.flows.filter((f) => f.from === 'strategic-betrayer');
    expect(gifts.length).toBeGreaterThan(0);
    expect(gifts.every((f) => f.round <= 15)).toBe(true);
  });
});
