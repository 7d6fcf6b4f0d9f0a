import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { Match } from '../engine/match.ts';
import { ownValue } from '../engine/safeKey.ts';
import type { GameEvent, PlayerId } from '../engine/types.ts';
import { matrixConfigSchema, payoffsOf, type MatrixConfig } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import { PRESET_NAMES, payoff } from './matrixPresets.ts';
import type { MatrixState } from './matrixTypes.ts';

/**
 * Matrix games' `apply` over random configs and random decisions for whole
 * matches: legal moves, moves per opponent (some naming strangers or
 * reserved words, some leaving opponents out), malformed values and missing
 * answers. It never throws; every score is the sum of the payoffs the public
 * round events show, recomputed from the matrix; no view holds another
 * player's flips; and the same seed, config and decisions give the same log.
 */

const SEED = 3535;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

const payoffs = fc.record({ R: fc.integer({ min: -100, max: 100 }), S: fc.integer({ min: -100, max: 100 }), T: fc.integer({ min: -100, max: 100 }), P: fc.integer({ min: -100, max: 100 }) });
const config = fc
  .record(
    {
      preset: fc.constantFrom(...PRESET_NAMES),
      payoffs,
      columnPayoffs: payoffs,
      pairing: fc.constantFrom('round-robin', 'pairs'),
      rounds: fc.integer({ min: 1, max: 12 }),
      continuation: fc.constantFrom(0, 0.5, 0.9, 1),
      horizon: fc.constantFrom('known', 'hidden'),
      noise: fc.constantFrom(0, 0.1, 0.5),
    },
    { requiredKeys: ['preset', 'pairing', 'rounds', 'continuation', 'horizon', 'noise'] },
  )
  .map((c) => matrixConfigSchema.parse(c));

const move = fc.constantFrom('C', 'D');
const made = new Map<string, fc.Arbitrary<unknown>>();
/** One player's answer: mostly legal, sometimes per opponent with strangers or gaps, sometimes garbage or nothing. */
function decision(ids: readonly PlayerId[]): fc.Arbitrary<unknown> {
  const key = ids.join(',');
  let arbitrary = made.get(key);
  if (!arbitrary) {
    const name = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom('ghost', '', '__proto__', 'constructor', 'toString') });
    arbitrary = fc.oneof(
      { weight: 8, arbitrary: fc.record({ action: move }) },
      { weight: 6, arbitrary: fc.record({ moves: fc.dictionary(name, move, { maxKeys: 7 }), action: fc.option(move, { nil: undefined }) }, { requiredKeys: ['moves'] }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
      { weight: 1, arbitrary: fc.record({ action: fc.string({ maxLength: 3 }), moves: fc.anything({ maxDepth: 1 }) }) },
    );
    made.set(key, arbitrary);
  }
  return arbitrary;
}

/** Each player's score: its payoffs from the public round events, recomputed from the moves that landed and the matrix. */
function recomputed(cfg: MatrixConfig, players: readonly PlayerId[], events: readonly GameEvent[]): Map<PlayerId, number> {
  const p = payoffsOf(cfg);
  const out = new Map(players.map((id) => [id, 0]));
  for (const e of events) {
    if (e.type !== 'round') continue;
    for (const g of (e.data as { games: Array<{ row: string; column: string; moves: string; payoffs: [number, number] }> }).games) {
      const [a, b] = [g.moves[0] as 'C' | 'D', g.moves[1] as 'C' | 'D'];
      expect(g.payoffs).toEqual([payoff(p.row, a, b), payoff(p.column, b, a)]);
      out.set(g.row, out.get(g.row)! + payoff(p.row, a, b));
      out.set(g.column, out.get(g.column)! + payoff(p.column, b, a));
    }
  }
  return out;
}

/** No view holds what another player meant, or a notice of another's flip. */
function checkViews(state: MatrixState, events: readonly GameEvent[]): void {
  for (const viewer of state.players) {
    const view = matrixGame.view(state, viewer);
    for (const [opponent, m] of Object.entries(view.met)) {
      const other = ownValue(state.memory, opponent)![viewer]!;
      expect(m.theirs).toBe(other.mine);
      expect(m.meant).toBe(state.memory[viewer]![opponent]!.meant);
    }
    const flippedAgainst = events.filter((e) => e.type === 'noise' && e.data!.player === viewer).map((e) => String(e.data!.opponent));
    const told = view.notices.map((n) => /^Noise: your [CD] against (.+) was flipped to [CD]; /.exec(n)?.[1]).filter((x) => x !== undefined);
    expect(told).toEqual(flippedAgainst);
  }
  for (const e of events) if (e.to) expect(e.to.length).toBe(1);
}

function play(cfg: MatrixConfig, players: PlayerId[], seed: number, answers: (actors: PlayerId[]) => Record<PlayerId, unknown>) {
  const match = Match.create(matrixGame, cfg, seed, players);
  const all: GameEvent[] = [];
  while (!match.over) {
    const { events } = match.step({ decisions: answers(match.actors()) });
    checkViews(match.state as MatrixState, events);
    all.push(...events);
  }
  return { match, events: all };
}

test('matrix games: random configs and decisions never throw, scores add up, views never leak another player’s flips, and the same inputs give the same log', () => {
  const players = fc.integer({ min: 2, max: 6 }).map((n) => Array.from({ length: n }, (_, i) => `p${i}`));
  fc.assert(
    fc.property(config, players, fc.integer(), fc.gen(), (cfg, ids, seed, g) => {
      const asked: Array<Record<PlayerId, unknown>> = [];
      const first = play(cfg, ids, seed, (actors) => {
        const decisions: Record<PlayerId, unknown> = {};
        for (const id of actors) {
          const d = g(() => decision(ids));
          if (d !== undefined) decisions[id] = d;
        }
        asked.push(decisions);
        return decisions;
      });
      const state = first.match.state as MatrixState;
      const scores = recomputed(cfg, ids, first.events);
      for (const id of ids) expect(state.scores[id]).toBe(scores.get(id)!);
      expect(state.result.over).toBe(true);
      expect(state.round).toBeLessThanOrEqual(cfg.rounds);
      let at = 0;
      const again = play(cfg, ids, seed, () => asked[at++]!);
      expect(again.match.log!.head).toBe(first.match.log!.head);
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
    }),
    { seed: SEED, numRuns: 300, endOnFailure: true },
  );
}, 60_000);
