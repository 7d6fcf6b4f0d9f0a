import { expect, test } from 'bun:test';
import { gameById, gameIds, games } from '@the-house/games/registry.ts';
import { gamesWithoutHouseModule, houseGameOf, houseGames, peopleTitled } from './houseGames.ts';

test('every registered game has its House module, once, with a board and a chart', () => {
  expect(gamesWithoutHouseModule()).toEqual([]);
  expect(houseGames.map((m) => m.game).sort()).toEqual(gameIds().sort());
  for (const module of houseGames) {
    expect(gameById(module.game)).toBeDefined();
    expect(module.board.columns.length).toBeGreaterThan(0);
    expect(typeof module.chart).toBe('function');
  }
});

test('a game missing its module is named', () => {
  expect(gamesWithoutHouseModule(houseGames.filter((m) => m.game !== 'cafe'))).toEqual(['cafe']);
});

test('outside text never names a module through a prototype', () => {
  for (const name of ['__proto__', 'constructor', 'toString']) expect(houseGameOf(name)).toBeUndefined();
});

test('people meet Café by its plain name; the rules keep their title, and every other game is the same object', () => {
  const titled = peopleTitled(games);
  expect(titled['cafe']!.title).toBe('Café');
  expect(games['cafe']!.title).toBe('Café V3');
  expect(titled['cafe']!.decisionSchema).toBe(games['cafe']!.decisionSchema);
  expect(titled['trust']).toBe(games['trust']!);
});
