import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { parseSweepArgs, planRuns, sweepName } from '../sweep/sweepPlan.ts';
import { CliError } from './cliError.ts';
import { runHouseCli } from './runHouseCli.ts';

const fails = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  throw new Error('no error');
};

describe('sweep <game> --help: the config keys a sweep may vary or fix, with their value forms', () => {
  test('goldmine: every key with its form and default, the treatments of RULES G-e and G-f in the forms a command line takes', () => {
    const run = runHouseCli('sweep', 'goldmine', '--help');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toStartWith('usage: sweep goldmine ');
    expect(out).toContain('--treatment KEY=V1,V2');
    expect(out).toContain('--set KEY=VALUE');
    const line = (key: string) => out.split('\n').find((l) => l.trimStart().startsWith(`${key} `))!.trim();
    expect(line('size')).toBe('size  whole number 2..32 (default 10)');
    expect(line('history')).toBe('history  none | last | k5 | full (default k5): what a player sees of past rounds: nothing but the map, the last round, the last 5, or every round');
    expect(line('stamina')).toBe('stamina  whole number 1..100, or "a/b" (two classes, e.g. 8/12), or stamina.<player id>=whole number 1..100 (one player; the others get 10) (default 10): stamina per round');
    expect(line('plotAlpha')).toBe('plotAlpha  uniform | gradient | random, or plotAlpha.<plot>=number above 0 up to 1000 (one plot; the others yield alpha) (default uniform): gold per mined stamina, plot by plot');
    expect(line('talk')).toStartWith('talk  true | false (default false)');
    expect(line('authority')).toStartWith('authority  whole number 0..10000 (default 0)');
    expect(line('players')).toBe('players  treatment only: seats, whole number 2..20, the population\'s shares kept');
  });

  test('nested keys are dotted (Trust shocks, Influence timers); the strategies are listed; no game is a usage line', () => {
    const trust = runHouseCli('sweep', 'trust', '--help').stdout;
    expect(trust).toContain('shocks.synergy  whole number 0..20 (default 0)');
    expect(trust).toContain('observer  decline | grant | wary (default decline)');
    expect(trust).toContain('missChance  number 0..1 (default 0.15)');
    expect(trust).toContain('strategies (--population NAME:COUNT,...):');
    expect(runHouseCli('sweep', 'influence', '--help').stdout).toContain('timers.whisper  whole number 1..86400000 (default 600000)');
    const bare = runHouseCli('sweep', '--help');
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('usage: sweep <game>');
    expect(bare.stdout).toContain('bun run house sweep <game> --help');
  });
});

describe('--set KEY=VALUE fixes a setting for every run of a sweep or tournament', () => {
  test('a sweep: every run carries it, treatments vary on top of it, and a plan without --set keeps its name', () => {
    const args = ['goldmine', '--seeds', '2', '--rounds', '10', '--population', 'greedy-mine:2,random:2', '--treatment', 'history=none,full'];
    const plain = parseSweepArgs(args).plan;
    const set = parseSweepArgs([...args, '--set', 'authority=3', '--set', 'stamina=8/12', '--set', 'plotAlpha.5=2']).plan;
    expect(plain).not.toHaveProperty('settings');
    expect(sweepName(plain)).toBe(sweepName(parseSweepArgs(args).plan));
    expect(set.settings).toEqual({ authority: 3, stamina: '8/12', 'plotAlpha.5': 2 });
    expect(sweepName(set)).not.toBe(sweepName(plain));
    const runs = planRuns(set, goldmineGame);
    expect(runs.map((r) => r.id)).toEqual(['history=none#1', 'history=none#2', 'history=full#1', 'history=full#2']);
    for (const r of runs) expect(r.config).toMatchObject({ rounds: 10, authority: 3, stamina: [8, 12], plotAlpha: { '5': 2 } });
    expect(runs.map((r) => (r.config as { history: string }).history)).toEqual(['none', 'none', 'full', 'full']);
  });

  test('a bad --set is one clear line: unknown key, bad value, a key also varied, a reserved key', () => {
    const base = ['goldmine', '--seeds', '1', '--population', 'random:2'];
    expect(fails(() => parseSweepArgs([...base, '--set', 'colour=red']))).toStartWith("unknown --set key 'colour' (allowed: size, rounds,");
    expect(fails(() => parseSweepArgs([...base, '--set', 'history=k7']))).toStartWith("bad value 'k7' for --set history: ");
    expect(fails(() => parseSweepArgs([...base, '--set', 'truce=2', '--treatment', 'truce=1,3']))).toBe("truce is both fixed (--set) and varied (--treatment); give it once");
    expect(fails(() => parseSweepArgs([...base, '--set', 'size']))).toBe("--set needs KEY=VALUE (a key of goldmine's config), got 'size'");
    expect(fails(() => parseSweepArgs([...base, '--set', '__proto__.x=1']))).toBe("--set key '__proto__.x' is not allowed");
  });

  test('a tournament and a headless play take it too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-set-'));
    try {
      const run = runHouseCli('tournament', 'trust', '--players', 'copycat,always-cheat', '--repeats', '1', '--set', 'maxRounds=3', '--set', 'shocks.chance=1', '--workers', '0');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('3 matches (2 strategies, every pair and self-pair, 1 repeats, seed 1)');
      const played = runHouseCli('play', 'trust', '--seed', '2', '--players', 'copycat,grudger', '--set', 'maxRounds=4', '--out', dir);
      expect(played.code).toBe(0);
      expect(played.stdout).toContain('after 4 rounds');
      const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { state: { config: { maxRounds: number } } };
      expect(state.state.config.maxRounds).toBe(4);
      expect(trustGame.configSchema.parse(state.state.config).maxRounds).toBe(4);
      const bad = runHouseCli('tournament', 'trust', '--players', 'copycat', '--set', 'maxRounds=zero');
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim()).toStartWith("error: bad value 'zero' for --set maxRounds: ");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
