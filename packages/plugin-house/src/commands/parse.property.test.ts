import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { houseCommandTable } from '../games/houseGames.ts';
import { parseCommand } from './parse.ts';

/**
 * The chat command parser fuzzed (issue 13): any text, and `!` commands built
 * from the table's verbs with random arguments, flags (`--set` with reserved,
 * dotted and odd keys, budgets, `--seed`, `--delay`, `--match`) and unicode.
 * It never throws, answers every command with a command or one message, and
 * never changes a prototype.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;
const table = houseCommandTable();

const word = fc.oneof(
  fc.constantFrom('trust', 'cafe', 'goldmine', 'influence', 'me', 'Ada', '@Ada', '<@!123>', 'Ivo,Jana', 'constructor', '__proto__', 'prototype', 'toString', '1', '-1', '1e12', '', '=', 'a=b', '--', '👩‍🚀', 'Zoë'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const setKey = fc.oneof(fc.constantFrom('maxRounds', 'begTimeoutMs', 'timers.vote', 'shocks.chance', '__proto__', '__proto__.polluted', 'constructor.prototype.polluted', 'a.__proto__.b', 'prototype', '.', 'a..b', 'stamina'), fc.string({ maxLength: 10 }));
const setValue = fc.oneof(fc.constantFrom('yes', 'true', 'false', '1', '99999999999999', '-0', 'NaN', 'Infinity', '1e400', '8/12', ''), fc.string({ maxLength: 10 }));
const flag = fc.oneof(
  fc.tuple(setKey, setValue).map(([k, v]) => (Math.abs(k.length - v.length) % 2 ? `--set ${k}=${v}` : `--set=${k}=${v}`)),
  fc.tuple(fc.constantFrom('--seed', '--delay', '--budget-tokens', '--budget-cost', '--player-budget-tokens', '--player-budget-cost', '--history-rounds', '--match', '--constructor', '--__proto__', '--set'), fc.oneof(word, fc.constant(''))).map(([f, v]) => `${f} ${v}`),
);
const command = fc
  .tuple(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...table.map((s) => s.verb)) }, { weight: 1, arbitrary: word }), fc.array(fc.oneof(word, flag), { maxLength: 7 }), fc.constantFrom('!', ' !', '!!', '! '))
  .map(([verb, args, bang]) => `${bang}${verb} ${args.join(' ')}`);

test('parseCommand: any text and any `!` command gives null, a command or one message; nothing throws or pollutes', () => {
  fc.assert(
    fc.property(fc.oneof({ weight: 4, arbitrary: command }, { weight: 1, arbitrary: fc.string() }, { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((s) => `!${s}`) }), (text) => {
      const parsed = parseCommand(text, table);
      if (parsed && !parsed.ok) {
        expect(parsed.error.length).toBeGreaterThan(0);
        expect(parsed.error).not.toContain('\n');
      }
      if (parsed?.ok && parsed.command.kind === 'play' && parsed.command.config) {
        const walk = (v: unknown): void => {
          if (v && typeof v === 'object') for (const k of Object.keys(v)) expect(['__proto__', 'constructor', 'prototype']).not.toContain(k), walk((v as Record<string, unknown>)[k]);
        };
        walk(parsed.command.config);
        expect(Object.getPrototypeOf(parsed.command.config)).toBe(Object.prototype);
      }
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }),
    { seed: SEED, numRuns: 10_000 },
  );
}, 60_000);
