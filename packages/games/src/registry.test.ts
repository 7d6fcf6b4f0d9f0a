import { expect, test } from 'bun:test';
import { legalMoveProblems } from './engine/legalMoveProblems.ts';
import { Match } from './engine/match.ts';
import { brainContext } from './engine/runner.ts';
import type { AnyGame } from './engine/types.ts';
import { gameById, gameIds } from './registry.ts';

/**
 * A game is registered once, here, and carries every part the other layers
 * read of it (issue 35): a registered game that lacks one fails this test
 * rather than a consumer failing silently.
 */
test('every registered game carries its parts: rules, strategies with traits, legal moves as data, a view schema, model prompt, metrics, narration, presentation', () => {
  for (const id of gameIds()) {
    const game = gameById(id)!;
    expect(game.id).toBe(id);
    expect(Object.keys(game.strategies).length).toBeGreaterThan(0);
    for (const strategy of Object.values(game.strategies)) expect(typeof strategy.traits.stochastic).toBe('boolean');
    expect(game.modelPrompt).toBeDefined();
    expect(game.legalMoveData).toBeDefined();
    expect(game.viewSchema).toBeDefined();
    expect(game.metrics?.defs.length).toBeGreaterThan(0);
    expect(game.narration.types.size).toBeGreaterThan(0);
    const { presentation } = game;
    expect(presentation.roundDelayMs).toBeGreaterThanOrEqual(0);
    expect(presentation.lobbySeats).toBeGreaterThanOrEqual(game.minPlayers);
    expect(presentation.lobbySeats).toBeLessThanOrEqual(game.maxPlayers);
    // The score field is a field every player's round report holds.
    const players = Array.from({ length: game.defaultPlayers }, (_, i) => `p${i}`);
    const report = game.report(Match.create(game, game.configSchema.parse({}), 1, players).state);
    if (presentation.scoreField !== null) for (const p of players) expect(typeof report.players[p]?.[presentation.scoreField]).toBe('number');
  }
});

/** Plays matches of `game` with its strategies (Trust with alliances on odd seeds), calling `visit` for every seat of every phase before it is played. */
function playWithStrategies(game: AnyGame, seeds: number, visit: (state: any, player: string, decision: unknown) => void): void {
  const names = Object.keys(game.strategies);
  for (let seed = 1; seed <= seeds; seed++) {
    const players = Array.from({ length: game.minPlayers + (seed % (Math.min(game.maxPlayers, 8) - game.minPlayers + 1)) }, (_, i) => `p${i}`);
    const match = Match.create(game, game.configSchema.parse(game.id === 'trust' && seed % 2 ? { alliances: true } : {}), seed, players);
    for (let phases = 0; !match.over && phases < 400; phases++) {
      const state = match.state;
      const decisions: Record<string, unknown> = {};
      for (const [i, player] of game.actors(state).entries()) {
        decisions[player] = game.strategies[names[(i + seed) % names.length]!]!.decide(game.view(state, player), brainContext(state.seed, player, state.round, state.phase));
      }
      for (const player of state.players as string[]) visit(state, player, decisions[player]);
      match.step({ decisions });
    }
  }
}

/**
 * What an agent is told it may do is what the rules take: over matches of
 * every game (Trust with alliances too), each legal decision of every
 * strategy is one of the moves the game's data lists for that seat then.
 */
test("every game's legal moves as data hold each legal decision its strategies make", () => {
  for (const id of gameIds()) {
    const game = gameById(id)!;
    let checked = 0;
    playWithStrategies(game, 4, (state, player, decision) => {
      if (decision === undefined || !game.validate(state, player, decision).ok) return;
      checked += 1;
      expect({ id, phase: state.phase, decision, problems: legalMoveProblems(game.legalMoveData!(state, player), decision) }).toMatchObject({ problems: [] });
    });
    expect(checked).toBeGreaterThan(100);
  }
});

/** The view's published schema is the whole of it: every seat's view, in every phase of these matches, fits it, and it allows no key a view lacks. */
test("every seat's view fits its game's view schema, which takes no key it does not list", () => {
  for (const id of gameIds()) {
    const game = gameById(id)!;
    let checked = 0;
    playWithStrategies(game, 3, (state, player) => {
      const view = JSON.parse(JSON.stringify(game.view(state, player)));
      const parsed = game.viewSchema!.safeParse(view);
      checked += 1;
      expect({ id, phase: state.phase, issues: parsed.success ? [] : parsed.error.issues.slice(0, 3) }).toEqual({ id, phase: state.phase, issues: [] });
      if (checked === 1) expect(game.viewSchema!.safeParse({ ...view, extra: 1 }).success).toBe(false);
    });
    expect(checked).toBeGreaterThan(20);
  }
});

test('outside text never names a game through a prototype', () => {
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(gameById(name)).toBeUndefined();
});
