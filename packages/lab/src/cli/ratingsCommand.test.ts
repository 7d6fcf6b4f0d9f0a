import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ratingsJson } from '../ratings/ratingsJson.ts';
import { emptyRatings } from '../ratings/ratingTable.ts';
import { runHouseCli } from './runHouseCli.ts';

const call = (caller: string, cost: number) => ({ seq: 1, matchId: 'm', caller, purpose: 'decision', round: 1, phase: 'act', provider: 'stub', model: 'gpt-x', promptHash: 'h', params: {}, response: '{}', error: null, tokensIn: 10, tokensOut: 5, latencyMs: 1, retries: [], cost, at: 0 });

describe('house ratings', () => {
  test('a folder of match files: interval, provisional, ties and cost per game from the records, a model seat at its model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-ratings-'));
    for (const seed of [1, 2]) expect(runHouseCli('play', 'trust', '--seed', String(seed), '--players', 'copycat,grudger', '--out', join(dir, `m${seed}`)).code).toBe(0);
    const file = join(dir, 'm2', 'match.json');
    const bundle = JSON.parse(readFileSync(file, 'utf8'));
    bundle.record.seats.grudger = { brain: 'model', strategy: 'grudger', persona: '', system: '' };
    bundle.record.calls.push(call('grudger', 0.02));
    writeFileSync(file, JSON.stringify(bundle));

    const run = runHouseCli('ratings', '--dir', dir);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('trust (2 rated matches)');
    expect(lines[1]).toMatch(/^rank +participant +mu +95% interval +games +wins +cost\/game +cost\/win$/);
    const row = (who: string) => lines.find((l) => l.includes(`${who} (provisional)`))!.split(/ {2,}/);
    expect(row('model:gpt-x').slice(-4)).toEqual(['1', '1', '$0.02', '$0.02']);
    expect(row('copycat')[0]).toBe('=1');
    expect(row('copycat').slice(-4)).toEqual(['2', '0', '$0.00', '-']);
    expect(run.stdout).toContain('= marks a rank shared with a neighbour whose 95% interval (mu ± 1.96 sigma) overlaps; provisional: fewer than 10 rated games');
  });

  test("a fork is rated from its file, and the parent's copy beside it is not rated twice; a file with no final state is skipped with a line", () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-ratings-'));
    expect(runHouseCli('play', 'trust', '--seed', '3', '--players', 'copycat,grudger', '--out', join(dir, 'a-played')).code).toBe(0);
    expect(runHouseCli('fork', join(dir, 'a-played', 'match.json'), '--phase', '2', '--seat', 'grudger=always-cheat', '--out', join(dir, 'b-forked')).code).toBe(0);
    const run = runHouseCli('ratings', '--dir', dir);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('trust (2 rated matches)');
    expect(run.stderr).toBe('');
    // A match file alone in a folder of its own, with no state.json: skipped, and said once.
    const lone = mkdtempSync(join(tmpdir(), 'house-ratings-'));
    writeFileSync(join(lone, 'x.match.json'), readFileSync(join(dir, 'a-played', 'match.json'), 'utf8'));
    const alone = runHouseCli('ratings', '--dir', lone);
    expect(alone.stderr).toStartWith('skipped 1 match file with no final state (no state.json beside it): ');
  }, 60_000);

  test("a tournament's ratings file, and one line for a folder with nothing to rate", () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-ratings-'));
    const path = join(dir, 'trust-ratings.json');
    writeFileSync(path, ratingsJson({ ...emptyRatings('trust'), participants: { copycat: { mu: 30, sigma: 1, matches: 40, wins: 20 }, 'model:m': { mu: 20, sigma: 1, matches: 40, wins: 10 } } }));
    const run = runHouseCli('ratings', path);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(2, 4).map((l) => l.split(/ {2,}/))).toEqual([
      ['1', 'copycat', '30.00', '28.0 .. 32.0', '40', '20', '$0.00', '$0.00'],
      ['2', 'model:m', '20.00', '18.0 .. 22.0', '40', '10', '-', '-'],
    ]);
    const empty = runHouseCli('ratings', '--dir', mkdtempSync(join(tmpdir(), 'house-ratings-')), '--game', 'trust');
    expect(empty.code).not.toBe(0);
    expect(empty.stderr.trim().split('\n')).toHaveLength(1);
    expect(empty.stderr).toContain('no match files of trust and no ratings.json under');
  });
});
