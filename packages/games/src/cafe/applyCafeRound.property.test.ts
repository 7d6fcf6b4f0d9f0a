import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { brainContext } from '../engine/runner.ts';
import type { GameEvent, PlayerId } from '../engine/types.ts';
import { cafeConfigSchema } from './cafeConfig.ts';
import { cafeGame } from './cafeGame.ts';
import { bankTotal, expectedBankChange } from './cafeTestKit.ts';
import type { CafeState } from './cafeTypes.ts';

/**
 * Café's `apply` over random decisions for whole matches (issue 13): the
 * archetypes' own moves with random market moves mixed in (unknown, own and
 * reserved ids, negative, fractional, huge and non-numeric amounts, bad rates
 * and durations), malformed answers, missing ones, and random or garbage
 * verdicts. It never throws; tokens are conserved by donations, loans and
 * repayments, so the banks' total changes only by interest, the best's award
 * and the bonuses (less what rescues and resurrections cost); every bank stays
 * a whole, non-negative number of cents.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;
const ARCHETYPES = Object.keys(cafeGame.strategies);

const config = fc
  .record({
    rounds: fc.integer({ min: 1, max: 8 }),
    startTokens: fc.constantFrom(0, 100, 1000, 3000),
    interestRate: fc.constantFrom(0, 0.05, 0.5, 1),
    bestAward: fc.constantFrom(0, 500),
    survivalBonus: fc.constantFrom(0, 100),
    groupBonus: fc.constantFrom(0, 300),
    rescueCost: fc.constantFrom(1, 500, 1000),
    resurrectCost: fc.constantFrom(1, 2000),
  })
  .map((c) => cafeConfigSchema.parse(c));

function marketMove(me: PlayerId, ids: PlayerId[]): fc.Arbitrary<unknown> {
  const who = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom(me, 'ghost', '', '__proto__', 'constructor') }, { weight: 1, arbitrary: fc.anything({ maxDepth: 0 }) });
  const amount = fc.oneof(fc.integer({ min: -10, max: 5000 }), fc.double({ min: -1e3, max: 1e6 }), fc.constantFrom(0.001, 0.005, 12.345, 1e9, 1e300, '50', null, NaN));
  return fc.oneof(
    fc.record({ type: fc.constant('donate'), to: who, amount }),
    fc.record({ type: fc.constant('offer_loan'), to: who, amount, rate: fc.oneof(fc.double({ min: -1, max: 3 }), fc.constantFrom(0, 0.05, '0.2')), duration: fc.oneof(fc.integer({ min: -1, max: 12 }), fc.double()) }),
    fc.record({ type: fc.constant('withdraw_offer'), to: who }),
    fc.record({ type: fc.constant('accept_loan'), from: who }),
    fc.constant({ type: 'rescue' }),
    fc.record({ type: fc.constant('resurrect'), target: who }),
    fc.anything({ maxDepth: 1 }),
  );
}

const shapes = new Map<string, { extra: fc.Arbitrary<unknown[]>; odd: fc.Arbitrary<unknown> }>();
/** The costly part of a seat's answer, made once per seat and table: random market moves, and whole odd answers. */
function shapesFor(me: PlayerId, ids: PlayerId[]) {
  const key = `${me}|${ids.join(',')}`;
  let made = shapes.get(key);
  if (!made) {
    made = {
      extra: fc.array(marketMove(me, ids), { maxLength: 4 }),
      odd: fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
        { weight: 1, arbitrary: fc.record({ market: fc.oneof(fc.string(), fc.array(marketMove(me, ids), { maxLength: 40 })), response: fc.oneof(fc.string(), fc.integer(), fc.constant('x'.repeat(9000))) }) },
      ),
    };
    shapes.set(key, made);
  }
  return made;
}

function decision(state: CafeState, me: PlayerId, ids: PlayerId[]): fc.Arbitrary<unknown> {
  const own = cafeGame.strategies[me.split('#')[0]!];
  const base = own ? own.decide(cafeGame.view(state, me), brainContext(state.seed, me, state.round, state.phase)) : { market: [], response: 'a plan' };
  const { extra, odd } = shapesFor(me, ids);
  return fc.oneof({ weight: 6, arbitrary: extra.map((moves) => ({ ...base, market: [...base.market, ...moves] })) }, { weight: 2, arbitrary: fc.constant(base) }, { weight: 3, arbitrary: odd });
}

const verdicts = new Map<string, fc.Arbitrary<unknown>>();
const verdict = (ids: PlayerId[]) => {
  const key = ids.join(',');
  let made = verdicts.get(key);
  if (!made) verdicts.set(key, (made = makeVerdict(ids)));
  return made;
};
const makeVerdict = (ids: PlayerId[]) =>
  fc.oneof(fc.constant(undefined), fc.record({ best: fc.constantFrom(...ids), worst: fc.constantFrom(...ids) }), fc.record({ best: fc.constantFrom(...ids, 'ghost'), worst: fc.anything({ maxDepth: 0 }) }), fc.anything({ maxDepth: 1 }));

function checkRound(before: CafeState, after: CafeState, events: GameEvent[]): void {
  expect(bankTotal(after) - bankTotal(before)).toBe(expectedBankChange(events));
  for (const p of after.table) {
    expect(Number.isSafeInteger(p.cents) && p.cents >= 0).toBe(true);
    if (p.alive) expect(p.level >= after.config.minLevel && p.level <= after.config.maxLevel).toBe(true);
  }
}

test('Café: random matches never throw; donations, loans and repayments conserve tokens; interest, awards and bonuses are the only sources', () => {
  const players = fc.integer({ min: 2, max: 8 }).chain((n) => fc.array(fc.constantFrom(...ARCHETYPES, 'chaos'), { minLength: n, maxLength: n })).map((kinds) => kinds.map((k, i) => `${k}#${i}`));
  fc.assert(
    fc.property(config, players, fc.integer(), fc.gen(), (cfg, ids, seed, g) => {
      let state = cafeGame.setup(cfg, seed, ids) as CafeState;
      while (!cafeGame.outcome(state).over) {
        const decisions: Record<PlayerId, unknown> = {};
        for (const id of cafeGame.actors(state)) {
          const d = g(() => decision(state, id, ids));
          if (d !== undefined) decisions[id] = d;
        }
        const judge = g(() => verdict(ids));
        const { state: next, events } = cafeGame.apply(state, { decisions, external: judge === undefined ? {} : { judge } });
        checkRound(state, next as CafeState, events);
        for (const id of ids) cafeGame.view(next, id);
        state = next as CafeState;
      }
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
    }),
    { seed: SEED, numRuns: 1000, endOnFailure: true },
  );
}, 60_000);

test('found by the property above: accepting a loan "from" constructor is refused, not a TypeError from Object’s own function', () => {
  let state = cafeGame.setup(cafeConfigSchema.parse({}), 5, ['ann', 'bob']) as CafeState;
  const step = cafeGame.apply(state, { decisions: { ann: { market: [{ type: 'accept_loan', from: 'constructor' }], response: 'x' }, bob: { market: [{ type: 'accept_loan', from: '__proto__' }], response: 'y' } } });
  state = step.state as CafeState;
  expect(step.events.filter((e) => e.type === 'move_refused').map((e) => e.data!.player)).toEqual(['ann', 'bob']);
});
