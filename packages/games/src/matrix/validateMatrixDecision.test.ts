import { describe, expect, test } from 'bun:test';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import type { MatrixState } from './matrixTypes.ts';

const three = matrixGame.setup(matrixConfigSchema.parse({}), 1, ['ann', 'bob', 'cy']);
const error = (state: MatrixState, raw: unknown, player = 'ann') => {
  const checked = matrixGame.validate(state, player, raw);
  return checked.ok ? null : checked.error;
};

describe('a legal decision comes back whole', () => {
  test('one move for everyone, or a move per opponent (action covering the ones left out)', () => {
    expect(matrixGame.validate(three, 'ann', { action: 'D' })).toEqual({ ok: true, decision: { action: 'D' } });
    expect(matrixGame.validate(three, 'ann', { moves: { bob: 'C', cy: 'D' } })).toEqual({ ok: true, decision: { moves: { bob: 'C', cy: 'D' } } });
    expect(matrixGame.validate(three, 'ann', { action: 'C', moves: { cy: 'D' } })).toEqual({ ok: true, decision: { moves: { bob: 'C', cy: 'D' } } });
    expect(matrixGame.validate(three, 'ann', '{"action": "C", "reason": "start kind"}')).toEqual({ ok: true, decision: { action: 'C', reason: 'start kind' } });
  });

  test('unknown keys are dropped', () => {
    expect(matrixGame.validate(three, 'ann', { action: 'C', mood: 'sunny' })).toEqual({ ok: true, decision: { action: 'C' } });
  });
});

describe('a refusal says in one line what is allowed', () => {
  test('bad moves, bad JSON, not an object', () => {
    expect(error(three, { action: 'X' })).toBe('action: Invalid option: expected one of "C"|"D"; send {"action": "C"} or {"action": "D"}, or a move per opponent: {"moves": {"<opponent>": "C"}}');
    expect(error(three, {})).toStartWith('give "action" (C or D) or "moves" (a move per opponent)');
    expect(error(three, '{"action": "C"')).toStartWith('decision is not valid JSON (');
    expect(error(three, 42)).toBe('decision must be a JSON object: send {"action": "C"} or {"action": "D"}, or a move per opponent: {"moves": {"<opponent>": "C"}}');
    expect(error(three, { moves: ['C'] })).toBe('"moves" must be an object of a move per opponent, such as {"bob": "C"}');
  });

  test('moves must name only this round’s opponents, and all of them unless action covers the rest', () => {
    expect(error(three, { moves: { bob: 'C', zed: 'D' } })).toBe('"moves" names "zed", who is not your opponent this round (opponents: bob, cy)');
    expect(error(three, { moves: { ann: 'C', bob: 'C', cy: 'C' } })).toBe('"moves" names "ann", who is not your opponent this round (opponents: bob, cy)');
    expect(error(three, { moves: { bob: 'C' } })).toBe('"moves" leaves out cy: give each opponent a move, or add "action" for the rest');
  });

  test('reserved words never index anything: a __proto__ key is refused, not dropped', () => {
    expect(error(three, JSON.parse('{"moves": {"__proto__": "D"}, "action": "C"}'))).toBe('"moves" names "__proto__", who is not your opponent this round (opponents: bob, cy)');
    expect(error(three, { moves: { constructor: 'D' }, action: 'C' })).toContain('"constructor", who is not your opponent');
    expect(error(three, { action: 'C' }, 'constructor')).toBe("'constructor' does not play in this match");
  });

  test('a long or multi-line name is cut and quoted on one line', () => {
    const long = `x\n${'y'.repeat(200)}`;
    const message = error(three, { moves: { [long]: 'C' } })!;
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(220);
  });

  test('a player who sits out, or a finished match, has nothing to decide', () => {
    const pairs = matrixGame.setup(matrixConfigSchema.parse({ pairing: 'pairs' }), 1, ['ann', 'bob', 'cy']);
    expect(error(pairs, { action: 'C' }, pairs.sitting!)).toBe(`${pairs.sitting} sits this round out: there is nothing to decide`);
    expect(error({ ...three, result: { over: true, winners: [], kind: 'draw' } }, { action: 'C' })).toBe('the match is over');
  });
});

describe('legal moves and the fallback', () => {
  test('legal moves in words name the opponents', () => {
    expect(matrixGame.legalMoves(three, 'ann')).toEqual([
      'C, cooperate, against every opponent: {"action": "C"}',
      'D, defect, against every opponent: {"action": "D"}',
      'a move per opponent: {"moves": {"bob": "C", "cy": "D"}} (opponents this round: bob, cy)',
    ]);
    const two = matrixGame.setup(matrixConfigSchema.parse({ preset: 'stag-hunt' }), 1, ['ann', 'bob']);
    expect(matrixGame.legalMoves(two, 'bob')).toEqual(['C, hunt the stag (it takes both), against ann: {"action": "C"}', 'D, hunt a hare (alone), against ann: {"action": "D"}']);
  });

  test('the fallback repeats the last move meant against each opponent, C at a first meeting', () => {
    expect(matrixGame.fallback(three, 'ann')).toEqual({ action: 'C' });
    const next = matrixGame.apply(three, { decisions: { ann: { moves: { bob: 'D', cy: 'C' } }, bob: { action: 'C' }, cy: { action: 'C' } } }).state;
    expect(matrixGame.fallback(next, 'ann')).toEqual({ moves: { bob: 'D', cy: 'C' } });
    expect(matrixGame.fallback(next, 'bob')).toEqual({ action: 'C' });
  });

  test('a refused or missing answer plays the fallback, with a private event and notice saying why and what is allowed', () => {
    const first = matrixGame.apply(three, { decisions: { ann: { action: 'D' }, bob: { action: 'C' }, cy: { action: 'C' } } }).state;
    const { events, state } = matrixGame.apply(first, { decisions: { ann: { action: 'Z' }, bob: { action: 'C' } } });
    const fallbacks = events.filter((e) => e.type === 'fallback');
    expect(fallbacks.map((e) => e.to)).toEqual([['ann'], ['cy']]);
    expect(fallbacks[0]!.data).toMatchObject({ player: 'ann', decision: { action: 'D' } });
    expect(String(fallbacks[0]!.data!.reason)).toStartWith('action: Invalid option: expected one of "C"|"D"; send');
    expect(String(fallbacks[0]!.data!.reason)).toContain('. You played D this round (your last move against each opponent, C at a first meeting). Allowed: C, cooperate, against every opponent');
    expect(String(fallbacks[1]!.data!.reason)).toStartWith('no decision arrived. You played C this round');
    expect(state.memory.ann!.bob!.meant).toBe('DD');
    expect(matrixGame.view(state, 'ann').notices).toHaveLength(1);
    expect(matrixGame.view(state, 'bob').notices).toEqual([]);
  });
});
