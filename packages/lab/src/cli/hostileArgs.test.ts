import { describe, expect, test } from 'bun:test';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHouseCli } from './runHouseCli.ts';

/**
 * The headless CLI tried as a hostile user would (issue 13): every refusal is
 * one line on stderr with exit 2, never a TypeError, a stack trace or zod's
 * JSON, and nothing is read without bound.
 */

const scratch = mkdtempSync(join(tmpdir(), 'house-hostile-'));
const file = (name: string, text: string) => {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
};

/** One line, exit 2, starting with `error: <start>`. */
function refused(run: { code: number; stderr: string }, start: string): void {
  expect(run.stderr).toStartWith(`error: ${start}`);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.code).toBe(2);
}

describe('names that are fields of every object', () => {
  test('games constructor, __proto__ and toString are unknown games for play, tournament and sweep', () => {
    refused(runHouseCli('play', 'constructor', '--seed', '1', '--players', 'copycat,grudger'), "unknown game 'constructor'");
    refused(runHouseCli('tournament', '__proto__', '--players', 'all'), "unknown game '__proto__'");
    refused(runHouseCli('sweep', 'toString', '--seeds', '2'), "unknown game 'toString'");
  });

  test('a strategy named constructor is unknown, not played (it crashed Trust)', () => {
    refused(runHouseCli('play', 'trust', '--seed', '1', '--players', 'constructor,copycat'), "unknown trust strategy 'constructor'");
    refused(runHouseCli('tournament', 'trust', '--players', 'copycat,__proto__'), "unknown trust strategy '__proto__'");
  });

  test('a model seat whose id would be __proto__ is refused', () => {
    const run = Bun.spawnSync([process.execPath, join(import.meta.dir, 'main.ts'), 'play', 'trust', '--players', 'model:__proto__,copycat'], { env: { ...process.env, OPENAI_API_KEY: 'k' }, stderr: 'pipe' });
    refused({ code: run.exitCode, stderr: run.stderr.toString() }, "the seat id of 'model:__proto__' '__proto__' is a reserved word");
  });

  test('replay: a player id __proto__ no longer vanishes from the output, it is refused; so are reserved keys anywhere in the scenario', () => {
    refused(runHouseCli('replay', file('proto-player.json', JSON.stringify({ game: 'trust', players: ['__proto__', 'b'], rounds: [{ decisions: { b: { action: 'DO_NOTHING' } } }] }))), "player id '__proto__' is a reserved word");
    refused(runHouseCli('replay', file('ctor-game.json', JSON.stringify({ game: 'constructor', players: ['a', 'b'] }))), "unknown game 'constructor'");
    refused(runHouseCli('replay', file('proto-key.json', '{"game":"trust","players":["a","b"],"rounds":[{"decisions":{"__proto__":{"action":"ATTACK","target":"b"}}}]}')), "scenario file '");
    expect(runHouseCli('replay', file('proto-key.json', '{"game":"trust","players":["a","b"],"rounds":[{"decisions":{"__proto__":{}}}]}')).stderr).toContain("has the reserved key '__proto__' at rounds.0.decisions.__proto__");
  });

  test('a config file with a reserved key is refused before its schema sees it', () => {
    refused(runHouseCli('play', 'trust', '--players', 'copycat,grudger', '--config', file('proto-config.json', '{"__proto__":{"maxRounds":1}}')), 'config file ');
  });
});

describe('numbers', () => {
  test('--history-rounds 1e12 is one plain line, not zod JSON', () => {
    refused(runHouseCli('play', 'trust', '--players', 'copycat,grudger', '--history-rounds', '1e12'), "--history-rounds must be a whole number from 1 to 10000, got '1e12'");
  });

  test("--seed '' is refused, not read as 0; so are 1e3 and 0x10", () => {
    for (const seed of ['', '1e3']) refused(runHouseCli('play', 'trust', '--players', 'copycat,grudger', '--seed', seed), `--seed must be a whole number, got '${seed}'`);
  });

  test('timers past a day are refused by the config schema (begTimeoutMs overflowed the timer)', () => {
    const run = runHouseCli('play', 'trust', '--players', 'copycat,grudger', '--config', file('beg.json', '{"begTimeoutMs": 99999999999999}'));
    refused(run, 'bad trust config: begTimeoutMs: ');
    refused(runHouseCli('play', 'trust', '--players', 'copycat,grudger', '--deadline-ms', '99999999999999'), '--deadline-ms must be a whole number from 1 to 86400000');
  });
});

describe('files', () => {
  test('replay-match /dev/zero is refused at once instead of read until memory runs out', () => {
    refused(runHouseCli('replay-match', '/dev/zero'), "cannot read match file '/dev/zero': it is not a regular file");
    refused(runHouseCli('replay', '/dev/zero'), "cannot read scenario file '/dev/zero': it is not a regular file");
  });

  test('every verb that reads a file refuses a device: audit, analyze and check on /dev/zero, directly or as a folder\'s events.jsonl', () => {
    const folder = join(scratch, 'zero-out');
    mkdirSync(folder, { recursive: true });
    symlinkSync('/dev/zero', join(folder, 'events.jsonl'));
    refused(runHouseCli('audit', 'influence', '/dev/zero'), "cannot read log file '/dev/zero': it is not a regular file");
    refused(runHouseCli('analyze', 'cafe', folder), `cannot read event log file '${join(folder, 'events.jsonl')}': it is not a regular file`);
    refused(runHouseCli('analyze', 'cafe', '/dev/zero'), "cannot read event log file '/dev/zero': it is not a regular file");
    writeFileSync(join(folder, 'state.json'), JSON.stringify({ game: 'goldmine', seed: 1, players: ['a', 'b'], state: { config: {} } }));
    refused(runHouseCli('check', 'goldmine', folder), `cannot read event log file '${join(folder, 'events.jsonl')}': it is not a regular file`);
  });

  test('a match file over 256 MB and a scenario over 16 MB are refused by their size, unread', () => {
    const sparse = (name: string, bytes: number) => {
      const path = join(scratch, name);
      const fd = openSync(path, 'w');
      ftruncateSync(fd, bytes);
      closeSync(fd);
      return path;
    };
    refused(runHouseCli('replay-match', sparse('huge.match.json', 257 * 1024 * 1024)), 'cannot read match file ');
    expect(runHouseCli('replay-match', join(scratch, 'huge.match.json')).stderr).toContain('it is 257 MB, more than the 256 MB allowed');
    expect(runHouseCli('replay', sparse('huge-scenario.json', 17 * 1024 * 1024)).stderr).toContain('it is 17 MB, more than the 16 MB allowed');
  });
});
