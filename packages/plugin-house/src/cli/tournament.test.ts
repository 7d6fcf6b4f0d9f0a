import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { trustConfigSchema } from '../games/trust/trustConfig.ts';
import { trustGame } from '../games/trust/trustGame.ts';
import { meanCi, roundRobin } from './tournament.ts';

const main = join(import.meta.dir, 'main.ts');

function house(...args: string[]) {
  const run = Bun.spawnSync([process.execPath, main, ...args], { stdout: 'pipe', stderr: 'pipe' });
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

describe('house tournament', () => {
  test('round robin: every pair and self-pair, K repeats, one score per side', () => {
    const cast = ['copycat', 'always-cheat', 'prudent'].map((n) => trustGame.strategies[n]!);
    const standings = roundRobin(trustGame, trustConfigSchema.parse({}), cast, 3, 1);
    expect(standings.map((s) => [s.strategy, s.matches])).toEqual([
      ['copycat', 12],
      ['always-cheat', 12],
      ['prudent', 12],
    ]);
    expect(roundRobin(trustGame, trustConfigSchema.parse({}), cast, 3, 1)).toEqual(standings);
  });

  test('mean with a t-based 95% confidence interval', () => {
    const { mean, half } = meanCi([1, 2, 3, 4, 5]);
    expect(mean).toBe(3);
    expect(half).toBeCloseTo(2.776 * Math.sqrt(2.5 / 5), 2);
  });

  test('the CLI prints a ranked table', () => {
    const run = house('tournament', 'trust', '--players', 'copycat,always-cheat,prudent', '--repeats', '2', '--seed', '5');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^rank\s+strategy\s+matches\s+mean score\s+95% CI\s+wins$/);
    expect(lines.slice(2, 5).map((l) => l.trim().split(/\s+/)[0])).toEqual(['1', '2', '3']);
    expect(lines.at(-1)).toStartWith('12 matches (3 strategies, every pair and self-pair, 2 repeats, seed 5)');
    expect(house('tournament', 'trust', '--players', 'all', '--repeats', '0').stderr).toStartWith("error: --repeats must be a whole number >= 1, got '0'");
  });
});
