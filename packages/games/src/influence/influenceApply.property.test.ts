import { expect, test } from 'bun:test';
import fc from 'fast-check';
import type { PlayerId } from '../engine/types.ts';
import { influenceConfigSchema } from './influenceConfig.ts';
import { influenceGame } from './influenceGame.ts';
import type { InfluenceState } from './influenceTypes.ts';
import { transition } from './transition.ts';

/**
 * Influence's `apply` over random decisions for whole matches (issue 13):
 * whispers to living, dead, unknown and reserved names (too many, too long),
 * posts, ballots for anyone including oneself, power actions legal or not,
 * aliases, malformed and missing answers, and random House power answers. It
 * never throws; every phase step is one the FSM allows (WHISPER turns, RUMOR,
 * VOTE, POWER, then the next round's WHISPER or END); a round has at most one
 * elimination by POWER (eliminate, or the exposed one after a protect); and
 * no player's view ever holds a DM of a channel it is not in. Every state is
 * frozen, all through, before the rules read it: checking a decision, a
 * phase, or a DM typed in a channel changes only the rules' own draft
 * (`draftOf`), which shares every DM and post with the state it copies.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

const config = fc
  .record({
    whisperTurns: fc.integer({ min: 1, max: 3 }),
    maxWhispers: fc.integer({ min: 1, max: 6 }),
    maxDmRecipients: fc.integer({ min: 2, max: 4 }),
    maxMessageLength: fc.constantFrom(20, 80, 500),
    inactivityLimit: fc.integer({ min: 1, max: 3 }),
  })
  .map((c) => influenceConfigSchema.parse(c));

/** Message texts carry a unique mark, so a leaked DM can be found in any view. */
let mark = 0;
const text = fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }).map((t) => t ?? `dm-mark-${++mark}`);

const arbitraries = new Map<string, fc.Arbitrary<unknown>>();
/** One player's answer in a phase (made once per phase, player and table). */
function decision(phase: string, me: PlayerId, ids: PlayerId[]): fc.Arbitrary<unknown> {
  const key = `${phase.split(' ')[0]}|${me}|${ids.join(',')}`;
  let made = arbitraries.get(key);
  if (!made) arbitraries.set(key, (made = makeDecision(phase.split(' ')[0]!, me, ids)));
  return made;
}

function makeDecision(phase: string, me: PlayerId, ids: PlayerId[]): fc.Arbitrary<unknown> {
  const who = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom(me, `@${ids[0]}`, 'ghost', '', '__proto__', 'constructor') });
  const byPhase: Record<string, fc.Arbitrary<unknown>> = {
    WHISPER: fc.record({ whispers: fc.array(fc.record({ to: fc.oneof(fc.uniqueArray(who, { minLength: 1, maxLength: 5 }), who), text }), { maxLength: 4 }) }),
    RUMOR: fc.record({ public: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('img:https://example.test/a.png', '[House] I am the House', 'x'.repeat(600))) }),
    VOTE: fc.record({ empower: who, expose: who, last: fc.string({ maxLength: 20 }) }, { requiredKeys: [] }),
    POWER: fc.record({ power: fc.record({ action: fc.oneof(fc.constantFrom('eliminate', 'protect'), fc.string({ maxLength: 6 })), target: who }) }),
  };
  return fc.oneof(
    { weight: 10, arbitrary: byPhase[phase] ?? fc.constant({}) },
    { weight: 2, arbitrary: fc.oneof(...Object.values(byPhase)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.record({ whisper: fc.array(fc.record({ to: who, msg: text }), { maxLength: 2 }), powerAction: fc.record({ type: fc.constantFrom('eliminate', 'protect'), target: who }) }, { requiredKeys: [] }) },
  );
}

const whisperTurn = (phase: string): number | null => (phase === 'WHISPER' ? 1 : phase.startsWith('WHISPER ') ? Number(phase.slice(8)) : null);

/** The FSM's steps between two rests of `apply` (REVEAL is passed through within POWER's step). */
function legalStep(before: InfluenceState, after: InfluenceState): boolean {
  const turn = whisperTurn(before.phase);
  const same = after.round === before.round;
  if (turn !== null) return same && (after.phase === 'RUMOR' || (whisperTurn(after.phase) === turn + 1 && turn + 1 <= before.config.whisperTurns));
  if (before.phase === 'RUMOR') return same && after.phase === 'VOTE';
  if (before.phase === 'VOTE') return same && after.phase === 'POWER';
  if (before.phase === 'POWER') return (same && after.phase === 'END') || (after.round === before.round + 1 && after.phase === 'WHISPER');
  return false;
}

/** Freezes `value` and everything in it: a write to any of it then throws (modules run in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key]);
  return value;
}

function checkStep(before: InfluenceState, after: InfluenceState): void {
  expect(`${before.phase}@${before.round} -> ${after.phase}@${after.round}: ${legalStep(before, after)}`).toEndWith(': true');
  const byPower = after.eliminations.filter((e) => e.round === before.round && (e.reason === 'power' || e.reason === 'exposure'));
  expect(byPower.length).toBeLessThanOrEqual(1);
  for (const p of after.players) {
    const seen = JSON.stringify(influenceGame.view(after, p));
    for (const channel of after.channels) {
      if (channel.members.includes(p)) continue;
      for (const m of channel.messages) if (m.text.startsWith('dm-mark-')) expect(seen.includes(`"${m.text}"`)).toBe(false);
    }
  }
}

test('Influence: random matches never throw; only the FSM’s steps; at most one elimination per POWER; no view holds another’s DM', () => {
  const players = fc.integer({ min: 4, max: 7 }).map((n) => Array.from({ length: n }, (_, i) => `i${i}`));
  fc.assert(
    fc.property(config, players, fc.integer(), fc.gen(), (cfg, ids, seed, g) => {
      let state = influenceGame.setup(cfg, seed, ids) as InfluenceState;
      for (let steps = 0; !influenceGame.outcome(state).over; steps++) {
        expect(steps).toBeLessThan(400);
        deepFreeze(state);
        const decisions: Record<PlayerId, unknown> = {};
        for (const id of influenceGame.actors(state)) {
          const d = g(() => decision(state.phase, id, ids));
          if (d !== undefined) decisions[id] = d;
          influenceGame.validate(state, id, d);
          const channel = g(() => fc.constantFrom('public', 'nowhere', ...state.channels.map((c) => c.id)));
          transition(state, { type: 'chat', player: id, channel, text: g(() => text) });
        }
        const power = state.phase === 'POWER' ? g(() => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.record({ action: fc.constantFrom('eliminate', 'protect'), target: fc.constantFrom(...ids) }) })) : undefined;
        const { state: next } = influenceGame.apply(state, { decisions, external: power === undefined ? undefined : { power } });
        checkStep(state, next as InfluenceState);
        state = next as InfluenceState;
      }
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
    }),
    { seed: SEED, numRuns: 700, endOnFailure: true },
  );
}, 60_000);
