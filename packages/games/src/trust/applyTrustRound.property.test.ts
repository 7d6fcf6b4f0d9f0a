import { expect, test } from 'bun:test';
import fc from 'fast-check';
import type { GameEvent, PlayerId } from '../engine/types.ts';
import { SPAWN_SATS, trustConfigSchema } from './trustConfig.ts';
import { TRUST_ACTIONS } from './trustDecision.ts';
import { trustGame } from './trustGame.ts';
import type { SeenAct, SeenShock, TrustState } from './trustTypes.ts';

/**
 * Trust's `apply` over random decisions for whole matches (issue 13): legal
 * moves, illegal ones (self, dead or unknown targets, bad amounts), malformed
 * values and missing answers, with random observer answers and house rules.
 * It never throws, and every unit's sats change only by the payoff table
 * (recomputed here from the round's public acts), the beg it was granted,
 * replication's cost and the round's shock.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

const config = fc
  .record({
    maxRounds: fc.integer({ min: 1, max: 14 }),
    startSats: fc.integer({ min: 1, max: 60 }),
    missChance: fc.constantFrom(0, 0.15, 0.5, 1),
    noise: fc.constantFrom(0, 0.1, 0.5),
    replicate: fc.constantFrom('win', 'spawn'),
    replicateAt: fc.integer({ min: 1, max: 80 }),
    replicateCost: fc.integer({ min: 0, max: 60 }),
    begMax: fc.integer({ min: 1, max: 30 }),
    observer: fc.constantFrom('decline', 'grant', 'wary'),
    shocks: fc.record({ chance: fc.constantFrom(0, 0.3, 1), size: fc.integer({ min: 1, max: 6 }), synergy: fc.integer({ min: 0, max: 4 }), streak: fc.integer({ min: 1, max: 3 }) }),
  })
  .map((c) => trustConfigSchema.parse(c));

const made = new Map<string, fc.Arbitrary<unknown>>();
/** One unit's decision: mostly a move by the rules (some of them illegal now), sometimes garbage or nothing; made once per unit and table. */
function decision(me: PlayerId, ids: PlayerId[]): fc.Arbitrary<unknown> {
  const key = `${me}|${ids.join(',')}`;
  let arbitrary = made.get(key);
  if (!arbitrary) made.set(key, (arbitrary = makeDecision(me, ids)));
  return arbitrary;
}

function makeDecision(me: PlayerId, ids: PlayerId[]): fc.Arbitrary<unknown> {
  const target = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom(me, 'ghost', '', '__proto__', 'constructor') });
  const move = fc.oneof(
    fc.record({ action: fc.constantFrom('HIGH_FIVE', 'ATTACK'), target }),
    fc.record({ action: fc.constantFrom('HIGH_FIVE', 'ATTACK') }),
    fc.record({ action: fc.constantFrom('BLOCK', 'DO_NOTHING', 'REPLICATE') }),
    fc.record({ action: fc.constant('BEG'), amount: fc.oneof(fc.integer({ min: -2, max: 35 }), fc.double()), reason: fc.oneof(fc.string({ maxLength: 12 }), fc.constant('need it')) }),
  );
  return fc.oneof(
    { weight: 12, arbitrary: move },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.record({ action: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...TRUST_ACTIONS).map((a) => a.toLowerCase())), target: fc.anything({ maxDepth: 1 }) }) },
  );
}

const observers = new Map<string, fc.Arbitrary<unknown>>();
const observerAnswers = (ids: PlayerId[]) => {
  const key = ids.join(',');
  let arbitrary = observers.get(key);
  if (!arbitrary) observers.set(key, (arbitrary = makeObserverAnswers(ids)));
  return arbitrary;
};
const makeObserverAnswers = (ids: PlayerId[]) =>
  fc.oneof(fc.constant(undefined), fc.dictionary(fc.constantFrom(...ids, 'ghost'), fc.oneof(fc.record({ amount: fc.integer({ min: -5, max: 40 }), reason: fc.string({ maxLength: 8 }) }), fc.anything({ maxDepth: 1 })), { maxKeys: 3 }), fc.anything({ maxDepth: 1 }));

