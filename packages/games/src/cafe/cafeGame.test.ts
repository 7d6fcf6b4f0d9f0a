import { describe, expect, test } from 'bun:test';
import { Match } from '../engine/match.ts';
import { replay } from '../engine/replay.ts';
import { runMatchSync } from '../engine/runner.ts';
import { cafeGame } from './cafeGame.ts';
import { bankTotal, expectedBankChange, newCafe, playRound, seatOf } from './cafeTestKit.ts';
import { challengeBank } from './challengeBank.ts';
import { withChallenge } from './challengeOrder.ts';

describe('cafeGame', () => {
  test('default config and setup: 4 seats at level 0 with 1,000 tokens, 20 rounds, a bank challenge', () => {
    const cfg = cafeGame.configSchema.parse({});
    expect(cfg).toMatchObject({ rounds: 20, startTokens: 1000, interestRate: 0.05, minLevel: -5, maxLevel: 3, bestAward: 500, survivalBonus: 100, groupBonus: 300, rescueCost: 1000, resurrectCost: 2000, resurrectLevel: -2 });
    expect(cafeGame.configSchema.safeParse({ round: 3 }).success).toBe(false);
    const s = newCafe();
    expect(s.table).toEqual(['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, level: 0, cents: 100_000, alive: true })));
    expect(challengeBank.map((c) => c.id)).toContain(s.challenge.id);
    expect(cafeGame.actors(s)).toEqual(['ann', 'bob', 'cat', 'dan']);
  });

  test('the bank has at least 40 distinct challenges, and a match draws 20 without repeats, by seed', () => {
    expect(new Set(challengeBank.map((c) => c.id)).size).toBe(challengeBank.length);
    expect(challengeBank.length).toBeGreaterThanOrEqual(40);
    const ids = (seed: number) => {
      const m = Match.create(cafeGame, {}, seed, ['a', 'b', 'c', 'd'], { log: false });
      const seen: string[] = [];
      while (!m.over) {
        seen.push(m.state.challenge.id);
        m.step({ decisions: {}, external: { judge: { best: 'a', worst: 'b' } } });
      }
      return seen;
    };
    expect(new Set(ids(1)).size).toBe(ids(1).length);
    expect(ids(1)).toEqual(ids(1));
    expect(ids(1)).not.toEqual(ids(2));
  });

  test('withChallenge: the House puts its own challenge in the views before they decide', () => {
    const set = withChallenge(newCafe(), { prompt: 'Invent a drink.', keywords: ['drink'] });
    if (!set.ok) throw new Error(set.error);
    expect(cafeGame.view(set.value, 'ann').challenge).toEqual({ id: 'house-1', prompt: 'Invent a drink.', keywords: ['drink'] });
    const { events } = playRound(set.value, {}, { best: 'ann', worst: 'bob' });
    expect(events.find((e) => e.type === 'challenge')!.data).toEqual({ id: 'house-1', prompt: 'Invent a drink.', keywords: ['drink'] });
  });

  test('views are public except each player’s own notices', () => {
    const { state } = playRound(newCafe(), { ann: { market: [{ type: 'rescue' }, { type: 'rescue' }, { type: 'donate', to: 'bob', amount: 5 }], response: 'x' } }, { best: 'ann', worst: 'bob' });
    const ann = cafeGame.view(state, 'ann');
    expect(ann.notices).toEqual(['rescue refused: a rescue costs 1,000 tokens and you have 45']);
    expect(cafeGame.view(state, 'bob').notices).toEqual([]);
    expect(ann.players.find((p) => p.id === 'bob')).toEqual({ id: 'bob', level: -1, tokens: 1455, alive: true });
    expect(ann.last!.verdict).toMatchObject({ best: 'ann', worst: 'bob' });
  });

  test('validate checks the shape (for a repair round); legalMoves lists what is possible now', () => {
    const s = newCafe();
    expect(cafeGame.validate(s, 'ann', { market: [{ type: 'donate', to: 'bob', amount: 0 }], response: 'x' })).toEqual({ ok: false, error: 'bad decision: market.0.amount: amount must be more than 0 tokens' });
    expect(cafeGame.validate(s, 'ann', { response: 'hi' })).toEqual({ ok: true, decision: { market: [], response: 'hi' } });
    expect(cafeGame.fallback(s, 'ann')).toEqual({ market: [], response: '' });
    const moves = cafeGame.legalMoves(s, 'ann');
    expect(moves.some((m) => m.startsWith('rescue {}'))).toBe(true);
    expect(moves.some((m) => m.startsWith('resurrect'))).toBe(false);
  });

  test('report and score: tokens with two decimals, level, alive', () => {
    const { state } = playRound(newCafe(), {}, { best: 'ann', worst: 'dan' });
    expect(cafeGame.report(state)).toEqual({
      players: { ann: { tokens: 1950, level: 1, alive: true }, bob: { tokens: 1450, level: 0, alive: true }, cat: { tokens: 1450, level: 0, alive: true }, dan: { tokens: 1450, level: -1, alive: true } },
      extra: { challenge: state.last!.challenge.id, judge: { best: 'ann', worst: 'dan', by: 'external' } },
    });
    expect(cafeGame.score(state, 'ann')).toBe(1950);
  });

  test('the replay contract: a round carries decisions and "judge"; rounds report tokens, level, alive', () => {
    const result = replay(
      { cafe: cafeGame },
      {
        game: 'cafe',
        seed: 4,
        players: ['a', 'b'],
        config: { rounds: 2 },
        rounds: [
          { decisions: { a: { market: [{ type: 'donate', to: 'b', amount: 0.25 }], response: 'yes' }, b: { response: 'no' } }, judge: { best: 'b', worst: 'a' } },
          { decisions: { a: { response: 'yes' }, b: { response: 'no' } }, judge: { best: 'a', worst: 'b' } },
          { decisions: {} },
        ],
      },
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.value.rounds.map((r) => [r.round, r.players, r.judge])).toEqual([
      [1, { a: { tokens: 1449.75, level: -1, alive: true }, b: { tokens: 1950.25, level: 1, alive: true } }, { best: 'b', worst: 'a', by: 'external' }],
      [2, { a: { tokens: 2422.24, level: 0, alive: true }, b: { tokens: 2447.76, level: 0, alive: true } }, { best: 'a', worst: 'b', by: 'external' }],
    ]);
    expect(result.value.outcome).toEqual({ over: true, winners: ['a', 'b'], kind: 'cooperative' });
  });

  test('five archetypes over 20 seeds: every round keeps the token books, the same seed replays identically', () => {
    const names = Object.keys(cafeGame.strategies);
    for (let seed = 1; seed <= 20; seed++) {
      const ids = names.slice(0, 2 + (seed % 4));
      const m = Match.create(cafeGame, {}, seed, ids);
      const table = Object.fromEntries(ids.map((id) => [id, cafeGame.strategies[id]!]));
      let before = bankTotal(m.state);
      runMatchSync(m, table, (rec) => {
        expect(bankTotal(m.state) - before).toBe(expectedBankChange(rec.events));
        before = bankTotal(m.state);
      });
      const again = Match.create(cafeGame, {}, seed, ids);
      runMatchSync(again, table);
      expect(again.log!.head).toBe(m.log!.head);
      expect(m.outcome().over).toBe(true);
    }
  });

  test('an eliminated player cannot act: it has no seat among the actors', () => {
    const s = newCafe();
    seatOf(s, 'dan').level = -5;
    const { state } = playRound(s, {}, { best: 'ann', worst: 'dan' });
    expect(cafeGame.actors(state)).toEqual(['ann', 'bob', 'cat']);
    expect(cafeGame.legalMoves(state, 'dan')).toEqual([]);
  });
});
