import { describe, expect, test } from 'bun:test';
import type { PlayerId } from '../engine/types.ts';
import { matrixConfigSchema, type MatrixConfig } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import type { MatrixState } from './matrixTypes.ts';

function start(config: Partial<MatrixConfig> = {}, players: PlayerId[] = ['ann', 'bob'], seed = 1): MatrixState {
  return matrixGame.setup(matrixConfigSchema.parse(config), seed, players);
}
const play = (state: MatrixState, decisions: Record<string, unknown>) => matrixGame.apply(state, { decisions });

describe("one round of the Prisoner's Dilemma, Axelrod's payoffs", () => {
  const cases: Array<[string, string, number, number]> = [
    ['C', 'C', 3, 3],
    ['C', 'D', 0, 5],
    ['D', 'C', 5, 0],
    ['D', 'D', 1, 1],
  ];
  for (const [a, b, pa, pb] of cases) {
    test(`${a}/${b} pays ${pa} and ${pb}`, () => {
      const { state, events } = play(start(), { ann: { action: a }, bob: { action: b } });
      expect(state.scores).toEqual({ ann: pa, bob: pb });
      expect(events).toEqual([{ type: 'round', data: { round: 1, games: [{ row: 'ann', column: 'bob', moves: `${a}${b}`, payoffs: [pa, pb] }], scores: { ann: pa, bob: pb } } }]);
    });
  }
});

describe('a round robin of three', () => {
  test('each player meets both others; a move per opponent; scores add up', () => {
    const { state } = play(start({}, ['ann', 'bob', 'cy']), { ann: { moves: { bob: 'C', cy: 'D' } }, bob: { action: 'C' }, cy: { action: 'C' } });
    // ann-bob C/C: 3 and 3; ann-cy D/C: 5 and 0; bob-cy C/C: 3 and 3.
    expect(state.scores).toEqual({ ann: 8, bob: 6, cy: 3 });
    expect(state.gains).toEqual({ ann: 8, bob: 6, cy: 3 });
    expect(state.memory.ann).toEqual({ bob: { role: 'row', mine: 'C', theirs: 'C', meant: 'C' }, cy: { role: 'column', mine: 'D', theirs: 'C', meant: 'D' } });
    expect(state.memory.cy!.ann).toEqual({ role: 'row', mine: 'C', theirs: 'D', meant: 'C' });
  });
});

describe('Battle of the Sexes: each role its own payoffs', () => {
  test('the row gets 2 and the column 1 when both go to the opera (C), the reverse at the match (D), 0 apart', () => {
    const s = start({ preset: 'battle-of-the-sexes' });
    expect(play(s, { ann: { action: 'C' }, bob: { action: 'C' } }).state.scores).toEqual({ ann: 2, bob: 1 });
    expect(play(s, { ann: { action: 'D' }, bob: { action: 'D' } }).state.scores).toEqual({ ann: 1, bob: 2 });
    expect(play(s, { ann: { action: 'C' }, bob: { action: 'D' } }).state.scores).toEqual({ ann: 0, bob: 0 });
  });
});

describe('noise', () => {
  test('a flipped move lands flipped for both; only its mover hears, and remembers what it meant', () => {
    const { state, events } = play(start({ noise: 0.5 }, ['ann', 'bob'], 3), { ann: { action: 'C' }, bob: { action: 'C' } });
    const flips = events.filter((e) => e.type === 'noise');
    expect(flips.length).toBeGreaterThan(0);
    for (const e of flips) {
      const { player, opponent, meant, played } = e.data as Record<string, string>;
      expect(e.to).toEqual([player]);
      expect([meant, played]).toEqual(['C', 'D']);
      expect(state.memory[player!]![opponent!]).toMatchObject({ mine: 'D', meant: 'C' });
      expect(state.memory[opponent!]![player!]!.theirs).toBe('D');
    }
  });

  test('no noise, no draw: a match of noise 0 logs no noise event', () => {
    let s = start({ rounds: 30 });
    const types = new Set<string>();
    while (!s.result.over) {
      const step = play(s, { ann: { action: 'C' }, bob: { action: 'D' } });
      for (const e of step.events) types.add(e.type);
      s = step.state;
    }
    expect([...types].sort()).toEqual(['match_over', 'round']);
  });
});

