import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { PROMPT_FORMAT } from '../decision/promptFormat.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import { runHouseCli } from '../cli/runHouseCli.ts';
import { matchProvenance, rulesText } from './matchProvenance.ts';

const playOut = () => {
  const out = mkdtempSync(join(tmpdir(), 'house-provenance-'));
  const run = runHouseCli('play', 'trust', '--seed', '3', '--players', 'copycat,grudger', '--set', 'maxRounds=6', '--out', out);
  expect(run.code).toBe(0);
  return join(out, 'match.json');
};

// The CLI tests run several processes each: a loaded machine may take longer than the default 5 s.
describe('issue 37: every match file says what it was played with', () => {
  test('play --out keeps the commit, versions, config, rules hash, prompt format, seats and seed beside the log, and replay-match still reproduces it', () => {
    const file = playOut();
    const bundle = JSON.parse(readFileSync(file, 'utf8')) as MatchBundle;
    const p = bundle.provenance!;
    expect(p.game).toBe('trust');
    expect(p.config).toEqual(bundle.config);
    expect(p.rulesSha256).toBe(sha256Hex(rulesText(trustGame, bundle.config, 3, ['copycat', 'grudger'])));
    expect(p.promptFormat).toBe(PROMPT_FORMAT);
    expect(p.seeds).toEqual({ match: 3 });
    expect(p.seats).toEqual({ copycat: { kind: 'strategy', strategy: 'copycat', model: null, endpoint: null }, grudger: { kind: 'strategy', strategy: 'grudger', model: null, endpoint: null } });
    expect(p.versions['@the-house/lab']).toMatch(/^\d+\.\d+\.\d+/);
    expect(p.versions['@the-house/games']).toMatch(/^\d+\.\d+\.\d+/);
    expect(p.versions['@elizaos/core']).toMatch(/^\d+\.\d+\.\d+/);
    expect(p.git?.commit).toMatch(/^[0-9a-f]{40}$/);
    const replay = runHouseCli('replay-match', file);
    expect(replay.stdout).toContain('reproduced');
    expect(replay.code).toBe(0);
  }, 60_000);

  test('a rule setting changes the rules hash; an endpoint keeps no credentials or query', () => {
    const seats = { a: { kind: 'model' as const, strategy: 'copycat', model: 'gpt-x', endpoint: 'https://user:hunter2@api.example.com/v1?key=sk-abc' }, b: { kind: 'strategy' as const, strategy: 'grudger', model: null, endpoint: null } };
    const one = matchProvenance({ game: trustGame, config: {}, seed: 1, players: ['a', 'b'], seats });
    const other = matchProvenance({ game: trustGame, config: { missChance: 0.2 }, seed: 1, players: ['a', 'b'], seats });
    expect(one.rulesSha256).not.toBe(other.rulesSha256);
    expect(JSON.stringify(one)).not.toContain('hunter2');
    expect(JSON.stringify(one)).not.toContain('sk-abc');
    expect(one.seats.a!.endpoint).toStartWith('https://');
    expect(one.seats.a!.endpoint).toContain('api.example.com/v1');
  });

  test('show prints the outcome per seat and the provenance in plain lines; a file older than provenance still shows and replays', () => {
    const file = playOut();
    const shown = runHouseCli('show', file);
    expect(shown.code).toBe(0);
    const bundle = JSON.parse(readFileSync(file, 'utf8')) as MatchBundle;
    const lines = shown.stdout.trim().split('\n');
    expect(lines[0]).toStartWith(`match: trust-3 (trust, seed 3, finished, ${bundle.log.length} log entries, head ${bundle.head.slice(0, 16)})`);
    expect(lines).toContain(`seat copycat: ${bundle.outcome.winners.includes('copycat') ? 'winner' : 'not a winner'}; strategy, strategy copycat`);
    expect(lines).toContain(`rules text sha256: ${bundle.provenance!.rulesSha256}`);
    expect(lines).toContain(`prompt format: ${PROMPT_FORMAT}`);
    expect(lines).toContain('seeds: match 3');
    expect(lines.some((l) => l.startsWith('code: commit '))).toBe(true);
    expect(lines.some((l) => l.startsWith('versions: ') && l.includes('@the-house/lab '))).toBe(true);

    const { provenance: _, ...old } = bundle;
    const oldFile = join(mkdtempSync(join(tmpdir(), 'house-provenance-old-')), 'match.json');
    writeFileSync(oldFile, `${JSON.stringify(old)}\n`);
    const oldShown = runHouseCli('show', oldFile);
    expect(oldShown.code).toBe(0);
    expect(oldShown.stdout).toContain('provenance: none (the file is older than provenance)');
    expect(runHouseCli('replay-match', oldFile).code).toBe(0);
  }, 60_000);
});
