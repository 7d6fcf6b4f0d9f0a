import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { decideWithRepair, type Repair } from './decideWithRepair.ts';

const cafe = games.cafe!;
const state = Match.create(cafe, cafe.configSchema.parse({}), 1, ['ann', 'bob', 'cat', 'dan']).state;

/** A seat that answers these texts in turn, and what it was told on the repair. */
function answering(...texts: string[]) {
  const repairs: Array<Repair | null> = [];
  return { repairs, ask: async (repair: Repair | null) => (repairs.push(repair), { text: texts[repairs.length - 1] ?? null, error: 'no answer' }) };
}

test('an answer the game would take but its schema refuses gets a repair turn saying which key is unknown and which field is missing', async () => {
  const seat = answering('{"action":"FLY_TO_THE_MOON"}', '{"market":[],"response":"Two ducks."}');
  const { decision, trace, missing } = await decideWithRepair(cafe, state, 'ann', 'model', seat.ask, true);
  expect(seat.repairs[1]!.previous).toBe('{"action":"FLY_TO_THE_MOON"}');
  expect(seat.repairs[1]!.error).toStartWith('unknown key "action" (a decision takes market, response); "market" is missing; "response" is missing. Allowed now:');
  expect({ decision, outcome: trace.outcome, missing }).toEqual({ decision: { market: [], response: 'Two ducks.' }, outcome: 'repaired', missing: undefined });
});

test('refused by the schema twice, the seat has no decision: the game is never handed it, and why is said', async () => {
  const { decision, trace, missing } = await decideWithRepair(cafe, state, 'ann', 'model', answering('{"action":"FLY_TO_THE_MOON"}', '{"response":"Two ducks."}').ask, true);
  expect(decision).toBeUndefined();
  expect(trace.outcome).toBe('fallback');
  expect(trace.errors.map((e) => e.slice(0, e.indexOf('. Allowed now:')))).toEqual(['unknown key "action" (a decision takes market, response); "market" is missing; "response" is missing', '"market" is missing']);
  expect(missing).toStartWith('its answer was refused ("market" is missing. Allowed now:');
  const silent = await decideWithRepair(cafe, state, 'ann', 'model', answering('{"action":"FLY_TO_THE_MOON"}').ask, true);
  expect(silent.decision).toBeUndefined();
  expect(silent.missing).toStartWith('its answer was refused (unknown key "action"');
});

test("what the game refuses itself still reaches it, so it says why as it plays the fallback; with no answer at all the seat says so; a lenient match takes what the game takes", async () => {
  const bad = await decideWithRepair(cafe, state, 'ann', 'model', answering('{"market":[{"type":"donate","to":"bob","amount":0}],"response":"x"}', '{"market":"none","response":"x"}').ask, true);
  expect(bad).toMatchObject({ decision: { market: 'none', response: 'x' }, trace: { outcome: 'fallback' } });
  expect(bad.missing).toBeUndefined();
  expect(await decideWithRepair(cafe, state, 'ann', 'model', answering().ask, true)).toMatchObject({ decision: undefined, missing: 'no answer (no answer)' });
  expect(await decideWithRepair(cafe, state, 'ann', 'model', answering('{"action":"FLY_TO_THE_MOON"}').ask, false)).toMatchObject({ decision: { action: 'FLY_TO_THE_MOON' }, trace: { outcome: 'valid' } });
});
