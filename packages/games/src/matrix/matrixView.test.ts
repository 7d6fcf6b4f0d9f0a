import { describe, expect, test } from 'bun:test';
import { Match } from '../engine/match.ts';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import type { MatrixState } from './matrixTypes.ts';

describe('what a player may know', () => {
  const match = Match.create(matrixGame, matrixConfigSchema.parse({ noise: 0.3, rounds: 30 }), 4, ['ann', 'bob', 'cy']);
  const moves = ['C', 'D', 'C', 'C', 'D'];
  /** Each round, for each player: the opponents its notices say its move was flipped against, and those the round's noise events name. */
  const told: Array<{ viewer: string; told: string[]; flipped: string[] }> = [];
  for (let r = 0; !match.over; r++) {
    const decisions: Record<string, unknown> = {};
    for (const [i, p] of match.actors().entries()) decisions[p] = { action: moves[(r + i) % moves.length] };
    const { events } = match.step({ decisions });
    for (const viewer of ['ann', 'bob', 'cy']) {
      const notices = matrixGame.view(match.state as MatrixState, viewer).notices;
      const flipped = events.filter((e) => e.type === 'noise' && e.data!.player === viewer).map((e) => String(e.data!.opponent));
      told.push({ viewer, told: notices.map((n) => /^Noise: your [CD] against (\S+) was flipped/.exec(n)?.[1] ?? '').filter(Boolean), flipped });
    }
  }
  const state = match.state as MatrixState;
  const flips = match.log!.entries.filter((e) => (e as { type?: string }).type === 'noise') as unknown as Array<{ data: { player: string; opponent: string } }>;

  test('noise flipped some moves', () => {
    expect(flips.length).toBeGreaterThan(5);
  });

  test('its own meetings only, with its own meant moves; an opponent’s side shows only what landed', () => {
    for (const viewer of ['ann', 'bob', 'cy']) {
      const view = matrixGame.view(state, viewer);
      expect(Object.keys(view.met).sort()).toEqual(['ann', 'bob', 'cy'].filter((p) => p !== viewer));
      for (const [opponent, m] of Object.entries(view.met)) {
        const theirs = state.memory[opponent]![viewer]!;
        expect(m.theirs).toBe(theirs.mine);
        expect(m.mine).toBe(theirs.theirs);
        // What the viewer meant is its own; the opponent's meant moves appear nowhere in its view.
        expect(m.meant).toBe(state.memory[viewer]![opponent]!.meant);
      }
    }
  });

  test("never another player's flip: an opponent sees the move as it landed, and no notice of it", () => {
    for (const { data } of flips) {
      const seen = matrixGame.view(state, data.opponent).met[data.player]!;
      expect(Object.keys(seen).sort()).toEqual(['meant', 'mine', 'role', 'theirs']);
      expect(seen.meant).toBe(state.memory[data.opponent]![data.player]!.meant);
    }
    expect(told.some((t) => t.flipped.length > 0)).toBe(true);
    for (const t of told) expect(t.told).toEqual(t.flipped);
  });

  test('the view of a finished match: over, nobody to meet, every score', () => {
    const view = matrixGame.view(state, 'ann');
    expect(view).toMatchObject({ game: 'matrix', you: 'ann', round: 30, over: true, rounds: 30, opponents: [], preset: 'prisoners-dilemma', noise: 0.3 });
    expect(Object.keys(view.scores)).toEqual(['ann', 'bob', 'cy']);
  });
});

describe('what a player is told of the length', () => {
  const view = (config: Record<string, unknown>) => matrixGame.view(matrixGame.setup(matrixConfigSchema.parse(config), 1, ['ann', 'bob']), 'ann');

  test('a fixed length when the horizon is known; nothing when hidden; the continuation probability, never the cap', () => {
    expect(view({ rounds: 50 }).rounds).toBe(50);
    expect(view({ rounds: 50, horizon: 'hidden' }).rounds).toBeNull();
    expect(view({ rounds: 50, continuation: 0.95 })).toMatchObject({ rounds: null, continuation: 0.95 });
  });

  test('its role against each opponent of the round', () => {
    expect(view({ preset: 'battle-of-the-sexes' }).opponents).toEqual([{ id: 'bob', role: 'row' }]);
    expect(matrixGame.view(matrixGame.setup(matrixConfigSchema.parse({}), 1, ['ann', 'bob']), 'bob').opponents).toEqual([{ id: 'ann', role: 'column' }]);
  });
});
