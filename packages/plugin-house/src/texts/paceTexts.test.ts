import { expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { baseCommands } from '../commands/parse.ts';
import { helpText } from './helpText.ts';
import { countdownText, paceHelpLine } from './paceTexts.ts';

test('!help says in one line that a match counts down and plays at a watching pace, and how to play it at full speed', () => {
  expect(helpText({ games, table: baseCommands, dashboardUrl: 'http://localhost:3000/house', byGame: new Map(), topic: 'all' }).split('\n')).toContain(paceHelpLine);
  expect(paceHelpLine).toContain('`--fast`');
});

test('the countdown line names whole seconds, at least one', () => {
  expect(countdownText(10_000)).toBe('Starting in 10 s…');
  expect(countdownText(200)).toBe('Starting in 1 s…');
});
