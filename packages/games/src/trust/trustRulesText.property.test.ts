import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { missingRuleWords, settingPaths, type RuleWords } from '../engine/rulesTextCheck.ts';
import { trustConfigSchema, type TrustConfig } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import { percent } from './trustRulesText.ts';

/**
 * The rules people read are the rules the engine runs (issue 37): over random
 * valid configs, every rule setting that differs from its default is stated,
 * with its value, both in the room's rules text and in a model's prompt.
 */

const SEED = 3737;

/** Settings that are no rule of play, and why. */
const OPERATIONAL: Record<string, string> = {
  // How long the House waits for a person observer before the policy answers; the rules never see the clock.
  begTimeoutMs: 'the House waits this long for a person observer',
};

const WORDS: RuleWords<TrustConfig> = {
  startSats: (c) => [`start with ${c.startSats} sats`],
  maxRounds: (c) => [`after ${c.maxRounds} rounds`],
  missChance: (c) => [`misses ${percent(c.missChance)}`],
  replicateAt: (c) => [`REPLICATE with ${c.replicateAt}+ sats`],
  replicateCost: (c) => [`costs ${c.replicateCost} and`],
  begMax: (c) => [`for 1..${c.begMax} sats`],
  observer: (c) => [{ decline: 'unanswered is declined', grant: 'unanswered is granted in full', wary: 'chance 1/(1 +' }[c.observer]],
  noise: (c) => [`DO_NOTHING ${percent(c.noise)}`],
  replicate: (c) => [c.replicate === 'win' ? 'wins the match' : '25-sat unit'],
  alliances: (c) => (c.alliances ? ['Alliances:'] : []),
  // Shocks off (chance 0): their size, synergy and streak play no part, so nothing is said of them.
  'shocks.chance': (c) => (c.shocks.chance > 0 ? [`chance ${percent(c.shocks.chance)}`] : []),
  'shocks.size': (c) => (c.shocks.chance > 0 ? [`same 1..${c.shocks.size} sats`] : []),
  'shocks.synergy': (c) => (c.shocks.chance > 0 && c.shocks.synergy > 0 ? [`get ${c.shocks.synergy} back`] : []),
  'shocks.streak': (c) => (c.shocks.chance > 0 && c.shocks.synergy > 0 ? [`${c.shocks.streak}+ matched high fives`] : []),
};

const probability = fc.oneof(fc.constantFrom(0, 0.05, 0.15, 0.2, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true }));

const configs = fc.record(
  {
    startSats: fc.integer({ min: 1, max: 10_000 }),
    maxRounds: fc.integer({ min: 1, max: 60 }),
    missChance: probability,
    replicateAt: fc.integer({ min: 1, max: 1_000_000 }),
    replicateCost: fc.integer({ min: 0, max: 1_000_000 }),
    begMax: fc.integer({ min: 1, max: 10_000 }),
    observer: fc.constantFrom('decline', 'grant', 'wary'),
    noise: probability,
    replicate: fc.constantFrom('win', 'spawn'),
    begTimeoutMs: fc.integer({ min: 1, max: 86_400_000 }),
    shocks: fc.record(
      { chance: probability, size: fc.integer({ min: 1, max: 20 }), synergy: fc.integer({ min: 0, max: 20 }), streak: fc.integer({ min: 1, max: 30 }) },
      { requiredKeys: [] },
    ),
    alliances: fc.boolean(),
  },
  { requiredKeys: [] },
);

test('every setting is a rule the texts state or an operational one, never both', () => {
  const paths = settingPaths(trustConfigSchema.parse({}) as Record<string, unknown>).sort();
  expect([...Object.keys(WORDS), ...Object.keys(OPERATIONAL)].sort()).toEqual(paths);
});

test('random configs: each rule setting off its default is stated with its value in the room and in the prompt', () => {
  fc.assert(
    fc.property(configs, (config) => {
      expect(missingRuleWords(trustGame, config, WORDS, ['a', 'b', 'c'])).toEqual([]);
    }),
    { seed: SEED, numRuns: 500, endOnFailure: true },
  );
});

test('the room hears the rules the prompt states', () => {
  const config = trustConfigSchema.parse({ missChance: 0.2, observer: 'wary', startSats: 70 });
  const state = trustGame.setup(config, 1, ['a', 'b']);
  const room = trustGame.rulesText(state);
  expect(room).toContain('misses 20%');
  expect(room).toContain('Units start with 70 sats');
  const view = trustGame.view(state, 'a');
  expect(trustGame.modelPrompt!.rules(view).startsWith(room)).toBe(true);
});
