import { expect, test } from 'bun:test';
import { Match } from './engine/match.ts';
import { gameById, gameIds } from './registry.ts';

/**
 * A game is registered once, here, and carries every part the other layers
 * read of it (issue 35): a registered game that lacks one fails this test
 * rather than a consumer failing silently.
 */
test('every registered game carries its parts: rules, strategies with traits, model prompt, metrics, narration, presentation', () => {
  for (const id of gameIds()) {
    const game = gameById(id)!;
    expect(game.id).toBe(id);
    expect(Object.keys(game.strategies).length).toBeGreaterThan(0);
    for (const strategy of Object.values(game.strategies)) expect(typeof strategy.traits.stochastic).toBe('boolean');
    expect(game.modelPrompt).toBeDefined();
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

test('outside text never names a game through a prototype', () => {
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(gameById(name)).toBeUndefined();
});
