import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../cli/cliError.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { sweepCommand } from './sweepCommand.ts';
import { configKeys, parseSweepArgs, planRuns } from './sweepPlan.ts';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { quietly } from '../testing/quietly.ts';

const dir = mkdtempSync(join(tmpdir(), 'goldmine-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tiny = (out: string, workers: string) => [
  'goldmine',
  '--seeds', '2', '--rounds', '20', '--players', '4', '--population', 'greedy-mine:2,random:2',
  '--treatment', 'truce=1,2', '--out', join(dir, out), '--workers', workers,
];

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');

describe('sweep goldmine, end to end', () => {
  test('a tiny sweep writes one CSV row per run and metric, a summary per treatment, and a report', async () => {
    expect(await quietly(() => sweepCommand(tiny('a', '0')))).toBe(0);
    const out = join(dir, 'a');
    expect(lines(join(out, 'runs.jsonl'))).toHaveLength(4);
    const csv = lines(join(out, 'results.csv'));
    expect(csv[0]).toBe('run,seed,truce,metric,whole,first_half,second_half');
    // 15 ODD metrics + the score of each of the 2 strategies, for 4 runs.
    expect(csv).toHaveLength(1 + 4 * 17);
    expect(csv[1]).toStartWith('truce=1#1,1,1,turnover,');
    const summary = lines(join(out, 'summary.csv'));
    expect(summary).toHaveLength(1 + 2 * 17);
    expect(summary[1]).toStartWith('truce=1,turnover,2,');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<canvas id="chart0">');
    expect(html).not.toContain('<script src=');
  });

  test('worker threads give the same results; a killed sweep resumes and finishes only what is missing', async () => {
    expect(await quietly(() => sweepCommand(tiny('b', '2')))).toBe(0);
    const out = join(dir, 'b');
    expect(readFileSync(join(out, 'results.csv'), 'utf8')).toBe(readFileSync(join(dir, 'a', 'results.csv'), 'utf8'));
    const runs = lines(join(out, 'runs.jsonl'));
    // Keep two finished runs and a torn line, as a kill in mid-write would leave.
    writeFileSync(join(out, 'runs.jsonl'), `${runs[0]}\n${runs[2]}\n${runs[1]!.slice(0, 50)}`);
    const kept = [runs[0], runs[2]].map((l) => JSON.parse(l!).id);
    expect(await quietly(() => sweepCommand(tiny('b', '0')))).toBe(0);
    const after = lines(join(out, 'runs.jsonl')).map((l) => JSON.parse(l).id);
    expect(after.slice(0, 2)).toEqual(kept);
    expect(after.sort()).toEqual(planRuns(parseSweepArgs(tiny('b', '0')).plan, goldmineGame).map((j) => j.id).sort());
    expect(readFileSync(join(out, 'results.csv'), 'utf8')).toBe(readFileSync(join(dir, 'a', 'results.csv'), 'utf8'));
  });

  test('killed for real (SIGKILL) and started again, it runs only what is missing and ends as an uninterrupted sweep', async () => {
    const out = join(dir, 'killed');
    const args = ['sweep', 'goldmine', '--seeds', '6', '--rounds', '1500', '--population', 'greedy-mine:5,random:5', '--workers', '1', '--out', out];
    const runs = join(out, 'runs.jsonl');
    const finished = () => (existsSync(runs) ? readFileSync(runs, 'utf8').split('\n').filter((l) => l.endsWith('}')).length : 0);
    const first = Bun.spawn([process.execPath, HOUSE_MAIN, ...args], { stdout: 'ignore', stderr: 'ignore' });
    let exited = false;
    void first.exited.then(() => (exited = true));
    while (finished() < 2 && !exited) await Bun.sleep(2);
    first.kill('SIGKILL');
    await first.exited;
    const before = finished();
    expect(before).toBeGreaterThanOrEqual(2);
    expect(before).toBeLessThan(6);
    const second = Bun.spawnSync([process.execPath, HOUSE_MAIN, ...args], { stdout: 'pipe', stderr: 'pipe' });
    expect(second.exitCode).toBe(0);
    expect(second.stderr.toString()).toContain(`goldmine sweep: 6 runs (${before} already done)`);
    expect(lines(runs)).toHaveLength(6);
    const reference = args.map((a) => (a === out ? join(dir, 'uninterrupted') : a === '1' ? '0' : a)).slice(1);
    expect(await quietly(() => sweepCommand(reference))).toBe(0);
    expect(readFileSync(join(out, 'results.csv'), 'utf8')).toBe(readFileSync(join(dir, 'uninterrupted', 'results.csv'), 'utf8'));
  });

  test('an out dir holding another sweep is refused', async () => {
    const other = tiny('a', '0').map((a) => (a === 'truce=1,2' ? 'truce=1,3' : a));
    await expect(quietly(() => sweepCommand(other))).rejects.toThrow("holds a different sweep");
  });
});

describe('sweep arguments', () => {
  const fails = (argv: string[]) => {
    try {
      parseSweepArgs(['goldmine', ...argv]);
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      return (error as Error).message;
    }
    throw new Error('expected a CliError');
  };

  test('the plan: every treatment combination x seeds, seats in population order', () => {
    const { plan } = parseSweepArgs(['goldmine', '--seeds', '3', '--population', 'greedy-mine:5,defend-then-mine:5', '--treatment', 'truce=1,2', '--treatment', 'stamina=8,10,12']);
    const jobs = planRuns(plan, goldmineGame);
    expect(plan.players).toBe(10);
    expect(jobs).toHaveLength(2 * 3 * 3);
    expect(jobs[0]!.id).toBe('truce=1,stamina=8#1');
    expect((jobs[0]!.config as { stamina: number }).stamina).toBe(8);
    expect(jobs[0]!.lineup.slice(4, 6)).toEqual(['greedy-mine', 'defend-then-mine']);
    expect(jobs[0]!.snapshots).toEqual([1, 100, 200]);
    expect(jobs[1]!.snapshots).toEqual([]);
  });

  test('a players treatment scales the population, keeping its shares', () => {
    const { plan } = parseSweepArgs(['goldmine', '--seeds', '1', '--population', 'greedy-mine:3,random:2', '--treatment', 'players=5,10']);
    expect(planRuns(plan, goldmineGame).map((j) => [j.id, j.lineup.join(' ')])).toEqual([
      ['players=5#1', 'greedy-mine greedy-mine greedy-mine random random'],
      ['players=10#1', 'greedy-mine greedy-mine greedy-mine greedy-mine greedy-mine greedy-mine random random random random'],
    ]);
    expect(planRuns(plan, goldmineGame)[1]!.treatment).toEqual({ players: 10 });
  });

  test('bad input is one clear line', () => {
    expect(fails(['--treatment', 'colour=1,2'])).toBe(`unknown treatment key 'colour' (allowed: ${[...configKeys(goldmineGame), 'players'].join(', ')})`);
    expect(configKeys(goldmineGame)).toContain('truce');
    expect(fails(['--population', 'greedy-mine:5,random:5', '--treatment', 'players=10,15'])).toBe(
      "treatment players=15 cannot keep the population's shares (greedy-mine:5,random:5) in whole seats",
    );
    expect(fails(['--population', 'greedy:10'])).toBe("unknown policy 'greedy' in --population (known: random, greedy-mine, defend-then-mine, tit-for-tat-raid, or model:<name>[/strategy], or a2a:<url>, http:<url>, openai:<base url>#<model>)");
    expect(fails(['--seeds', 'ten'])).toBe("--seeds must be a whole number from 1 to 100000, got 'ten'");
    expect(fails(['--treatment', 'stamina=8,x'])).toStartWith("bad value 'x' for treatment stamina:");
    expect(fails(['--treatment', 'defense=all,some'])).toStartWith("bad value 'some' for treatment defense:");
    expect(fails(['--players', '10', '--population', 'random:3'])).toBe('--population seats 3 players but --players is 10');
    expect(fails(['--seeds'])).toBe('--seeds needs a value');
    expect(fails(['--speed', '3'])).toStartWith("unknown sweep argument '--speed'");
  });
});
