import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { gameById, gameIds, games } from '@the-house/games/registry.ts';
import { checkAnswer, notReadNow, strictProblem } from './strictAnswer.ts';

const first = (id: string, players: string[]) => {
  const game = gameById(id)!;
  return { game, state: Match.create(game, game.configSchema.parse({}), 1, players).state };
};
const four = ['ann', 'bob', 'cat', 'dan'];
const NONSENSE = { action: 'FLY_TO_THE_MOON' };

describe('strictProblem: what the schema sent refuses that zod would drop or fill', () => {
  test('keys no decision has, anywhere in it', () => {
    expect(strictProblem(games.trust!.decisionSchema, { action: 'BLOCK', reasoning: 'x' })).toBe('unknown key "reasoning" (a decision takes action, reason, ally, leave, share)');
    expect(strictProblem(games.trust!.decisionSchema, { action: 'BLOCK', share: { to: 'b', amount: 1, note: 'x' } })).toBe('unknown key "note" in share (it takes to, amount)');
    expect(strictProblem(games.matrix!.decisionSchema, { action: 'C', why: 1, how: 2 })).toBe('unknown keys "why", "how" (a decision takes action, moves, reason)');
    expect(strictProblem(games.cafe!.decisionSchema, { market: [{ type: 'rescue', now: true }], response: 'hi' })).toBe('unknown key "now" in market[0] (it takes type)');
    expect(strictProblem(games.goldmine!.decisionSchema, { actions: [{ type: 'claim', plot: 1, k: 2 }] })).toBe('unknown key "k" in actions[0] (it takes type, plot)');
  });

  test('fields the schema requires that the game would fill with a default', () => {
    expect(strictProblem(games.cafe!.decisionSchema, NONSENSE)).toBe('unknown key "action" (a decision takes market, response); "market" is missing; "response" is missing');
    expect(strictProblem(games.cafe!.decisionSchema, { market: [] })).toBe('"response" is missing');
    expect(strictProblem(games.goldmine!.decisionSchema, NONSENSE)).toBe('unknown key "action" (a decision takes actions, talk); "actions" is missing');
  });

  test("a game's own spellings are read as the game reads them: Influence's aliases, Gold mining's category form", () => {
    expect(strictProblem(games.influence!.decisionSchema, { whisper: [{ to: 'bob', msg: 'hi' }] })).toBeNull();
    expect(strictProblem(games.influence!.decisionSchema, { powerAction: { type: 'eliminate', target: 'bob' } })).toBeNull();
    expect(strictProblem(games.influence!.decisionSchema, { action: 'BLOCK' })).toBe('unknown key "action" (a decision takes whispers, public, empower, expose, last, power)');
    expect(strictProblem(games.goldmine!.decisionSchema, { claim: [3], mine: [{ plot: 1, k: 1 }] })).toBeNull();
    expect(strictProblem(games.goldmine!.decisionSchema, { claim: [3], plan: 'win' })).toBe('unknown key "plan" (a decision takes actions, talk)');
  });

  test('an outside key is shown quoted on one line, cut to a name, and a flood of keys is counted', () => {
    const many = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, i]));
    expect(strictProblem(games.matrix!.decisionSchema, { action: 'C', ...many })).toBe('unknown keys "k0", "k1", "k2", "k3", "k4" and 3 more (a decision takes action, moves, reason)');
    expect(strictProblem(games.matrix!.decisionSchema, JSON.parse(`{"action":"C","${'x'.repeat(80)}\\n":1}`))).toBe(`unknown key "${'x'.repeat(64)}..." (a decision takes action, moves, reason)`);
  });
});

