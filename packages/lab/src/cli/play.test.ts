import { describe, expect, test } from 'bun:test';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { HOUSE_MAIN, runHouseCli } from './runHouseCli.ts';
import { PUBLIC_KEY_FILE } from '../signing/localKey.ts';
import { fingerprintOf } from '../signing/matchSignature.ts';


describe('house play', () => {
  test('plays one match: progress on stderr, summary on stdout, the event log and final state in --out', () => {
    const out = mkdtempSync(join(tmpdir(), 'house-play-'));
    const run = runHouseCli('play', 'trust', '--seed', '4', '--players', 'copycat,copycat,prudent', '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('trust seed 4: round 1 (');
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^player\s+strategy\s+score\s+alive\s+result$/);
    expect(lines.slice(2, 5).map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ['copycat', 'copycat'],
      ['copycat-2', 'copycat'],
      ['prudent', 'prudent'],
    ]);
    const log = readFileSync(join(out, 'events.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const final = JSON.parse(readFileSync(join(out, 'state.json'), 'utf8'));
    expect(verifyChain(log, final.head)).toEqual({ ok: true });
    expect(final.outcome.over).toBe(true);
    expect(lines.at(-4)).toContain(`${final.outcome.kind} after ${final.state.round} rounds`);
    expect(lines.at(-2)).toBe(`files: ${join(out, 'match.json')}, ${join(out, 'report.html')}`);
    expect(lines.at(-1)).toStartWith(`signed: ${join(out, 'match.sig.json')} with the local key `);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toStartWith('<!doctype html>');
    expect(report).toContain('<canvas id="scores">');
    expect(report).not.toContain('<script src=');
  });

  test('issue 36: --out signs match.json with the local key, and verify-match checks it against its public key', () => {
    const out = mkdtempSync(join(tmpdir(), 'house-play-'));
    const keyDir = mkdtempSync(join(tmpdir(), 'house-key-'));
    const cli = (...args: string[]) => {
      const run = Bun.spawnSync([process.execPath, HOUSE_MAIN, ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, HOUSE_PLAY_KEY_DIR: keyDir } });
      return { code: run.exitCode, stdout: run.stdout.toString() };
    };
    const played = cli('play', 'trust', '--seed', '4', '--players', 'copycat,prudent', '--out', out);
    expect(played.code).toBe(0);
    const publicKey = join(keyDir, PUBLIC_KEY_FILE);
    const fingerprint = fingerprintOf(createPublicKey(readFileSync(publicKey, 'utf8')));
    const file = join(out, 'match.json');
    expect(played.stdout.trim().split('\n').at(-1)).toBe(`signed: ${join(out, 'match.sig.json')} with the local key ${fingerprint} (bun run house verify-match ${file} --key ${publicKey})`);
    // Before: no match.sig.json, and verify-match failed the file for want of a signature.
    const verified = cli('verify-match', file, '--key', publicKey);
    expect(verified.stdout).toContain('ok   key: the one given');
    expect(verified.code).toBe(0);
    // The private key stays in its own folder, never beside the match.
    expect(readdirSync(out).some((name) => name.includes('signing-key'))).toBe(false);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"seed":4', '"seed":5'));
    expect(cli('verify-match', file, '--key', publicKey).code).toBe(1);
  });

  test('the same seed writes the same log', () => {
    const a = mkdtempSync(join(tmpdir(), 'house-play-'));
    const b = mkdtempSync(join(tmpdir(), 'house-play-'));
    runHouseCli('play', 'trust', '--seed', '9', '--players', 'random,detective', '--out', a);
    runHouseCli('play', 'trust', '--seed', '9', '--players', 'random,detective', '--out', b);
    expect(readFileSync(join(a, 'events.jsonl'), 'utf8')).toBe(readFileSync(join(b, 'events.jsonl'), 'utf8'));
  });

  test('bad strategy, bad config file or bad config key: one line on stderr, exit 2, no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-bad-'));
    writeFileSync(join(dir, 'broken.json'), '{"maxRounds": ');
    writeFileSync(join(dir, 'unknown.json'), '{"maxRound": 5}');
    writeFileSync(join(dir, 'value.json'), '{"observer": "kind"}');
    const cases: Array<[string[], string]> = [
      [['play', 'trust', '--players', 'copycat,saint'], "error: unknown trust strategy 'saint' (strategies: copycat, always-cooperate"],
      [['play', 'trust', '--players', 'copycat,grudger', '--config', join(dir, 'broken.json')], `error: config file '${join(dir, 'broken.json')}' is not valid JSON`],
      [['play', 'trust', '--players', 'copycat,grudger', '--config', join(dir, 'missing.json')], 'error: cannot read config file'],
      [['play', 'trust', '--players', 'copycat,grudger', '--config', join(dir, 'unknown.json')], "error: bad trust config: unknown key 'maxRound' (allowed keys: startSats, maxRounds"],
      [['play', 'trust', '--players', 'copycat,grudger', '--config', join(dir, 'value.json')], 'error: bad trust config: observer: '],
      [['play', 'chess', '--players', 'a,b'], "error: unknown game 'chess'"],
      [['play', 'trust', '--players', 'copycat'], 'error: trust needs 2 to 8 players, got 1'],
      [['play', 'trust', '--players', 'copycat,grudger', '--seed', 'x'], "error: --seed must be a whole number, got 'x'"],
    ];
    for (const [args, message] of cases) {
      const run = runHouseCli(...args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.split('\n')[0]).toStartWith(message);
      expect(run.stderr).not.toContain('    at ');
    }
  });
});
