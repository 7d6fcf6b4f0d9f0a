import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import { runHouseCli } from '../cli/runHouseCli.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import { localKey } from '../signing/localKey.ts';
import { signaturePath, signMatchFile } from '../signing/matchSignature.ts';
import { forkSeats } from './forkSeats.ts';

const PLAYERS = 'alliance,rumour,paranoid,random,alliance-2,rumour-2';
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as MatchBundle;
const temp = (name: string) => mkdtempSync(join(tmpdir(), `house-fork-${name}-`));
let parentFile = '';

// Each test runs the CLI several times, each in a process of its own.
beforeAll(() => {
  const out = temp('parent');
  const played = runHouseCli('play', 'influence', '--seed', '2', '--players', PLAYERS.replace(/-2/g, ''), '--out', out);
  expect(played.code).toBe(0);
  parentFile = join(out, 'match.json');
});

const fork = (file: string, phase: number, ...seats: string[]) => {
  const out = temp('child');
  const run = runHouseCli('fork', file, '--phase', String(phase), ...seats.flatMap((s) => ['--seat', s]), '--out', out);
  return { ...run, file: join(out, 'match.json') };
};

describe('issue 37: fork plays a recorded match on from phase N', () => {
  test('an Influence fork keeps phases 1..N byte for byte (same heads), and differs from the parent only where a seat was swapped', () => {
    const parent = read(parentFile);
    const same = fork(parentFile, 8);
    expect(same.code).toBe(0);
    const unswapped = read(same.file);
    // With no seat swapped, playing on gives the parent's log entry for entry: the only difference a fork makes is the swap.
    expect(unswapped.log.map((e) => e.hash)).toEqual(parent.log.map((e) => e.hash));
    expect(unswapped.head).toBe(parent.head);

    const swapped = fork(parentFile, 8, 'random=alliance');
    expect(swapped.code).toBe(0);
    expect(swapped.stdout).toStartWith('forked influence-2 after phase 8 (head ');
    const child = read(swapped.file);
    const link = child.provenance!.parent!;
    const kept = parent.log.findIndex((e) => e.hash === link.head) + 1;
    expect(kept).toBeGreaterThan(0);
    expect(child.log.slice(0, kept)).toEqual(parent.log.slice(0, kept));
    expect(child.head).not.toBe(parent.head);
    expect(child.record.phases.slice(0, 8)).toEqual(parent.record.phases.slice(0, 8));
    expect(child.provenance!.seats.random).toEqual({ kind: 'strategy', strategy: 'alliance', model: null, endpoint: null });
    expect(child.provenance!.seats.rumour).toEqual(parent.provenance!.seats.rumour!);
    expect(link).toEqual({ match: 'influence-2', fingerprint: (JSON.parse(readFileSync(signaturePath(parentFile), 'utf8')) as { fingerprint: string }).fingerprint, phase: 8, head: link.head, parent: null });
    // The fork is a match file of its own: it replays whole, from phase 1.
    const replay = runHouseCli('replay-match', swapped.file);
    expect(replay.stdout).toContain(`reproduced: the event log matches the recorded one, head ${child.head}`);
    expect(runHouseCli('show', swapped.file).stdout).toContain(`forked from: influence-2 after phase 8 (head ${link.head.slice(0, 16)}, signed by key ${link.fingerprint.slice(0, 16)})`);
  }, 60_000);

  test('verify-match checks the chain of forks found beside it, and a forged parent link fails', () => {
    const first = fork(parentFile, 5, 'paranoid=rumour');
    const second = fork(first.file, 12, 'alliance=random');
    expect(second.code).toBe(0);
    const verified = runHouseCli('verify-match', second.file);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('ok   parent: influence-2-fork5, signed by key ');
    expect(verified.stdout).toContain('ok   parent: influence-2, signed by key ');
    expect(read(second.file).provenance!.parent!.parent).toEqual(read(first.file).provenance!.parent!);

    // Alone in a folder, its parent is not checked until its file is given.
    const alone = join(temp('alone'), 'match.json');
    writeFileSync(alone, readFileSync(first.file));
    writeFileSync(signaturePath(alone), readFileSync(signaturePath(first.file)));
    expect(runHouseCli('verify-match', alone).stdout).toContain('ok   parent: influence-2 not checked (its file is not beside it; pass --parent FILE)');
    expect(runHouseCli('verify-match', alone, '--parent', parentFile).stdout).toContain('ok   parent: influence-2, signed by key ');

    // A link rewritten and the file re-signed: the signature holds, the chain does not.
    const forged = read(second.file);
    forged.provenance!.parent!.parent!.head = forged.log[3]!.hash;
    writeFileSync(second.file, `${JSON.stringify(forged)}\n`);
    signMatchFile(second.file, forged.id, forged.head, localKey().key);
    const caught = runHouseCli('verify-match', second.file);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toContain('FAIL parent: influence-2-fork5: its own parent link is not the one the fork names');

    const other = read(first.file);
    other.provenance!.parent!.fingerprint = 'ab'.repeat(32);
    writeFileSync(first.file, `${JSON.stringify(other)}\n`);
    signMatchFile(first.file, other.id, other.head, localKey().key);
    expect(runHouseCli('verify-match', first.file).stdout).toMatch(/^FAIL parent: influence-2: signed by key [0-9a-f]{64}, not the key the link names \(abab/m);
  }, 60_000);

  test('--seed draws the rest anew: the fork replays whole, and a fork of it keeps that seed', () => {
    const out = temp('trust');
    expect(runHouseCli('play', 'trust', '--seed', '4', '--players', 'copycat,grudger,random', '--out', out).code).toBe(0);
    const parent = read(join(out, 'match.json'));
    const run = runHouseCli('fork', join(out, 'match.json'), '--phase', '3', '--seed', '77', '--out', join(out, 'f'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('played on as recorded, its randomness from seed 77');
    const child = read(join(out, 'f', 'match.json'));
    const kept = parent.log.findIndex((e) => e.hash === child.provenance!.parent!.head) + 1;
    expect(child.log.slice(0, kept)).toEqual(parent.log.slice(0, kept));
    expect(child.head).not.toBe(parent.head);
    expect(child.provenance!.seeds).toEqual({ match: 4, reseeded: [{ phase: 3, seed: 77 }] });
    expect(runHouseCli('replay-match', join(out, 'f', 'match.json')).stdout).toContain(`reproduced: the event log matches the recorded one, head ${child.head}`);
    expect(runHouseCli('show', join(out, 'f', 'match.json')).stdout).toContain('seeds: match 4, 77 from phase 4');
    const grandchild = fork(join(out, 'f', 'match.json'), 10);
    expect(grandchild.code).toBe(0);
    expect(read(grandchild.file).head).toBe(child.head);
    expect(read(grandchild.file).provenance!.seeds.reseeded).toEqual([{ phase: 3, seed: 77 }]);
  }, 60_000);

  test('the CLI\'s usage names show, fork and verify-match\'s new flags', () => {
    const usage = runHouseCli().stdout + runHouseCli().stderr;
    expect(usage).toContain('  show <match file>');
    expect(usage).toContain('  fork <match file> --phase N [--seat ID=PLAYER]... [--seed S] [--out dir]');
    expect(usage).toContain('  verify-match <match file> [--key house-public-key.pem | --house URL] [--parent FILE]...');
  });

  test('a model seat cannot play on offline: refused in one line naming it; an unsigned file cannot be forked', () => {
    const parent = read(parentFile);
    parent.provenance!.seats.rumour = { kind: 'model', strategy: 'rumour', model: 'gpt-x', endpoint: 'http@https://api.example.com/v1' };
    expect(forkSeats(influenceGame, parent, new Map())).toEqual({ ok: false, error: 'seat rumour was played by model gpt-x, which cannot play on offline; name who plays it with --seat rumour=PLAYER' });
    expect(forkSeats(influenceGame, parent, new Map([['rumour', { kind: 'offline', strategy: games.influence!.strategies.random! }]])).ok).toBe(true);

    const zero = runHouseCli('fork', parentFile, '--phase', '0', '--out', temp('zero'));
    expect(zero.code).toBe(2);
    expect(zero.stderr.trim()).toBe(`error: --phase must be a whole number from 1 to ${parent.record.phases.length}, got '0'`);

    const unsigned = join(temp('unsigned'), 'match.json');
    writeFileSync(unsigned, readFileSync(parentFile));
    const refused = runHouseCli('fork', unsigned, '--phase', '3');
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringContaining('only a signed match file can be forked: no signature beside it')]);
  });
});
