import { describe, expect, test } from 'bun:test';
import { applyCafeRound } from './applyCafeRound.ts';
import { bankTotal, expectedBankChange, newCafe, playRound, refusals, seatOf } from './cafeTestKit.ts';

describe('a round in RULES order', () => {
  test('round 1: interest, +500 and +1 to the best, -1 to the worst, +100 survival and +300 group to all', () => {
    const { state, events } = playRound(newCafe(), {}, { best: 'ann', worst: 'dan' });
    expect(state.table.map((p) => [p.id, p.cents, p.level])).toEqual([
      ['ann', 195_000, 1],
      ['bob', 145_000, 0],
      ['cat', 145_000, 0],
      ['dan', 145_000, -1],
    ]);
    expect(state.round).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['interest', 'challenge', 'responses', 'verdict', 'bonuses', 'standings']);
    expect(events.find((e) => e.type === 'verdict')!.data).toMatchObject({ best: 'ann', worst: 'dan', by: 'external' });
  });

  test('interest compounds on the bank and rounds halves up', () => {
    const s = newCafe(['ann', 'bob'], { bestAward: 0, survivalBonus: 0, groupBonus: 0 });
    seatOf(s, 'ann').cents = 1_010;
    const { events } = playRound(s, {}, { best: 'ann', worst: 'bob' });
    expect(events[0]!.data).toEqual({ rate: 0.05, paid: { ann: 0.51, bob: 50 } });
  });

  test('the best is capped at +3; the worst at -5 falls to -6, gets both bonuses first (RULES C-a), then is eliminated', () => {
    const s = newCafe();
    seatOf(s, 'ann').level = 3;
    seatOf(s, 'dan').level = -5;
    const { state, events } = playRound(s, {}, { best: 'ann', worst: 'dan' });
    expect(seatOf(state, 'ann').level).toBe(3);
    expect(seatOf(state, 'dan')).toEqual({ id: 'dan', level: -6, cents: 145_000, alive: false });
    expect(events.find((e) => e.type === 'bonuses')!.data).toEqual({ survival: 100, group: 300, to: ['ann', 'bob', 'cat', 'dan'] });
    expect(events.find((e) => e.type === 'eliminated')!.data).toEqual({ player: 'dan', tokens: 1450 });
  });

  test('a player eliminated in an earlier round denies the group bonus; the living still get +100', () => {
    const s = newCafe();
    Object.assign(seatOf(s, 'dan'), { alive: false, level: -6 });
    const { events } = playRound(s, {}, { best: 'ann', worst: 'bob' });
    expect(events.find((e) => e.type === 'bonuses')!.data).toEqual({ survival: 100, group: 0, to: ['ann', 'bob', 'cat'] });
  });

  test('an eliminated bank is frozen: no interest, no bonus, and it is not judged', () => {
    const s = newCafe();
    Object.assign(seatOf(s, 'dan'), { alive: false, level: -6, cents: 40_000 });
    const { state, events } = playRound(s, {}, { best: 'ann', worst: 'bob' });
    expect(seatOf(state, 'dan').cents).toBe(40_000);
    expect(Object.keys(events[0]!.data!.paid as object)).toEqual(['ann', 'bob', 'cat']);
  });

  test('a non-responder is the worst; the stand-in judge decides without a verdict', () => {
    const { events } = playRound(newCafe(), { cat: { market: [], response: '   ' } });
    expect(events.find((e) => e.type === 'verdict')!.data).toMatchObject({ worst: 'cat', by: 'stand-in' });
  });

  test('a House verdict naming a responder worst while someone was silent is overruled', () => {
    const { events } = playRound(newCafe(), { cat: { market: [] } }, { best: 'ann', worst: 'bob' });
    expect(events.find((e) => e.type === 'judge_overruled')!.data!.why).toBe("a player without an answer must be the worst, not 'bob'");
    expect(events.find((e) => e.type === 'verdict')!.data).toMatchObject({ worst: 'cat', by: 'stand-in' });
  });

  test('a House verdict naming one player twice or an outsider is overruled', () => {
    expect(playRound(newCafe(), {}, { best: 'ann', worst: 'ann' }).events.find((e) => e.type === 'judge_overruled')!.data!.why).toBe('best and worst must be different players');
    expect(playRound(newCafe(), {}, { best: 'zed', worst: 'ann' }).events.find((e) => e.type === 'judge_overruled')).toBeDefined();
  });

  test('a House-written challenge replaces the bank one for the round', () => {
    const { state, events } = applyCafeRound(newCafe(), { decisions: {}, external: { challenge: { prompt: 'Name a better café.', keywords: ['café'] } } });
    expect(events.find((e) => e.type === 'challenge')!.data).toEqual({ id: 'house-1', prompt: 'Name a better café.', keywords: ['café'] });
    expect(state.last!.challenge.keywords).toEqual(['café']);
  });

  test('a House challenge without keywords takes the prompt’s content words; a bad one is refused and the bank’s stays', () => {
    const s = newCafe();
    const own = applyCafeRound(s, { decisions: {}, external: { challenge: { id: 'haiku', prompt: 'Write a haiku about the espresso machine and its steam.' } } });
    expect(own.state.last!.challenge).toEqual({ id: 'haiku', prompt: 'Write a haiku about the espresso machine and its steam.', keywords: ['haiku', 'espresso', 'machine', 'steam'] });
    const bad = applyCafeRound(s, { decisions: {}, external: { challenge: { prompt: '', keywords: 'x' } } });
    expect(bad.events.find((e) => e.type === 'challenge_refused')!.data).toEqual({
      why: 'bad challenge: prompt: a challenge needs a prompt; keywords: Invalid input: expected array, received string',
      kept: s.challenge.id,
    });
    expect(bad.state.last!.challenge).toEqual(s.challenge);
  });
});

