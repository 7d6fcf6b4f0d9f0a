import { expect, test } from 'bun:test';
import fc from 'fast-check';
import type { PlayerId } from '../engine/types.ts';
import { goldmineConfigSchema } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';
import type { GoldmineState, RoundLedger } from './goldmineTypes.ts';

/**
 * Gold mining's `apply` over random decisions for whole matches (issue 13):
 * action lists and category forms with plots on and off the map, too many
 * actions for the stamina, odd k, talk, malformed and missing answers, under
 * random treatments. It never throws; every plot has at most one owner, no
 * player spends more than its stamina S, output never exceeds
 * plots x cap x alpha, and gold changes only by what was mined less fines.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

const config = fc
  .record({
    size: fc.integer({ min: 2, max: 6 }),
    rounds: fc.integer({ min: 1, max: 12 }),
    stamina: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant('4/9')),
    cap: fc.integer({ min: 1, max: 5 }),
    alpha: fc.constantFrom(0.5, 1, 3),
    plotAlpha: fc.constantFrom('uniform', 'gradient', 'random'),
    truce: fc.integer({ min: 0, max: 3 }),
    defense: fc.constantFrom('all', 'perRaid'),
    history: fc.constantFrom('last', 'k5', 'full'),
    talk: fc.boolean(),
    authority: fc.constantFrom(0, 2),
  })
  .map((c) => goldmineConfigSchema.parse(c));

const decisions = new Map<number, fc.Arbitrary<unknown>>();
/** One seat's answer for a map of `plots` plots (made once per map size: building arbitraries is the costly part). */
function decision(plots: number): fc.Arbitrary<unknown> {
  let made = decisions.get(plots);
  if (!made) decisions.set(plots, (made = makeDecision(plots)));
  return made;
}

function makeDecision(plots: number): fc.Arbitrary<unknown> {
  const plot = fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 0, max: plots - 1 }) }, { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -3, max: plots + 3 }), fc.double(), fc.constantFrom('1', null, 1e20)) });
  const action = fc.oneof(
    fc.record({ type: fc.constantFrom('claim', 'raid', 'defend'), plot }),
    fc.record({ type: fc.constant('mine'), plot, k: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 10 }) }, { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant('3')) }) }),
    fc.anything({ maxDepth: 1 }),
  );
  const talk = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 30 }), fc.constant('x'.repeat(300)), fc.integer());
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ actions: fc.array(action, { maxLength: 14 }), talk }, { requiredKeys: ['actions'] }) },
    { weight: 2, arbitrary: fc.record({ mine: fc.array(fc.record({ plot, k: fc.integer({ min: 0, max: 6 }) }), { maxLength: 4 }), claim: fc.array(plot, { maxLength: 4 }), raid: fc.array(plot, { maxLength: 3 }), defend: fc.oneof(fc.array(plot, { maxLength: 3 }), fc.string()) }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
}

function checkRound(before: GoldmineState, after: GoldmineState, ledger: RoundLedger): void {
  const { size, cap, alpha } = after.config;
  const plots = size * size;
  const n = after.players.length;
  expect(after.owner).toHaveLength(plots);
  for (const o of after.owner) expect(Number.isInteger(o) && o >= -1 && o < n).toBe(true);
  let outputCap = 0;
  for (let p = 0; p < plots; p++) outputCap += cap * (after.alphaOf ? after.alphaOf[p]! : alpha);
  expect(ledger.output).toBeLessThanOrEqual(outputCap + 1e-9);
  for (let i = 0; i < n; i++) {
    const s = ledger.spent[i]!;
    expect(s.claim + s.raid + s.defend + s.mine).toBeLessThanOrEqual(after.staminaOf[i]!);
    expect(ledger.gained[i]!).toBeGreaterThanOrEqual(0);
    expect(after.gold[i]!).toBeCloseTo(before.gold[i]! + ledger.gained[i]! - (ledger.fined?.[i] ?? 0), 9);
    expect(after.gold[i]!).toBeGreaterThanOrEqual(0);
  }
}

test('Gold mining: random matches never throw; one owner per plot, stamina spent <= S, output <= plots x cap x alpha', () => {
  const players = fc.integer({ min: 2, max: 8 }).map((n) => Array.from({ length: n }, (_, i) => `m${i}`));
  fc.assert(
    fc.property(config, players, fc.integer(), fc.gen(), (cfg, ids, seed, g) => {
      let state = goldmineGame.setup(cfg, seed, ids) as GoldmineState;
      const plots = cfg.size * cfg.size;
      while (!goldmineGame.outcome(state).over) {
        const decisions: Record<PlayerId, unknown> = {};
        for (const id of goldmineGame.actors(state)) {
          const d = g(() => decision(plots));
          if (d !== undefined) decisions[id] = d;
        }
        const { state: next, events } = goldmineGame.apply(state, { decisions });
        checkRound(state, next as GoldmineState, events.find((e) => e.type === 'ledger')!.data as unknown as RoundLedger);
        for (const id of ids) goldmineGame.view(next, id);
        state = next as GoldmineState;
      }
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
    }),
    { seed: SEED, numRuns: 1500, endOnFailure: true },
  );
}, 60_000);