/** The round's change of each living unit's sats, from the public acts and the private beg answers alone. */
function expectedDeltas(before: TrustState, after: TrustState, events: GameEvent[]): Map<PlayerId, number> {
  const round = events.find((e) => e.type === 'round')!.data as { acts: Record<PlayerId, SeenAct>; shock?: SeenShock };
  const granted = new Map(events.filter((e) => e.type === 'beg_answer').map((e) => [String(e.data!.player), Number(e.data!.granted)]));
  const acts = new Map(Object.entries(round.acts));
  const out = new Map<PlayerId, number>();
  for (const unit of before.units.filter((u) => u.alive)) {
    const act = acts.get(unit.id)!;
    let delta = 0;
    switch (act.action) {
      case 'HIGH_FIVE': {
        const other = acts.get(act.target!)!;
        delta += other.action === 'HIGH_FIVE' && other.target === unit.id ? 3 : -2;
        break;
      }
      case 'ATTACK':
        delta += acts.get(act.target!)!.action === 'BLOCK' ? -3 : 4;
        break;
      case 'BLOCK':
        delta -= 1;
        break;
      case 'DO_NOTHING':
        if (after.units.find((u) => u.id === unit.id)!.idle >= 3) delta -= 3;
        break;
      case 'BEG':
        delta += granted.get(unit.id)! - 1;
        break;
      case 'REPLICATE':
        delta -= before.config.replicateCost;
        break;
    }
    for (const [id, other] of acts) if (id !== unit.id && other.action === 'ATTACK' && other.target === unit.id) delta += act.action === 'BLOCK' ? 2 : -4;
    if (round.shock) delta += round.shock.delta + (round.shock.synergy.includes(unit.id) ? before.config.shocks.synergy : 0);
    out.set(unit.id, delta);
  }
  return out;
}

function checkRound(before: TrustState, after: TrustState, events: GameEvent[]): void {
  const deltas = expectedDeltas(before, after, events);
  for (const unit of before.units) {
    const now = after.units.find((u) => u.id === unit.id)!;
    if (!unit.alive) {
      expect(now).toEqual(unit);
      continue;
    }
    expect(now.sats).toBe(unit.sats + deltas.get(unit.id)!);
    const replicatedToWin = after.config.replicate === 'win' && after.result.kind === 'replicate' && after.result.winners.includes(unit.team);
    if (!replicatedToWin) expect(now.alive).toBe(now.sats > 0);
  }
  for (const child of after.units.slice(before.units.length)) {
    expect(child).toMatchObject({ sats: SPAWN_SATS, alive: true });
    expect(child.id.startsWith(`${child.team}#`)).toBe(true);
  }
  for (const e of events) if (e.to) for (const id of e.to) expect(after.units.some((u) => u.id === id)).toBe(true);
}

test('Trust: random matches of legal, illegal, malformed and missing decisions never throw, and sats follow the payoff table, begs and replication', () => {
  const players = fc.integer({ min: 2, max: 6 }).map((n) => Array.from({ length: n }, (_, i) => `p${i}`));
  fc.assert(
    fc.property(config, players, fc.integer(), fc.gen(), (cfg, ids, seed, g) => {
      let state = trustGame.setup(cfg, seed, ids) as TrustState;
      while (!trustGame.outcome(state).over) {
        const actors = trustGame.actors(state);
        const decisions: Record<PlayerId, unknown> = {};
        for (const id of actors) {
          const d = g(() => decision(id, actors));
          if (d !== undefined) decisions[id] = d;
        }
        const observer = g(() => observerAnswers(actors));
        const { state: next, events } = trustGame.apply(state, { decisions, external: observer === undefined ? undefined : { observer } });
        checkRound(state, next as TrustState, events);
        for (const id of trustGame.actors(next)) trustGame.view(next, id);
        state = next as TrustState;
      }
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
    }),
    { seed: SEED, numRuns: 2000, endOnFailure: true },
  );
}, 60_000);
