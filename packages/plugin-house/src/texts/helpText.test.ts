import { expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { gameCommandsByGame, houseCommandTable, peopleTitled } from '../games/houseGames.ts';
import { helpText } from './helpText.ts';

const help = (topic?: string) => helpText({ games: peopleTitled(games), table: houseCommandTable(), dashboardUrl: 'http://localhost:3000/house', byGame: gameCommandsByGame(), topic });
const bullets = (text: string) => text.split('\n').filter((l) => l.startsWith('- ')).length;

test('!help is a short overview: the commands people use first, then where the rest are', () => {
  const text = help();
  expect(text.split('\n').length).toBeLessThanOrEqual(8);
  expect(bullets(text)).toBeLessThanOrEqual(6);
  for (const first of ['`!play trust me,Ada`', '`!move ...`', '`!view`', '`!status`', '`!stop`', '`--fast`', 'the dashboard: http://localhost:3000/house']) expect(text).toContain(first);
  expect(text).toEndWith("More: `!help GAME` for one game's commands (`!help cafe`, `!help goldmine`, `!help influence`, `!help matrix`, `!help trust`), `!help all` for every command.");
  expect(text).not.toMatch(/<[a-z]/i);
});

test('!help all lists every command once, a game\'s under its name', () => {
  const text = help('all');
  for (const spec of houseCommandTable()) expect(text.split('\n').filter((l) => l.startsWith(`- \`${spec.usage}\` `))).toHaveLength(1);
  expect(text).toContain('In Trust only:\n- `!grant @NAME N REASON` answer a beg');
  expect(text).toContain('In Influence only:\n- `!done`');
  expect(help('ALL')).toBe(text);
});

test("!help GAME: that game in three lines, the commands of a match and the game's own", () => {
  const trust = help('trust');
  expect(trust).toStartWith('- **Trust** (`trust`, 2-8 players): ');
  expect(trust).toContain('In its match:\n- `!move MOVE` ');
  expect(trust).toContain('- `!grant @NAME N REASON` answer a beg');
  expect(trust).not.toContain('`!dm');
  const influence = help('influence');
  expect(influence).toContain('- `!done` ');
  expect(influence).not.toContain('!grant');
  expect(help('cafe')).toStartWith('- **Café** (`cafe`');
  expect(help('trust')).toEndWith('`!help all` lists every command.');
});

test('!help VERB says that command; anything else says what !help takes', () => {
  expect(help('!stop')).toBe('- `!stop` stop the current match\n`!help all` lists every command.');
  expect(help('constructor')).toStartWith("No game or command 'constructor'. More: `!help GAME`");
  expect(help('x'.repeat(60))).toContain(`'${'x'.repeat(40)}…'`);
});