describe('the market', () => {
  test('a donation moves tokens between banks and is public', () => {
    const { state, events } = playRound(newCafe(), { ann: { market: [{ type: 'donate', to: 'bob', amount: 200.5 }], response: 'x' } }, { best: 'cat', worst: 'dan' });
    expect(seatOf(state, 'ann').cents).toBe(105_000 - 20_050 + 40_000);
    expect(seatOf(state, 'bob').cents).toBe(105_000 + 20_050 + 40_000);
    expect(events.find((e) => e.type === 'donation')).toEqual({ type: 'donation', data: { from: 'ann', to: 'bob', amount: 200.5 } });
  });

  test('donations land before rescues, so three gifts fund a rescue in the same round (spec Scenario 2)', () => {
    const s = newCafe();
    Object.assign(seatOf(s, 'dan'), { level: -2, cents: 50_000 });
    const gift = { market: [{ type: 'donate', to: 'dan', amount: 200 }], response: 'x' };
    const { state } = playRound(s, { ann: gift, bob: gift, cat: gift, dan: { market: [{ type: 'rescue' }], response: 'x' } }, { best: 'ann', worst: 'bob' });
    expect(seatOf(state, 'dan').level).toBe(0);
    expect(seatOf(state, 'dan').cents).toBe(52_500 + 60_000 - 100_000 + 40_000);
  });

  test('a loan: offered in round 1, refused in round 1, accepted in round 2, repaid with interest at round 2 + 3', () => {
    let s = newCafe();
    let step = playRound(s, { ann: { market: [{ type: 'offer_loan', to: 'bob', amount: 1000, rate: 0.2, duration: 3 }], response: 'x' }, bob: { market: [{ type: 'accept_loan', from: 'ann' }], response: 'x' } }, { best: 'cat', worst: 'dan' });
    expect(refusals(step.events, 'bob')).toEqual(["the offer from 'ann' is made this round; it can be accepted from round 2"]);
    expect(step.state.offers).toEqual([{ lender: 'ann', borrower: 'bob', cents: 100_000, rate: 0.2, duration: 3, made: 1 }]);
    s = step.state;
    step = playRound(s, { bob: { market: [{ type: 'accept_loan', from: 'ann' }], response: 'x' } }, { best: 'cat', worst: 'dan' });
    expect(step.events.find((e) => e.type === 'loan_accepted')!.data).toEqual({ loan: 1, lender: 'ann', borrower: 'bob', amount: 1000, rate: 0.2, owed: 1200, dueRound: 5 });
    s = step.state;
    for (const r of [3, 4]) {
      step = playRound(s, {}, { best: 'cat', worst: 'dan' });
      expect(step.events.some((e) => e.type.startsWith('loan_'))).toBe(false);
      s = step.state;
    }
    const bobBefore = seatOf(s, 'bob').cents;
    const annBefore = seatOf(s, 'ann').cents;
    step = playRound(s, {}, { best: 'cat', worst: 'dan' });
    expect(step.events[1]).toEqual({ type: 'loan_repaid', data: { loan: 1, lender: 'ann', borrower: 'bob', principal: 1000, rate: 0.2, owed: 1200 } });
    expect(seatOf(step.state, 'bob').cents).toBe(Math.round(bobBefore * 1.05) - 120_000 + 40_000);
    expect(seatOf(step.state, 'ann').cents).toBe(Math.round(annBefore * 1.05) + 120_000 + 40_000);
    expect(step.state.loans).toEqual([]);
  });

  test('a borrower who cannot pay defaults: debt forgiven, nothing paid, published', () => {
    const s = newCafe();
    s.loans.push({ id: 1, lender: 'ann', borrower: 'bob', principalCents: 100_000, rate: 0.3, dueCents: 130_000, accepted: 1, dueRound: 1 });
    seatOf(s, 'bob').cents = 50_000;
    const { state, events } = playRound(s, {}, { best: 'cat', worst: 'dan' });
    expect(events[1]).toEqual({ type: 'loan_defaulted', data: { loan: 1, lender: 'ann', borrower: 'bob', principal: 1000, rate: 0.3, owed: 1300, why: 'cannot pay' } });
    expect(seatOf(state, 'bob').cents).toBe(52_500 + 40_000);
    expect(state.loans).toEqual([]);
  });

  test('resurrection: 2,000 tokens bring an eliminated player back at -2 with its frozen bank', () => {
    const s = newCafe();
    Object.assign(seatOf(s, 'dan'), { alive: false, level: -6, cents: 12_345 });
    const { state, events } = playRound(s, { ann: { market: [{ type: 'resurrect', target: 'dan' }], response: 'x' } });
    expect(refusals(events, 'ann')).toEqual(['a resurrection costs 2,000 tokens and you have 1,050']);
    seatOf(s, 'ann').cents = 300_000;
    const back = playRound(s, { ann: { market: [{ type: 'resurrect', target: 'dan' }], response: 'x' } }, { best: 'bob', worst: 'cat' });
    expect(seatOf(back.state, 'dan')).toEqual({ id: 'dan', level: -2, cents: 12_345 + 10_000 + 30_000, alive: true });
    expect(back.events.find((e) => e.type === 'resurrection')!.data).toEqual({ by: 'ann', target: 'dan', cost: 2000, level: -2, tokens: 123.45 });
    expect(back.events.find((e) => e.type === 'bonuses')!.data!.group).toBe(300);
  });
});

