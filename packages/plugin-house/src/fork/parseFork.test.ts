import { expect, test } from 'bun:test';
import { parseCommand } from '../commands/parse.ts';
import { FORK_USAGE, parseFork } from './parseFork.ts';

test('!fork reads a match, --phase, seat swaps and --seed; the match may come by --match', () => {
  expect(parseCommand('!fork trust-1-ab --phase 12 --seat Ivo=me --seat=@Jana=bot:grudger --seed 7')).toEqual({
    ok: true,
    command: { kind: 'fork', match: 'trust-1-ab', phase: 12, seats: [{ seat: 'Ivo', who: 'me' }, { seat: 'Jana', who: 'bot:grudger' }], seed: 7 },
  });
  expect(parseCommand('!fork --phase=3 --match trust-1')).toEqual({ ok: true, command: { kind: 'fork', phase: 3, seats: [] }, match: 'trust-1' });
});

test('what !fork refuses, each in one line with its usage', () => {
  const refusals: Array<[string[], string]> = [
    [['trust-1'], 'which phase? `--phase N` keeps the match as it stood after its Nth phase'],
    [['trust-1', '--phase', '0'], "--phase needs the number of phases to keep, a whole number from 1, got '0'"],
    [['trust-1', '--phase', 'x'], "--phase needs the number of phases to keep, a whole number from 1, got 'x'"],
    [['trust-1', '--phase'], '--phase needs the number of phases to keep, a whole number from 1, got nothing'],
    [['trust-1', '--phase', '2', '--seed', '-1'], "--seed needs a whole number from 0 to 2147483647, got '-1'"],
    [['trust-1', '--phase', '2', '--seat', 'Ivo'], "--seat needs SEAT=WHO, got 'Ivo'"],
    [['trust-1', '--phase', '2', '--seat', '__proto__=me'], "--seat needs SEAT=WHO, got '__proto__=me'"],
    [['trust-1', '--phase', '2', '--seat', 'Ivo=me', '--seat', 'ivo=bot:random'], '--seat ivo is given twice'],
    [['trust-1', 'trust-2', '--phase', '2'], "unexpected 'trust-2'"],
    [['trust-1', '--phase', '2', '--players', 'x'], "unknown '--players'"],
  ];
  for (const [args, error] of refusals) expect(parseFork(args)).toEqual({ ok: false, error: `${error}; ${FORK_USAGE}` });
  const many = Array.from({ length: 33 }, (_, i) => ['--seat', `s${i}=me`]).flat();
  expect(parseFork(['m', '--phase', '1', ...many])).toEqual({ ok: false, error: `at most 32 seats may be swapped; ${FORK_USAGE}` });
});