describe('the ending', () => {
  test('a fixed length: after the last round the higher score wins (limit); the match is over and nobody acts', () => {
    let s = start({ rounds: 2 });
    s = play(s, { ann: { action: 'D' }, bob: { action: 'C' } }).state;
    expect(s.round).toBe(2);
    const last = play(s, { ann: { action: 'C' }, bob: { action: 'C' } });
    expect(last.state.result).toEqual({ over: true, winners: ['ann'], kind: 'limit' });
    expect(last.events.at(-1)).toEqual({ type: 'match_over', data: { winners: ['ann'], kind: 'limit', rounds: 2, scores: { ann: 8, bob: 3 } } });
    expect(matrixGame.actors(last.state)).toEqual([]);
    expect(play(last.state, { ann: { action: 'C' } })).toEqual({ state: last.state, events: [] });
  });

  test('level scores are a draw with no winner; a lead shared by some is shared', () => {
    let s = start({ rounds: 1 });
    expect(play(s, { ann: { action: 'C' }, bob: { action: 'C' } }).state.result).toEqual({ over: true, winners: [], kind: 'draw' });
    s = start({ rounds: 1 }, ['ann', 'bob', 'cy']);
    const shared = play(s, { ann: { action: 'D' }, bob: { action: 'D' }, cy: { action: 'C' } }).state.result;
    expect(shared).toEqual({ over: true, winners: ['ann', 'bob'], kind: 'shared' });
  });

  test('a continuation probability: the draw comes from the state’s Rng, the cap holds, and the same seed stops at the same round', () => {
    const length = (seed: number, config: Partial<MatrixConfig>) => {
      let s = start(config, ['ann', 'bob'], seed);
      while (!s.result.over) s = play(s, { ann: { action: 'C' }, bob: { action: 'C' } }).state;
      return { rounds: s.round, kind: s.result.kind };
    };
    const lengths = Array.from({ length: 40 }, (_, i) => length(i + 1, { continuation: 0.9, rounds: 1000 }).rounds);
    const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    expect(mean).toBeGreaterThan(5);
    expect(mean).toBeLessThan(20);
    expect(length(5, { continuation: 0.9, rounds: 1000 })).toEqual(length(5, { continuation: 0.9, rounds: 1000 }));
    expect(length(5, { continuation: 0.999, rounds: 7 })).toEqual({ rounds: 7, kind: 'draw' });
    expect(length(5, { continuation: 0 })).toEqual({ rounds: 1, kind: 'draw' });
  });
});

describe('pairs', () => {
  test('an odd table: the one sitting out gets nothing and is asked nothing; byes go round', () => {
    let s = start({ pairing: 'pairs', rounds: 9 }, ['a', 'b', 'c']);
    const sat: string[] = [];
    while (!s.result.over) {
      expect(matrixGame.actors(s)).not.toContain(s.sitting!);
      sat.push(s.sitting!);
      const decisions = Object.fromEntries(matrixGame.actors(s).map((p) => [p, { action: 'C' }]));
      const step = play(s, decisions);
      const round = step.events.find((e) => e.type === 'round')!.data as { games: unknown[]; sitting: string };
      expect(round.games.length).toBe(1);
      expect(round.sitting).toBe(sat.at(-1)!);
      expect(step.state.gains[sat.at(-1)!]).toBe(0);
      s = step.state;
    }
    expect(sat.filter((p) => p === 'a').length).toBe(3);
    expect(sat.filter((p) => p === 'b').length).toBe(3);
    expect(s.memory.a!.b!.rounds!.length).toBe(s.memory.a!.b!.mine.length);
  });
});