describe('bad input is refused with the reason, and the rest still applies', () => {
  test('each bad move gets its own message; the good donation still goes through', () => {
    const s = newCafe();
    seatOf(s, 'dan').level = -2;
    const market = [
      { type: 'donate', to: 'bob', amount: -5 },
      { type: 'donate', to: 'bob', amount: '50' },
      { type: 'offer_loan', to: 'bob', amount: 100, rate: -0.5, duration: 2 },
      { type: 'offer_loan', to: 'bob', amount: 100, rate: 0.1, duration: 0 },
      { type: 'offer_loan', to: 'ann', amount: 100, rate: 0.1, duration: 2 },
      { type: 'accept_loan', from: 'cat' },
      { type: 'rescue' },
      { type: 'rescue' },
      { type: 'resurrect', target: 'bob' },
      { type: 'donate', to: 'cat', amount: 10 },
      { type: 'teleport' },
    ];
    const { state, events } = playRound(s, { ann: { market, response: 'x' } }, { best: 'bob', worst: 'dan' });
    const problems = events.filter((e) => e.to?.includes('ann')).map((e) => String(e.data!.why));
    expect(problems).toEqual([
      'market move 1 (donate) refused: amount: amount must be more than 0 tokens',
      'market move 2 (donate) refused: amount: amount must be a number of tokens',
      'market move 3 (offer_loan) refused: rate: rate must be 0 or more',
      'market move 4 (offer_loan) refused: duration: duration must be at least 1 round',
      expect.stringContaining('market move 11 (teleport) refused'),
      "'cat' has no open loan offer to you",
      'a rescue costs 1,000 tokens and you have 40',
      "'bob' is alive; only an eliminated player can be resurrected",
      'you cannot lend to yourself',
    ]);
    expect(state.notices.ann).toHaveLength(9);
    expect(events.filter((e) => e.type === 'rescue')).toHaveLength(1);
    expect(events.find((e) => e.type === 'donation')!.data).toEqual({ from: 'ann', to: 'cat', amount: 10 });
    expect(seatOf(state, 'ann')).toMatchObject({ level: 2, cents: 105_000 - 1_000 - 100_000 + 40_000 });
  });

  test('a missing decision and a malformed one: no moves, no response, the worst', () => {
    const { events } = playRound(newCafe(), { bob: 'rescue me', cat: undefined, dan: { market: 'all', response: 42 } }, { best: 'ann', worst: 'bob' });
    expect(events.filter((e) => e.type === 'decision_problem').map((e) => [e.to, e.data!.why])).toEqual([
      [['bob'], 'the decision must be an object {"market": [...], "response": "text"}: no market moves, no response'],
      [['cat'], 'no decision arrived: no market moves, no response'],
      [['dan'], '"market" must be a list of moves: none applied'],
      [['dan'], '"response" must be text: counted as no response'],
    ]);
    expect(events.find((e) => e.type === 'judge_overruled')).toBeUndefined();
  });

  test('an offer is taken once: a second acceptance finds nothing', () => {
    const s = newCafe();
    s.offers.push({ lender: 'ann', borrower: 'bob', cents: 50_000, rate: 0, duration: 2, made: 0 });
    const { state, events } = playRound(s, { bob: { market: [{ type: 'accept_loan', from: 'ann' }, { type: 'accept_loan', from: 'ann' }], response: 'x' } }, { best: 'cat', worst: 'dan' });
    expect(events.filter((e) => e.type === 'loan_accepted')).toHaveLength(1);
    expect(refusals(events, 'bob')).toEqual(["'ann' has no open loan offer to you"]);
    expect(state.loans).toHaveLength(1);
  });

  test('two resurrections of the same player: the second is refused, paid once', () => {
    const s = newCafe();
    Object.assign(seatOf(s, 'dan'), { alive: false, level: -6 });
    for (const id of ['ann', 'bob']) seatOf(s, id).cents = 500_000;
    const res = { market: [{ type: 'resurrect', target: 'dan' }], response: 'x' };
    const { state, events } = playRound(s, { ann: res, bob: res }, { best: 'ann', worst: 'cat' });
    expect(events.filter((e) => e.type === 'resurrection')).toHaveLength(1);
    expect(refusals(events, 'bob')).toEqual(["'dan' is alive; only an eliminated player can be resurrected"]);
    expect(seatOf(state, 'bob').cents).toBe(525_000 + 40_000);
  });

  test('the sum of all banks changes only by interest, awards, bonuses and rescue/resurrection costs', () => {
    let s = newCafe(['ann', 'bob', 'cat', 'dan', 'eve']);
    const menus: unknown[][] = [
      [{ type: 'donate', to: 'bob', amount: 333.33 }, { type: 'offer_loan', to: 'cat', amount: 700, rate: 0.25, duration: 2 }],
      [{ type: 'accept_loan', from: 'ann' }, { type: 'rescue' }, { type: 'donate', to: 'eve', amount: 1e9 }],
      [{ type: 'accept_loan', from: 'ann' }, { type: 'offer_loan', to: 'dan', amount: 2000, rate: 0.5, duration: 1 }, { type: 'resurrect', target: 'eve' }],
      [{ type: 'accept_loan', from: 'cat' }, { type: 'donate', to: 'ann', amount: 0.01 }, { type: 'withdraw_offer', to: 'bob' }],
      [{ type: 'rescue' }, { type: 'resurrect', target: 'dan' }, { type: 'donate', to: 'cat', amount: -1 }],
    ];
    const ids = ['ann', 'bob', 'cat', 'dan', 'eve'];
    for (let r = 0; r < 20 && !s.result.over; r++) {
      const decisions = Object.fromEntries(ids.map((id, i) => [id, { market: menus[(i + r) % menus.length], response: r % 3 === i % 3 ? '' : 'café plan: 3 steps' }]));
      const before = bankTotal(s);
      const step = applyCafeRound(s, { decisions, external: { judge: { best: ids[r % 5]!, worst: ids[(r + 2) % 5]! } } });
      expect(bankTotal(step.state) - before).toBe(expectedBankChange(step.events));
      expect(step.state.table.every((p) => Number.isInteger(p.cents) && p.cents >= 0)).toBe(true);
      s = step.state;
    }
  });
});

