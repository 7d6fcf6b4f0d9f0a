import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tieBreak } from '@the-house/games/goldmine/applyGoldmineRound.ts';
import { runHouseCli } from '../../cli/runHouseCli.ts';


function file(body: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'goldmine-cli-')), 'scenario.json');
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

/** One line on stderr, a non-zero exit, nothing on stdout, no stack trace. */
function oneLineError(run: ReturnType<typeof runHouseCli>, code: number, start: string): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toStartWith(`error: ${start}`);
}

describe('house replay, goldmine', () => {
  test('rounds report each player\'s cumulative gold and the plots it owns after the round', () => {
    const claimWinner = ['a', 'b', 'c'][tieBreak(3, 1, 1, 'claim', [0, 2]).winner]!;
    const run = runHouseCli(
      'replay',
      file({
        game: 'goldmine',
        seed: 3,
        config: { size: 3, rounds: 3 },
        players: ['a', 'b', 'c'],
        rounds: [
          { decisions: { a: { actions: [{ type: 'claim', plot: 0 }, { type: 'claim', plot: 1 }] }, b: { actions: [{ type: 'claim', plot: 8 }] }, c: { actions: [{ type: 'claim', plot: 1 }] } } },
          { decisions: { a: { actions: [{ type: 'defend', plot: 0 }, { type: 'mine', plot: 0, k: 3 }] }, b: { actions: [{ type: 'raid', plot: 0 }, { type: 'mine', plot: 8, k: 2 }] }, c: 'hello' } },
          { decisions: { a: '{"actions":[{"type":"mine","plot":0,"k":3},{"type":"raid","plot":8}]}', b: { actions: [{ type: 'mine', plot: 8, k: 3 }] }, c: { actions: [{ type: 'claim', plot: 4 }] } } },
          { decisions: {} },
        ],
      }),
    );
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(run.stdout);
    const plot1 = (p: string) => (claimWinner === p ? [1] : []);
    expect(result.rounds.map((r: { round: number; players: unknown }) => [r.round, r.players])).toEqual([
      [1, { a: { gold: 0, plots: [0, ...plot1('a')] }, b: { gold: 0, plots: [8] }, c: { gold: 0, plots: plot1('c') } }],
      [2, { a: { gold: 3, plots: [0, ...plot1('a')] }, b: { gold: 2, plots: [8] }, c: { gold: 0, plots: plot1('c') } }],
      [3, { a: { gold: 6, plots: [0, ...plot1('a'), 8] }, b: { gold: 2, plots: [] }, c: { gold: 0, plots: [...plot1('c'), 4] } }],
    ]);
    expect(result.outcome).toEqual({ over: true, winners: ['a'], kind: 'limit' });
    const round1 = result.rounds[0].events.find((e: { type: string }) => e.type === 'round');
    expect(round1.draws).toEqual([{ kind: 'claim', plot: 1, participants: [0, 2], stream: expect.any(Number), winner: claimWinner === 'a' ? 0 : 2 }]);
    expect(round1.to).toBeUndefined();
    const fallback = result.rounds[1].events.find((e: { type: string }) => e.type === 'fallback');
    expect(fallback).toMatchObject({ player: 'c', to: ['c'] });
    expect(fallback.reason).toStartWith('decision is not valid JSON');
    expect(result.rounds[1].events.find((e: { type: string }) => e.type === 'ledger')).toMatchObject({ gold: [3, 2, 0], to: [] });
  });

  test('a bad goldmine config or player count exits 2 with one line', () => {
    oneLineError(runHouseCli('replay', file({ game: 'goldmine', players: ['a', 'b'], config: { defense: 'strong' } })), 2, 'bad goldmine config: defense:');
    oneLineError(runHouseCli('replay', file({ game: 'goldmine', players: ['a', 'b'], config: { sise: 3 } })), 2, "bad goldmine config: unknown key 'sise' (allowed keys: size, rounds, stamina, cap, alpha, plotAlpha, truce, defense, history, talk, authority, authorityFine)");
    oneLineError(runHouseCli('replay', file({ game: 'goldmine', players: ['a'] })), 2, 'goldmine needs 2 to 20 players, got 1');
  });
});

describe('house play and check, goldmine', () => {
  test('play writes the log, the state and the report; check re-plays it; a tampered log fails with one line', () => {
    const out = mkdtempSync(join(tmpdir(), 'goldmine-play-'));
    const played = runHouseCli('play', 'goldmine', '--seed', '5', '--players', 'random,greedy-mine,defend-then-mine,tit-for-tat-raid', '--out', out);
    expect(played.code).toBe(0);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toStartWith('<!doctype html>');
    const checked = runHouseCli('check', 'goldmine', out);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toStartWith('ok: 200 rounds re-played from seed 5');
    const events = readFileSync(join(out, 'events.jsonl'), 'utf8');
    writeFileSync(join(out, 'events.jsonl'), events.replace('"gained":[', '"gained":[1,'));
    oneLineError(runHouseCli('check', 'goldmine', out), 1, 'check failed at round ');
    oneLineError(runHouseCli('check', 'goldmine', join(out, 'nowhere')), 2, 'no events.jsonl in');
  });
});

describe('house sweep goldmine: bad arguments', () => {
  test('an unknown treatment, policy or flag, or a bad value: one line, exit 2', () => {
    oneLineError(runHouseCli('sweep', 'goldmine', '--treatment', 'weather=1,2'), 2, "unknown treatment key 'weather'");
    oneLineError(runHouseCli('sweep', 'goldmine', '--population', 'miser:10'), 2, "unknown policy 'miser' in --population");
    oneLineError(runHouseCli('sweep', 'goldmine', '--treatment', 'truce=1,x'), 2, "bad value 'x' for treatment truce");
    oneLineError(runHouseCli('sweep', 'goldmine', '--rounds', '0'), 2, '--rounds must be a whole number from 1 to 10000');
    oneLineError(runHouseCli('sweep', 'goldmine', '--fast'), 2, "unknown sweep argument '--fast'");
  });
});
