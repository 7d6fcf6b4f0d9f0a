import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { missingRuleWords, settingPaths, type RuleWords } from '../engine/rulesTextCheck.ts';
import { cafeConfigSchema, type CafeConfig } from './cafeConfig.ts';
import { cafeGame } from './cafeGame.ts';
import { formatRate } from './cents.ts';

/**
 * The rules people read are the rules the engine runs (issue 37): over random
 * valid configs, every rule setting that differs from its default is stated,
 * with its value, both in the room's rules text and in a model's prompt.
 * Café has no operational setting.
 */

const SEED = 3739;

const WORDS: RuleWords<CafeConfig> = {
  rounds: (c) => [`${c.rounds} rounds`],
  startTokens: (c) => [`start at ${c.startTokens} tokens`],
  interestRate: (c) => [`${formatRate(c.interestRate)} interest`],
  minLevel: (c) => [`Levels ${c.minLevel}..`, `below ${c.minLevel} you are out`],
  maxLevel: (c) => [`..+${c.maxLevel};`],
  bestAward: (c) => [`+1 level, +${c.bestAward} tokens`],
  survivalBonus: (c) => [`survivors get +${c.survivalBonus}`],
  groupBonus: (c) => [`+${c.groupBonus} more if nobody is out`],
  rescueCost: (c) => [`Rescue: ${c.rescueCost} tokens`],
  rescueLevels: (c) => [`+${c.rescueLevels} levels`],
  resurrectCost: (c) => [`Resurrect: ${c.resurrectCost} tokens`],
  resurrectLevel: (c) => [`back at level ${c.resurrectLevel}`],
};

const amount = fc.oneof(fc.constantFrom(0, 100, 500, 1000), fc.integer({ min: 0, max: 100_000 }));

/** Valid configs: the schema's bounds, with the resurrection level inside the levels and banks kept where cents stay exact (the schema refuses the rest). */
const configs = fc
  .record(
    {
      rounds: fc.integer({ min: 1, max: 60 }),
      startTokens: amount,
      interestRate: fc.oneof(fc.constantFrom(0, 0.05, 0.1), fc.double({ min: 0, max: 1, noNaN: true })),
      minLevel: fc.integer({ min: -100, max: 0 }),
      maxLevel: fc.integer({ min: 0, max: 100 }),
      bestAward: amount,
      survivalBonus: amount,
      groupBonus: amount,
      rescueCost: amount,
      rescueLevels: fc.integer({ min: 1, max: 100 }),
      resurrectCost: amount,
      resurrectLevel: fc.integer({ min: -100, max: 100 }),
    },
    { requiredKeys: [] },
  )
  .filter((c) => cafeConfigSchema.safeParse(c).success);

test('every setting is a rule the texts state (Café has no operational one)', () => {
  expect(Object.keys(WORDS).sort()).toEqual(settingPaths(cafeConfigSchema.parse({}) as Record<string, unknown>).sort());
});

test('random configs: each rule setting off its default is stated with its value in the room and in the prompt', () => {
  fc.assert(
    fc.property(configs, (config) => {
      expect(missingRuleWords(cafeGame, config, WORDS, ['a', 'b', 'c'])).toEqual([]);
    }),
    { seed: SEED, numRuns: 300, endOnFailure: true },
  );
});