describe('endings', () => {
  test('all alive after the last round: a cooperative win for all', () => {
    let s = newCafe(['ann', 'bob'], { rounds: 2 });
    s = playRound(s, {}, { best: 'ann', worst: 'bob' }).state;
    const { state, events } = playRound(s, {}, { best: 'ann', worst: 'bob' });
    expect(state.result).toEqual({ over: true, winners: ['ann', 'bob'], kind: 'cooperative' });
    expect(state.round).toBe(2);
    expect(events.at(-1)).toEqual({ type: 'match_over', data: { kind: 'cooperative', winners: ['ann', 'bob'] } });
  });

  test('a last survivor: a dominance win', () => {
    const s = newCafe(['ann', 'bob']);
    seatOf(s, 'bob').level = -5;
    expect(playRound(s, {}, { best: 'ann', worst: 'bob' }).state.result).toEqual({ over: true, winners: ['ann'], kind: 'dominance' });
  });

  test('otherwise the survivors are ranked by tokens', () => {
    const s = newCafe(['ann', 'bob', 'cat'], { rounds: 1 });
    seatOf(s, 'cat').level = -5;
    seatOf(s, 'bob').cents = 900_000;
    const { state, events } = playRound(s, {}, { best: 'ann', worst: 'cat' });
    expect(state.result).toEqual({ over: true, winners: ['bob'], kind: 'ranked' });
    expect(events.at(-1)!.data).toEqual({
      kind: 'ranked',
      winners: ['bob'],
      ranking: [
        { player: 'bob', tokens: 9850, level: 0 },
        { player: 'ann', tokens: 1950, level: 1 },
      ],
    });
  });
});
