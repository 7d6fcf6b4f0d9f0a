import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHouseCli } from '../../cli/runHouseCli.ts';

/** The strategies of the tournament table `house tournament` prints, from first to last. */
function ranking(stdout: string): string[] {
  const lines = stdout.split('\n');
  expect(lines[0]).toMatch(/^rank\s+strategy\s+matches\s+mean score\s+95% CI\s+wins$/);
  const rows = lines.slice(2, lines.indexOf('', 2));
  return rows.map((row) => row.trim().split(/\s+/)[1]!);
}

describe('house play matrix', () => {
  test("the Axelrod library's documented 10-turn tournament at one table (docs/how-to/access_tournament_results.rst): Cooperator 60, Defector 78, Tit For Tat 69, Grudger 69; the match file replays", () => {
    const out = mkdtempSync(join(tmpdir(), 'matrix-cli-'));
    try {
      const run = runHouseCli('play', 'matrix', '--seed', '1', '--players', 'always-cooperate,always-defect,tit-for-tat,grudger', '--set', 'rounds=10', '--out', out);
      expect(run.code).toBe(0);
      const scores = run.stdout
        .split('\n')
        .slice(2, 6)
        .map((row) => row.trim().split(/\s+/).slice(0, 3));
      expect(scores).toEqual([
        ['always-cooperate', 'always-cooperate', '60'],
        ['always-defect', 'always-defect', '78'],
        ['tit-for-tat', 'tit-for-tat', '69'],
        ['grudger', 'grudger', '69'],
      ]);
      expect(run.stdout).toContain('limit after 10 rounds; winners: always-defect (after 10 rounds, always-defect won with 78 points)');
      for (const f of ['events.jsonl', 'match.json', 'report.html']) expect(existsSync(join(out, f))).toBe(true);
      const replayed = runHouseCli('replay-match', out);
      expect(replayed.code).toBe(0);
      expect(replayed.stdout).toContain('reproduced: the event log matches the recorded one');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("house tournament matrix: Axelrod (1980), Effective Choice in the Prisoner's Dilemma, J. Conflict Resolution 24(1), the first tournament", () => {
  /*
   * Nine of its fifteen rules in their published order (TIT FOR TAT 1st,
   * GROFMAN 4th, SHUBIK 5th, FRIEDMAN = grudger 7th, DAVIS 8th, FELD 11th,
   * JOSS 12th, TULLOCK 13th, RANDOM 15th), played as the paper played them:
   * the defaults are its 200 moves and payoffs 3/0/5/1, every rule against
   * every other and its own twin, five repetitions. The rules-level test of
   * the same tournament is games/src/matrix/matrixTournament.test.ts; both
   * claims below held for each of seeds 1 to 300 of the CLI's round robin.
   */
  const FIRST = ['tit-for-tat', 'grofman', 'shubik', 'grudger', 'davis', 'feld', 'joss', 'tullock', 'random'];
  const NICE = FIRST.slice(0, 5);

  test('the five nice rules (never the first to defect) rank above the four that are not, as in the paper ("each of the eight top-ranking entries is nice"; none of the others is)', () => {
    const run = runHouseCli('tournament', 'matrix', '--players', FIRST.join(','), '--repeats', '5', '--seed', '1980');
    expect(run.code).toBe(0);
    const order = ranking(run.stdout);
    expect(order).toHaveLength(FIRST.length);
    expect(new Set(order.slice(0, NICE.length))).toEqual(new Set(NICE));
    expect(run.stdout).toContain('225 matches (9 strategies, every pair and self-pair, 5 repeats, seed 1980)');
  }, 60_000);

  test('where a field keeps the published order apart, the CLI prints it: SHUBIK (5th), FRIEDMAN (7th), FELD (11th), JOSS (12th)', () => {
    // TIT FOR TAT won in 1980 on scores against rules not implemented here; among these four the published scores are far apart.
    const run = runHouseCli('tournament', 'matrix', '--players', 'shubik,grudger,feld,joss', '--repeats', '5', '--seed', '1980');
    expect(run.code).toBe(0);
    expect(ranking(run.stdout)).toEqual(['shubik', 'grudger', 'feld', 'joss']);
  }, 30_000);
});
