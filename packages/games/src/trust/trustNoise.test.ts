import { describe, expect, test } from 'bun:test';
import { trustConfigSchema } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import { begsThisRound, noiseStrikes } from './trustNoise.ts';

const BEG = { action: 'BEG', amount: 5, reason: 'my roof leaks' };

describe('which BEGs happen (RULES T-a: the observer is asked only about those)', () => {
  test('legal BEGs, in board order; an illegal one is no BEG', () => {
    const s = trustGame.setup(trustConfigSchema.parse({}), 1, ['a', 'b', 'c']);
    expect(begsThisRound(s, { a: BEG, b: { action: 'BEG', amount: 99, reason: 'x' }, c: { ...BEG, amount: 2 } })).toEqual([
      { player: 'a', amount: 5, reason: 'my roof leaks' },
      { player: 'c', amount: 2, reason: 'my roof leaks' },
    ]);
  });

  test('a BEG that noise turns into DO_NOTHING does not happen, and the round agrees', () => {
    const s = trustGame.setup(trustConfigSchema.parse({ noise: 0.5, missChance: 0 }), 3, ['a', 'b']);
    let round = s;
    // Find a round in which noise strikes a but not b.
    while (!(noiseStrikes(round, 'a') && !noiseStrikes(round, 'b'))) round = { ...round, round: round.round + 1 };
    expect(begsThisRound(round, { a: BEG, b: BEG }).map((b) => b.player)).toEqual(['b']);
    const { events } = trustGame.apply(round, { decisions: { a: BEG, b: BEG } });
    expect(events.filter((e) => e.type === 'noise').map((e) => e.data!.player)).toEqual(['a']);
    expect(events.filter((e) => e.type === 'beg_answer').map((e) => e.data!.player)).toEqual(['b']);
  });
});
