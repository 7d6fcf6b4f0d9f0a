import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { missingRuleWords, settingPaths, type RuleWords } from '../engine/rulesTextCheck.ts';
import { MAX_ROUNDS, matrixConfigSchema, PAYOFF_LIMIT, presetOf, type MatrixConfig } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import { PRESET_NAMES } from './matrixPresets.ts';
import { percent } from './matrixRulesText.ts';
import { gameTitle } from './matrixWords.ts';

/**
 * The rules people read are the rules the engine runs (issue 37): over random
 * valid configs, every rule setting that differs from its default is stated,
 * with its value, both in the room's rules text and in a model's prompt.
 * Matrix games has no operational setting.
 */

const SEED = 3738;

/** Whether players are told the length: a fixed length, horizon known. */
const told = (c: MatrixConfig): boolean => c.continuation === 1 && c.horizon === 'known';

const WORDS: RuleWords<MatrixConfig> = {
  // Payoffs of the match's own replace the preset's, so its name is no longer said.
  preset: (c) => (presetOf(c) ? [gameTitle(c.preset)] : []),
  payoffs: (c) => (c.payoffs ? [`CC ${c.payoffs.R}/`, `CD ${c.payoffs.S}/`, `DC ${c.payoffs.T}/`, `DD ${c.payoffs.P}/`] : []),
  columnPayoffs: (c) => (c.columnPayoffs ? [`/${c.columnPayoffs.R},`, `/${c.columnPayoffs.T},`, `/${c.columnPayoffs.S},`, `/${c.columnPayoffs.P}.`] : []),
  pairing: (c) => [c.pairing === 'pairs' ? 'paired at random' : 'a round robin'],
  // A length players are not told (hidden, or a cap under a continuation probability) is kept from the room too: people in it may play.
  rounds: (c) => (told(c) ? [`Length: ${c.rounds} rounds.`] : []),
  continuation: (c) => (c.continuation < 1 ? [`probability ${percent(c.continuation)}; nobody knows the last`] : []),
  horizon: (c) => (c.continuation === 1 && c.horizon === 'hidden' ? ['a fixed number of rounds, not told'] : []),
  noise: (c) => (c.noise > 0 ? [`flipped with probability ${percent(c.noise)}`] : []),
};

const payoff = fc.integer({ min: -PAYOFF_LIMIT, max: PAYOFF_LIMIT });
const payoffs = fc.record({ R: payoff, S: payoff, T: payoff, P: payoff });

const configs = fc.record(
  {
    preset: fc.constantFrom(...PRESET_NAMES),
    payoffs,
    columnPayoffs: payoffs,
    pairing: fc.constantFrom('round-robin', 'pairs'),
    rounds: fc.integer({ min: 1, max: MAX_ROUNDS }),
    continuation: fc.oneof(fc.constantFrom(0, 0.9, 1), fc.double({ min: 0, max: 1, noNaN: true })),
    horizon: fc.constantFrom('known', 'hidden'),
    noise: fc.oneof(fc.constantFrom(0, 0.05, 0.5), fc.double({ min: 0, max: 0.5, noNaN: true })),
  },
  { requiredKeys: [] },
);

test('every setting is a rule the texts state (Matrix games has no operational one)', () => {
  const shape = Object.keys((matrixConfigSchema as unknown as { shape: Record<string, unknown> }).shape).sort();
  expect(Object.keys(WORDS).sort()).toEqual(shape);
  expect(settingPaths(matrixConfigSchema.parse({}) as Record<string, unknown>).every((path) => Object.hasOwn(WORDS, path))).toBe(true);
});

test('random configs: each rule setting off its default is stated with its value in the room and in the prompt', () => {
  fc.assert(
    fc.property(configs, (config) => {
      expect(missingRuleWords(matrixGame, config, WORDS, ['a', 'b', 'c'])).toEqual([]);
    }),
    { seed: SEED, numRuns: 500, endOnFailure: true },
  );
});
