import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { CliError } from '../cli/cliError.ts';
import { sweepCommand } from './sweepCommand.ts';
import { parseSweepArgs, planRuns } from './sweepPlan.ts';
import { quietly } from '../testing/quietly.ts';

const dir = mkdtempSync(join(tmpdir(), 'sweep-games-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');

/** A small sweep per game: 2 seeds x 2 treatments, few rounds, a mixed population. */
const SWEEPS: Record<string, string[]> = {
  trust: ['--rounds', '8', '--population', 'copycat:1,always-cheat:1', '--treatment', 'missChance=0,0.3'],
  cafe: ['--rounds', '4', '--population', 'credit-union:2,free-rider:2', '--treatment', 'interestRate=0,0.1'],
  influence: ['--population', 'alliance:2,random:2', '--treatment', 'maxDmRecipients=2,3'],
  goldmine: ['--rounds', '12', '--players', '4', '--population', 'greedy-mine:2,random:2', '--treatment', 'truce=1,3'],
};

describe('sweep <game>: one runner for every game', () => {
  for (const [id, args] of Object.entries(SWEEPS)) {
    test(`${id}: 2 seeds x 2 treatments give its metrics, a summary with CIs, ratings and a report; worker threads agree`, async () => {
      const game = games[id]!;
      const argv = (out: string, workers: string) => [id, '--seeds', '2', ...args, '--out', join(dir, `${id}-${out}`), '--workers', workers];
      expect(await quietly(() => sweepCommand(argv('a', '0')))).toBe(0);
      const out = join(dir, `${id}-a`);
      const defs = game.metrics!.defs.map((d) => d.name);
      const csv = lines(join(out, 'results.csv'));
      const key = SWEEPS[id]!.at(-1)!.split('=')[0]!;
      expect(csv[0]).toBe(`run,seed,${key},metric,whole,first_half,second_half`);
      const policies = 2;
      expect(csv).toHaveLength(1 + 4 * (defs.length + policies));
      for (const name of defs) expect(csv.some((l) => l.split(',')[3] === name)).toBe(true);
      const summary = lines(join(out, 'summary.csv'));
      expect(summary).toHaveLength(1 + 2 * (defs.length + policies));
      expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('Policy ratings');
      const ratings = JSON.parse(readFileSync(join(out, 'ratings.json'), 'utf8')) as { game: string; participants: Record<string, unknown> };
      expect(ratings.game).toBe(id);
      expect(Object.keys(ratings.participants).sort()).toEqual([...new Set(SWEEPS[id]![SWEEPS[id]!.indexOf('--population') + 1]!.split(',').map((p) => p.split(':')[0]!))].sort());
      const html = readFileSync(join(out, 'report.html'), 'utf8');
      expect(html).toContain(`<h1>${game.title} sweep</h1>`);
      expect(html).toContain('<h2>At a glance</h2>');
      expect(html).not.toContain('<script src=');
      expect(await quietly(() => sweepCommand(argv('b', '2')))).toBe(0);
      expect(readFileSync(join(dir, `${id}-b`, 'results.csv'), 'utf8')).toBe(readFileSync(join(out, 'results.csv'), 'utf8'));
    });
  }

  test('a game without a round limit refuses --rounds; a treatment value the game refuses is one line', () => {
    expect(() => parseSweepArgs(['influence', '--rounds', '5'])).toThrow(new CliError('influence has no round limit to set (it ends by its own rules); leave out --rounds'));
    expect(() => parseSweepArgs(['trust', '--treatment', 'missChance=2'])).toThrow(/^bad value '2' for treatment missChance: /);
    expect(() => parseSweepArgs(['trust', '--treatment', '__proto__.x=1'])).toThrow(/unknown treatment key '__proto__.x'/);
    expect(() => parseSweepArgs(['chess'])).toThrow(/unknown game 'chess'/);
  });

  test('values are typed: numbers, true/false, text, or a JSON list', () => {
    const { plan } = parseSweepArgs(['trust', '--seeds', '1', '--treatment', 'observer=decline,grant', '--treatment', 'noise=[0,0.1]']);
    expect(plan.treatments).toEqual([
      { key: 'observer', values: ['decline', 'grant'] },
      { key: 'noise', values: [0, 0.1] },
    ]);
    expect(planRuns(plan, games.trust!).map((r) => r.id)).toEqual(['observer=decline,noise=0#1', 'observer=decline,noise=0.1#1', 'observer=grant,noise=0#1', 'observer=grant,noise=0.1#1']);
  });
});
