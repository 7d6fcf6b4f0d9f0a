import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { missingRuleWords, settingPaths, type RuleWords } from '../engine/rulesTextCheck.ts';
import { goldmineConfigSchema, type GoldmineConfig } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';
import { seatLetter } from './goldminePrompt.ts';
import { alphaByPlot, staminaBySeat } from './resolveTreatments.ts';

/**
 * The rules people read are the rules the engine runs (issue 37): over random
 * valid configs, every rule setting that differs from its default is stated,
 * with its value, both in the room's rules text and in a model's prompt.
 * Gold mining has no operational setting. Stamina classes and random plot
 * yields are stated as setup drew them for this seed (the texts' seed, 1).
 */

const SEED = 3741;
const PLAYERS = ['a', 'b', 'c', 'd'];

function yieldWords(c: GoldmineConfig): string[] {
  const alphas = alphaByPlot(c, 1);
  if (!alphas) return [];
  const banded = alphas.every((a) => a === 0.5 * c.alpha || a === c.alpha || a === 1.5 * c.alpha);
  return banded ? [`Plot yields (gold per mined stamina): - ${0.5 * c.alpha}, o ${c.alpha}, + ${1.5 * c.alpha}:`] : alphas.flatMap((a, p) => (a === c.alpha ? [] : [`${p}=${a}`]));
}

const WORDS: RuleWords<GoldmineConfig> = {
  size: (c) => [`map ${c.size}x${c.size}`],
  rounds: (c) => [`${c.rounds} rounds`],
  stamina: (c) => {
    const bySeat = staminaBySeat(c, 1, PLAYERS);
    return bySeat.every((s) => s === bySeat[0]) ? [`${bySeat[0]} stamina a round`] : [`by player: ${bySeat.map((s, i) => `${seatLetter(i)} ${s}`).join(', ')}`];
  },
  cap: (c) => [`k = 0..${c.cap}`],
  alpha: (c) => (alphaByPlot(c, 1) ? yieldWords(c) : [`${c.alpha} gold per unit`]),
  plotAlpha: yieldWords,
  truce: (c) => [c.truce > 1 ? `cannot be raided for ${c.truce} rounds` : c.truce === 1 ? 'and a claimed one raided, from the next round' : 'can be raided at once'],
  defense: (c) => [c.defense === 'all' ? 'defended plots hold' : 'each defense stops one raider'],
  history: (c) => [{ none: 'History: none', last: 'History: the last round,', k5: 'History: the last 5 rounds,', full: 'History: every round so far,' }[c.history]],
  talk: (c) => (c.talk ? ['Talk: "talk" is one public line'] : []),
  authority: (c) => (c.authority > 0 ? [`holder of ${c.authority}+ rounds`] : []),
  // Without an authority nobody is fined, so the fine plays no part.
  authorityFine: (c) => (c.authority > 0 ? [`fined ${c.authorityFine} gold`] : []),
};

const staminaValue = fc.integer({ min: 1, max: 100 });

const configs = fc
  .record(
    {
      size: fc.integer({ min: 2, max: 32 }),
      rounds: fc.integer({ min: 1, max: 10_000 }),
      stamina: fc.oneof(
        staminaValue,
        fc.tuple(staminaValue, staminaValue),
        fc.tuple(staminaValue, staminaValue).map(([a, b]) => `${a}/${b}`),
        fc.record({ b: staminaValue }),
      ),
      cap: fc.integer({ min: 1, max: 10 }),
      alpha: fc.oneof(fc.constantFrom(1, 2, 0.5), fc.double({ min: 0.01, max: 1000, noNaN: true })),
      plotAlpha: fc.oneof(fc.constantFrom('uniform', 'gradient', 'random'), fc.dictionary(fc.integer({ min: 0, max: 3 }).map(String), fc.double({ min: 0.01, max: 1000, noNaN: true }), { minKeys: 1, maxKeys: 3 })),
      truce: fc.oneof(fc.constantFrom(0, 1, 2), fc.integer({ min: 0, max: 10_000 })),
      defense: fc.constantFrom('all', 'perRaid'),
      history: fc.constantFrom('none', 'last', 'k5', 'full'),
      talk: fc.boolean(),
      authority: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
      authorityFine: fc.oneof(fc.constantFrom(0, 10, 2.5), fc.double({ min: 0, max: 1_000_000, noNaN: true })),
    },
    { requiredKeys: [] },
  )
  .filter((c) => goldmineConfigSchema.safeParse(c).success);

test('every setting is a rule the texts state (Gold mining has no operational one)', () => {
  expect(Object.keys(WORDS).sort()).toEqual(settingPaths(goldmineConfigSchema.parse({}) as Record<string, unknown>).sort());
});

test('random configs: each rule setting off its default is stated with its value in the room and in the prompt', () => {
  fc.assert(
    fc.property(configs, (config) => {
      expect(missingRuleWords(goldmineGame, config, WORDS, PLAYERS)).toEqual([]);
    }),
    { seed: SEED, numRuns: 300, endOnFailure: true },
  );
});
