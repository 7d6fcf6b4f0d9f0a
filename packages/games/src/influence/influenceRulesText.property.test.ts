import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { missingRuleWords, settingPaths, type RuleWords } from '../engine/rulesTextCheck.ts';
import { influenceConfigSchema, MAX_WHISPERS, type InfluenceConfig } from './influenceConfig.ts';
import { influenceGame } from './influenceGame.ts';

/**
 * The rules people read are the rules the engine runs (issue 37): over random
 * valid configs, every rule setting that differs from its default is stated,
 * with its value, both in the room's rules text and in a model's prompt.
 */

const SEED = 3740;

/** Settings that are no rule of play, and why. */
const OPERATIONAL: Record<string, string> = {
  // The live lobby's seat limits: a match plays the seats it was given, headless ones any 4 to 12.
  minPlayers: 'the lobby starts at this many seats',
  maxPlayers: 'the lobby seats at most this many',
  // How long the House waits for each phase; the rules never see the clock (a move not made in time is auto-filled, which the rules state).
  'timers.whisper': 'the House waits this long for WHISPER',
  'timers.rumor': 'the House waits this long for RUMOR',
  'timers.vote': 'the House waits this long for VOTE',
  'timers.power': 'the House waits this long for POWER',
  'timers.reveal': 'the House shows REVEAL this long',
};

const WORDS: RuleWords<InfluenceConfig> = {
  maxDmRecipients: (c) => [`each DM to up to ${c.maxDmRecipients} others`],
  maxMessageLength: (c) => [`Texts: up to ${c.maxMessageLength} characters`],
  inactivityLimit: (c) => [c.inactivityLimit === 1 ? 'a round of them eliminates' : `${c.inactivityLimit} such rounds in a row eliminate`],
  whisperTurns: (c) => [`DMs in up to ${c.whisperTurns} turns`],
  maxWhispers: (c) => [`at most ${c.maxWhispers} DMs in all`],
};

const timer = fc.integer({ min: 1_000, max: 86_400_000 });

const configs = fc
  .record(
    {
      minPlayers: fc.integer({ min: 4, max: 12 }),
      maxPlayers: fc.integer({ min: 4, max: 12 }),
      timers: fc.record({ whisper: timer, rumor: timer, vote: timer, power: timer, reveal: timer }, { requiredKeys: [] }),
      maxDmRecipients: fc.integer({ min: 2, max: 11 }),
      maxMessageLength: fc.integer({ min: 20, max: 4000 }),
      inactivityLimit: fc.integer({ min: 1, max: 20 }),
      whisperTurns: fc.integer({ min: 1, max: 10 }),
      maxWhispers: fc.integer({ min: 1, max: MAX_WHISPERS }),
    },
    { requiredKeys: [] },
  )
  .filter((c) => influenceConfigSchema.safeParse(c).success);

test('every setting is a rule the texts state or an operational one, never both', () => {
  const paths = settingPaths(influenceConfigSchema.parse({}) as Record<string, unknown>).sort();
  expect([...Object.keys(WORDS), ...Object.keys(OPERATIONAL)].sort()).toEqual(paths);
});

test('random configs: each rule setting off its default is stated with its value in the room and in the prompt', () => {
  fc.assert(
    fc.property(configs, (config) => {
      expect(missingRuleWords(influenceGame, config, WORDS, ['a', 'b', 'c', 'd'])).toEqual([]);
    }),
    { seed: SEED, numRuns: 300, endOnFailure: true },
  );
});
