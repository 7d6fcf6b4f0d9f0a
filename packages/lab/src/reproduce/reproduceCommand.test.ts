import { expect, test } from 'bun:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHouseCli } from '../cli/runHouseCli.ts';
import { quietly } from '../testing/quietly.ts';
import { evolutionOfTrust } from './evolutionOfTrust.ts';
import { runPreset } from './reproduceCommand.ts';

test('a preset writes results.csv, report.md, its plots as PNG and a manifest naming the preset, its whole config, seeds, commit, versions and command line', async () => {
  const out = mkdtempSync(join(tmpdir(), 'house-reproduce-'));
  const config = { ...evolutionOfTrust.config(1), generations: 3, mistakes: { ...evolutionOfTrust.config(1).mistakes, rates: [0.05] } };
  const argv = ['evolution-of-trust', '--seeds', '1', '--out', out];
  await quietly(() => runPreset(evolutionOfTrust, config, 1, out, argv));
  expect(readFileSync(join(out, 'results.csv'), 'utf8')).toStartWith('stage,mistake_rate,seed,generation,strategy,measure,value\n');
  const report = readFileSync(join(out, 'report.md'), 'utf8');
  for (const png of ['evolution.png', 'mistakes-5.png', 'mistakes-final.png']) {
    expect(report).toContain(`(${png})`);
    expect([...readFileSync(join(out, png)).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  }
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  expect(manifest).toMatchObject({ preset: 'evolution-of-trust', config, seeds: [1], commandLine: `bun run house reproduce evolution-of-trust --seeds 1 --out ${out}` });
  expect(manifest.git.commit).toMatch(/^[0-9a-f]{40}$/);
  expect(manifest.versions).toMatchObject({ '@the-house/lab': '0.1.0', '@the-house/games': '0.1.0', zod: '4.3.6' });
  expect(typeof manifest.versions.bun).toBe('string');
});

test('reproduce refuses, in one line: no preset, an unknown one, seeds out of bounds, --queue for a preset that runs on one machine', () => {
  const cases: Array<[string[], RegExp]> = [
    [[], /^error: missing preset\n/],
    [['nonsense'], /^error: unknown preset 'nonsense' \(presets: evolution-of-trust/],
    [['evolution-of-trust', '--seeds', '0'], /^error: --seeds must be a whole number from 1 to 200, got '0'\n$/],
    [['evolution-of-trust', '--queue'], /^error: evolution-of-trust runs on one machine only: [^\n]+\n$/],
  ];
  for (const [args, error] of cases) {
    const run = runHouseCli('reproduce', ...args);
    expect([args, run.code]).toEqual([args, 2]);
    expect(run.stderr).toMatch(error);
  }
});
