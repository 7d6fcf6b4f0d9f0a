import { expect, test } from 'bun:test';
import { playersOption } from './playersOption.ts';

test('--players picks where the players run and leaves the other options to the tables parser; any other value is refused', () => {
  expect(playersOption(['--tables', '32'])).toEqual({ mode: 'host', rest: ['--tables', '32'] });
  expect(playersOption(['--tables', '32', '--players', 'worker', '--rounds', '5'])).toEqual({ mode: 'worker', rest: ['--tables', '32', '--rounds', '5'] });
  expect(playersOption(['--players', 'host'])).toEqual({ mode: 'host', rest: [] });
  expect(() => playersOption(['--players', 'threads'])).toThrow("--players takes host (the players in the host's process) or worker (in a second process), got 'threads'");
  expect(() => playersOption(['--players'])).toThrow("got ''");
});
