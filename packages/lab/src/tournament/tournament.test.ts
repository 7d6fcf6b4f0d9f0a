import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { emptyRatings, leaderboard, parseRatings, ratingsJson } from '../ratings/index.ts';
import { runHouseCli } from '../cli/runHouseCli.ts';
import { meanCi95 } from '../stats/tStats.ts';
import { playRoundRobin, roundRobin } from './roundRobin.ts';

const scratch = mkdtempSync(join(tmpdir(), 'house-tournament-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


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
    const { mean, high } = meanCi95([1, 2, 3, 4, 5]);
    expect(mean).toBe(3);
    expect(high - mean).toBeCloseTo(2.776 * Math.sqrt(2.5 / 5), 2);
  });

  test('the CLI prints a ranked table', () => {
    const run = runHouseCli('tournament', 'trust', '--players', 'copycat,always-cheat,prudent', '--repeats', '2', '--seed', '5');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^rank\s+strategy\s+matches\s+mean score\s+95% CI\s+wins$/);
    expect(lines.slice(2, 5).map((l) => l.trim().split(/\s+/)[0])).toEqual(['1', '2', '3']);
    expect(lines.at(-1)).toStartWith('12 matches (3 strategies, every pair and self-pair, 2 repeats, seed 5)');
    expect(runHouseCli('tournament', 'trust', '--players', 'all', '--repeats', '0').stderr).toStartWith("error: --repeats must be a whole number >= 1, got '0'");
  });

  test('every match is rated as played; self-pairs are not', () => {
    const cast = ['copycat', 'always-cheat', 'prudent'].map((n) => trustGame.strategies[n]!);
    const config = trustConfigSchema.parse({});
    const { standings, ratings, rated } = playRoundRobin(trustGame, config, cast, 4, 1, emptyRatings('trust'));
    expect(standings).toEqual(roundRobin(trustGame, config, cast, 4, 1));
    expect(rated).toBe(3 * 4);
    expect(Object.values(ratings.participants).map((r) => r.matches)).toEqual([8, 8, 8]);
    const again = playRoundRobin(trustGame, config, cast, 4, 1, emptyRatings('trust'));
    expect(ratingsJson(again.ratings)).toBe(ratingsJson(ratings));
  });

  test('a prior carries over: two tournaments accumulate', () => {
    const cast = ['copycat', 'always-cheat'].map((n) => trustGame.strategies[n]!);
    const config = trustConfigSchema.parse({});
    const first = playRoundRobin(trustGame, config, cast, 5, 1, emptyRatings('trust')).ratings;
    const second = playRoundRobin(trustGame, config, cast, 5, 2, first).ratings;
    expect(second.participants.copycat!.matches).toBe(10);
    expect(second.participants.copycat!.sigma).toBeLessThan(first.participants.copycat!.sigma);
  });

  test('the CLI prints the rating leaderboard with intervals after the mean-score table', () => {
    const run = runHouseCli('tournament', 'trust', '--players', 'copycat,always-cheat,prudent', '--repeats', '2', '--seed', '5');
    const lines = run.stdout.trim().split('\n');
    const header = lines.findIndex((l) => l.startsWith('rank  participant'));
    expect(lines[header - 1]).toBe('');
    expect(lines[header]).toMatch(/^rank\s+participant\s+rating\s+mu\s+sigma\s+95% interval \(mu ± 1\.96 sigma\)\s+matches\s+wins$/);
    const rows = lines.slice(header + 2, header + 5).map((l) => l.trim().split(/\s+/));
    expect(rows.map((r) => r[0])).toEqual(['1', '2', '3']);
    for (const [, , rating, mu, sigma, low, , high, matches] of rows) {
      expect(Number(rating)).toBeCloseTo(Number(mu) - 3 * Number(sigma), 1);
      expect(Number(low)).toBeCloseTo(Number(mu) - 1.96 * Number(sigma), 1);
      expect(Number(high)).toBeCloseTo(Number(mu) + 1.96 * Number(sigma), 1);
      expect(matches).toBe('4');
    }
    expect(lines[header + 5]).toStartWith('rating = mu - 3 sigma');
    expect(lines[header + 5]).toEndWith('6 matches rated, 6 self-pairs not rated');
  });

  test('--ratings: created on the first run, loaded and updated on the next', () => {
    const file = join(scratch, 'trust-ratings.json');
    const args = ['tournament', 'trust', '--players', 'copycat,always-cheat', '--repeats', '3', '--ratings', file];
    const first = runHouseCli(...args);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`\nratings saved to ${file} (new file)\n`);
    const second = runHouseCli(...args, '--seed', '2');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`\nratings loaded from ${file} (2 participants) and saved back\n`);
    const parsed = parseRatings(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(leaderboard(parsed.value).map((r) => r.matches)).toEqual([6, 6]);
    expect(readdirSync(scratch).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('--ratings: an unreadable, malformed or other game file is a one-line error, exit 2', () => {
    const expectError = (file: string, message: string) => {
      const run = runHouseCli('tournament', 'trust', '--players', 'copycat,always-cheat', '--repeats', '1', '--ratings', file);
      expect(run.code).toBe(2);
      expect(run.stderr).toStartWith(`error: ${message}`);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    };
    const folder = join(scratch, 'a-folder.json');
    mkdirSync(folder);
    expectError(folder, `cannot read ratings file '${folder}'`);
    const broken = join(scratch, 'broken.json');
    writeFileSync(broken, '{"system": ');
    expectError(broken, `ratings file '${broken}' is not valid JSON: `);
    const wrong = join(scratch, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ ...emptyRatings('trust'), participants: { copycat: { mu: 25, sigma: -1, matches: 0, wins: 0 } } }));
    expectError(wrong, `ratings file '${wrong}' is malformed: participants.copycat.sigma: Too small: expected number to be >0`);
    const other = join(scratch, 'influence.json');
    writeFileSync(other, ratingsJson(emptyRatings('influence')));
    expectError(other, `ratings file '${other}' holds influence ratings, not trust`);
  });
});
