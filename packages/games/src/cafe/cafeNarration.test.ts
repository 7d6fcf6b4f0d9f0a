import { describe, expect, test } from 'bun:test';
import type { NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { cafeGame } from './cafeGame.ts';
import { cafeAnswers, cafeEndingText, cafeNarration } from './cafeNarration.ts';

const ctx: NarrationContext = { audience: 'observer', players: ['Ada', 'Bram', 'Cleo'], over: false };
const say = (type: string, data: Record<string, unknown>, to?: string[]): string | null => cafeNarration.narrate([{ type, data, ...(to ? { to } : {}) } as NarratedEvent], ctx)[0]!;

describe('cafeNarration: one sentence per event, with names', () => {
  test('the economy: interest, loans, donations, rescues, resurrections', () => {
    expect(say('interest', { rate: 0.05, paid: { Ada: 50, Bram: 72.5 } })).toBe('Interest of 5% on every living bank: Ada +50, Bram +72.5.');
    expect(say('loan_offered', { lender: 'Ada', borrower: 'Bram', amount: 500, rate: 0.3, duration: 3, replaces: true, openFrom: 6 })).toBe(
      'Ada offered Bram a loan of 500 tokens at 30% for 3 rounds, replacing the earlier offer (open from round 6).',
    );
    expect(say('loan_accepted', { loan: 1, lender: 'Ada', borrower: 'Bram', amount: 500, rate: 0.3, owed: 650, dueRound: 9 })).toBe("Bram took Ada's loan of 500 tokens at 30%: 650 due in round 9.");
    expect(say('loan_repaid', { loan: 1, lender: 'Ada', borrower: 'Bram', principal: 500, rate: 0.3, owed: 650 })).toBe('Bram repaid Ada 650 tokens (a loan of 500 at 30%).');
    expect(say('loan_defaulted', { loan: 2, lender: 'Ada', borrower: 'Cleo', principal: 1000, rate: 0.2, owed: 1200, why: 'cannot pay' })).toBe(
      "Cleo defaulted on Ada's loan (1,200 tokens owed; cannot pay): the debt is forgiven.",
    );
    expect(say('offer_withdrawn', { lender: 'Ada', borrower: 'Bram' })).toBe('Ada withdrew the loan offer to Bram.');
    expect(say('donation', { from: 'Ada', to: 'Cleo', amount: 100 })).toBe('Ada gave Cleo 100 tokens.');
    expect(say('rescue', { player: 'Cleo', cost: 1000, from: -4, to: -2 })).toBe('Cleo paid 1,000 tokens for a rescue: level -4 to level -2.');
    expect(say('resurrection', { by: 'Ada', target: 'Cleo', cost: 2000, level: -2, tokens: 312.5 })).toBe('Ada paid 2,000 tokens to bring Cleo back at level -2, with a bank of 312.5 tokens.');
  });

  test('the round: challenge, answers, verdict, bonuses, eliminations, standings', () => {
    expect(say('challenge', { id: 'local-art', prompt: 'Propose a deal with local artists.', keywords: ['art'] })).toBe('The challenge: “Propose a deal with local artists.”');
    expect(say('responses', { responses: { Ada: 'Hang their work, split sales.', Bram: '' } })).toBe('Answers: Ada: “Hang their work, split sales.”; Bram gave no answer.');
    expect(say('verdict', { best: 'Ada', worst: 'Bram', reason: 'stand-in judge: Ada scored highest', by: 'stand-in', award: 500, levels: { Ada: 1, Bram: -1 } })).toBe(
      'Best answer: Ada (level 1, +500 tokens); worst: Bram (level -1). Stand-in judge: Ada scored highest.',
    );
    expect(say('judge_overruled', { why: "best 'Zed' is not a judged player" })).toBe("The House judge's verdict was set aside (best 'Zed' is not a judged player); the stand-in judge decided.");
    expect(say('challenge_refused', { why: 'prompt is empty', kept: 'local-art' })).toBe("The House's own challenge was refused (prompt is empty); the bank's challenge stays.");
    expect(say('bonuses', { survival: 100, group: 300, to: ['Ada', 'Bram', 'Cleo'] })).toBe('Survival bonus of 100 tokens to Ada, Bram and Cleo, and 300 more each because everyone is alive.');
    expect(say('eliminated', { player: 'Bram', tokens: 40 })).toBe('Bram fell to the bottom level and is eliminated; the 40 tokens in the bank are frozen until someone pays to resurrect Bram.');
    expect(say('standings', { players: { Ada: { tokens: 1950, level: 1, alive: true }, Bram: { tokens: 40, level: -6, alive: false } } })).toBe(
      'Standings: Ada 1,950 tokens (level 1); Bram 40 tokens (level -6, out).',
    );
    expect(say('match_over', { kind: 'ranked', winners: ['Ada'], ranking: [{ player: 'Ada', tokens: 5230, level: 2 }, { player: 'Cleo', tokens: 900, level: 0 }] })).toBe(
      'Match over: round limit reached: Ada richest of the two survivors with 5,230 tokens.',
    );
  });

  test('what the House refused, told to the observer in plain words (never as JSON)', () => {
    expect(say('move_refused', { player: 'Bram', move: 'accept_loan', why: "no open offer from 'Ada'" }, ['Bram'])).toBe("Bram's accept loan was refused: no open offer from 'Ada'.");
    expect(say('decision_problem', { player: 'Bram', why: 'the decision must be an object {"market": [...]}' }, ['Bram'])).toBe("Bram's answer had a problem: it was not a decision the game can read.");
    expect(cafeNarration.observerMay({ type: 'move_refused', to: ['Bram'] }, ctx)).toBe(true);
  });

  test('answers one by one, cut to a length', () => {
    expect(cafeAnswers({ Ada: 'x'.repeat(50), Bram: '  ' }, 10)).toEqual(['Ada: “xxxxxxxxx…”', 'Bram gave no answer']);
  });
});

describe('cafe endings in words', () => {
  test('each kind', () => {
    expect(cafeEndingText('cooperative', ['Ada', 'Bram', 'Cleo', 'Dev'], [])).toBe('cooperative win: all four survived');
    expect(cafeEndingText('cooperative', ['Ada', 'Bram'], [])).toBe('cooperative win: both survived');
    expect(cafeEndingText('dominance', ['Cleo'], [])).toBe('Cleo is the last one standing');
    expect(cafeEndingText('dominance', [], [])).toBe('no survivor: everyone was eliminated');
  });

  test('from a finished state', () => {
    let state = cafeGame.setup(cafeGame.configSchema.parse({ rounds: 1 }), 3, ['Ada', 'Bram']);
    expect(cafeNarration.ending(state)).toBeNull();
    state = cafeGame.apply(state, { decisions: { Ada: { response: 'a' }, Bram: { response: 'b' } } }).state;
    expect(cafeNarration.ending(state)).toBe('cooperative win: both survived');
  });
});