describe('checkAnswer', () => {
  test('{"action": "FLY_TO_THE_MOON"} is no move of any game: the refusal says what is wrong and what is allowed now', () => {
    const lineups: Record<string, string[]> = { trust: ['ann', 'bob'], influence: four, goldmine: ['ann', 'bob'], cafe: four, matrix: ['ann', 'bob'] };
    for (const id of gameIds()) {
      const { game, state } = first(id, lineups[id]!);
      const checked = checkAnswer(game, state, 'ann', NONSENSE, true);
      expect({ id, ok: checked.ok }).toEqual({ id, ok: false });
    }
    const cafe = first('cafe', four);
    const refused = checkAnswer(cafe.game, cafe.state, 'ann', NONSENSE, true);
    expect(refused).toMatchObject({ ok: false, bySchema: true });
    expect(!refused.ok && refused.error).toStartWith('unknown key "action" (a decision takes market, response); "market" is missing; "response" is missing. Allowed now: response: your answer to');
    const influence = first('influence', four);
    expect(checkAnswer(influence.game, influence.state, 'ann', { action: 'BLOCK' }, true)).toMatchObject({ ok: false, error: expect.stringContaining('Allowed now: whispers: [{to: [up to 4 of bob, cat, dan], text}]') });
  });

  test("a field of another phase is refused in a strict match: Influence's whispers read only while it whispers, its votes only in VOTE", () => {
    const influence = first('influence', four);
    const { game, state } = influence;
    expect((state as { phase: string }).phase).toStartWith('WHISPER');
    expect(checkAnswer(game, state, 'ann', { whispers: [] }, true).ok).toBe(true);
    expect(checkAnswer(game, state, 'ann', { whispers: [{ to: ['bob'], text: 'hi' }] }, true).ok).toBe(true);
    const early = checkAnswer(game, state, 'ann', { empower: 'bob', expose: 'cat' }, true);
    expect(early).toMatchObject({ ok: false, bySchema: true });
    expect(!early.ok && early.error).toStartWith('"empower", "expose" are not read now (a decision now takes whispers). Allowed now: whispers:');
    // A match recorded before strict answers took it as no whispers, and still does.
    expect(checkAnswer(game, state, 'ann', { empower: 'bob' }, false).ok).toBe(true);
    const vote = { ...(state as object), phase: 'VOTE' };
    expect(notReadNow(game, vote, 'ann', { empower: 'bob', expose: 'cat', last: 'bye' })).toBeNull();
    expect(notReadNow(game, vote, 'ann', { empower: 'bob', expose: 'cat', whisper: [{ to: 'dan', msg: 'psst' }] })).toBe('"whispers" is not read now (a decision now takes empower, expose, last)');
    // Games whose decision has the same fields in every phase are unchanged: a Trust move with its alliance fields, a Café answer.
    const trust = first('trust', ['ann', 'bob']);
    expect(notReadNow(trust.game, trust.state, 'ann', { action: 'BLOCK', reason: 'safe' })).toBeNull();
    const cafe = first('cafe', four);
    expect(notReadNow(cafe.game, cafe.state, 'ann', { market: [], response: 'A pun.' })).toBeNull();
  });

  test("the game's own refusal comes first, in its words; a match recorded before strict answers takes what the game takes", () => {
    const trust = first('trust', ['ann', 'bob']);
    expect(checkAnswer(trust.game, trust.state, 'ann', NONSENSE, true)).toEqual({ ok: false, error: 'unknown action "FLY_TO_THE_MOON": allowed actions are HIGH_FIVE, BLOCK, ATTACK, DO_NOTHING, BEG, REPLICATE' });
    const cafe = first('cafe', four);
    expect(checkAnswer(cafe.game, cafe.state, 'ann', NONSENSE, false)).toEqual({ ok: true, decision: { market: [], response: '' } });
    expect(checkAnswer(cafe.game, cafe.state, 'ann', { market: [], response: 'A pun.' }, true).ok).toBe(true);
  });

  test("every strategy's legal decision passes the strict check, so an offline brain at the House is never asked to repair", () => {
    for (const id of gameIds()) {
      const game = gameById(id)!;
      const names = Object.keys(game.strategies);
      let checked = 0;
      for (let seed = 1; seed <= 3; seed++) {
        const players = Array.from({ length: game.minPlayers + (seed % (Math.min(game.maxPlayers, 6) - game.minPlayers + 1)) }, (_, i) => `p${i}`);
        const match = Match.create(game, game.configSchema.parse(id === 'trust' ? { alliances: true } : id === 'goldmine' ? { talk: true } : {}), seed, players);
        for (let phases = 0; !match.over && phases < 200; phases++) {
          const state = match.state;
          const decisions: Record<string, unknown> = {};
          for (const [i, player] of game.actors(state).entries()) {
            const decision = JSON.parse(JSON.stringify(game.strategies[names[(i + seed) % names.length]!]!.decide(game.view(state, player), brainContext(state.seed, player, state.round, state.phase))));
            decisions[player] = decision;
            if (!game.validate(state, player, decision).ok) continue;
            checked += 1;
            expect({ id, decision, problem: strictProblem(game.decisionSchema, decision) ?? notReadNow(game, state, player, decision) }).toEqual({ id, decision, problem: null });
          }
          match.step({ decisions });
        }
      }
      expect(checked).toBeGreaterThan(50);
    }
  });
});
