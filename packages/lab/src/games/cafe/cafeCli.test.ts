import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHouseCli } from '../../cli/runHouseCli.ts';


function withDir<T>(body: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-cli-'));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('house replay, cafe', () => {
  test('forced verdicts, a loan offered then accepted, a refused move: one JSON object with tokens, level and alive per round', () => {
    const scenario = {
      game: 'cafe',
      seed: 5,
      config: { rounds: 3 },
      players: ['a', 'b', 'c'],
      rounds: [
        {
          decisions: {
            a: { market: [{ type: 'offer_loan', to: 'b', amount: 500, rate: 0.1, duration: 1 }], response: 'Pool tips by hours.' },
            b: { market: [{ type: 'accept_loan', from: 'a' }, { type: 'donate', to: 'c', amount: 0.25 }], response: 'Split evenly.' },
            c: { market: [{ type: 'donate', to: 'a', amount: -3 }], response: 'No idea.' },
          },
          judge: { best: 'a', worst: 'c' },
        },
        { decisions: { a: { response: 'x' }, b: { market: [{ type: 'accept_loan', from: 'a' }], response: 'y' }, c: { response: '' } }, judge: { best: 'b', worst: 'a' } },
        { decisions: { a: { response: 'x' }, b: { response: 'y' }, c: { response: 'z' } }, judge: { best: 'c', worst: 'b' } },
        { decisions: {} },
      ],
    };
    const result = withDir((dir) => {
      writeFileSync(join(dir, 'scenario.json'), JSON.stringify(scenario));
      return runHouseCli('replay', join(dir, 'scenario.json'));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(result.stdout);
    expect(out.rounds.map((r: { round: number; players: unknown; judge: unknown }) => [r.round, r.players, r.judge])).toEqual([
      [1, { a: { tokens: 1950, level: 1, alive: true }, b: { tokens: 1449.75, level: 0, alive: true }, c: { tokens: 1450.25, level: -1, alive: true } }, { best: 'a', worst: 'c', by: 'external' }],
      // c said nothing, so the forced 'a worst' is overruled; the stand-in draws a over b (equal scores) as best.
      [2, { a: { tokens: 2447.5, level: 2, alive: true }, b: { tokens: 2422.24, level: 0, alive: true }, c: { tokens: 1922.76, level: -2, alive: true } }, { best: 'a', worst: 'c', by: 'stand-in' }],
      // Interest first (a 2,569.88, b 2,543.35), then b repays 550 to a.
      [3, { a: { tokens: 3519.88, level: 2, alive: true }, b: { tokens: 2393.35, level: -1, alive: true }, c: { tokens: 2918.9, level: -1, alive: true } }, { best: 'c', worst: 'b', by: 'external' }],
    ]);
    const types = (i: number) => out.rounds[i].events.map((e: { type: string }) => e.type);
    expect(types(0)).toEqual(['interest', 'decision_problem', 'move_refused', 'donation', 'loan_offered', 'challenge', 'responses', 'verdict', 'bonuses', 'standings']);
    expect(out.rounds[0].events[1]).toEqual({ type: 'decision_problem', player: 'c', why: 'market move 1 (donate) refused: amount: amount must be more than 0 tokens', to: ['c'] });
    expect(out.rounds[0].events[2]).toEqual({ type: 'move_refused', player: 'b', move: 'accept_loan', why: "the offer from 'a' is made this round; it can be accepted from round 2", to: ['b'] });
    expect(out.rounds[1].events.find((e: { type: string }) => e.type === 'judge_overruled')).toEqual({ type: 'judge_overruled', why: "a player without an answer must be the worst, not 'a'" });
    expect(out.rounds[1].events.find((e: { type: string }) => e.type === 'loan_accepted')).toMatchObject({ lender: 'a', borrower: 'b', amount: 500, owed: 550, dueRound: 3 });
    expect(out.rounds[2].events.find((e: { type: string }) => e.type === 'loan_repaid')).toMatchObject({ lender: 'a', borrower: 'b', owed: 550 });
    expect(out.outcome).toEqual({ over: true, winners: ['a', 'b', 'c'], kind: 'cooperative' });
  });

  test('a bad cafe config exits 2 with one line naming the key', () => {
    const run = withDir((dir) => {
      writeFileSync(join(dir, 's.json'), JSON.stringify({ game: 'cafe', players: ['a', 'b'], config: { tokens: 5 } }));
      return runHouseCli('replay', join(dir, 's.json'));
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toStartWith("error: bad cafe config: unknown key 'tokens' (allowed keys: rounds, startTokens,");
  });
});

describe('house play cafe --out', () => {
  test('writes the event log, the state, the HTML and Markdown analysis and one JSON log per round in output_elimination_v3/', () => {
    withDir((dir) => {
      const out = join(dir, 'm');
      const run = runHouseCli('play', 'cafe', '--seed', '3', '--players', 'credit-union,predatory-lender,hoarder,free-rider', '--out', out);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('cooperative after 20 rounds');
      for (const f of ['events.jsonl', 'state.json', 'report.html', 'analysis.md']) expect(existsSync(join(out, f))).toBe(true);
      const logs = readdirSync(join(out, 'output_elimination_v3')).sort();
      expect(logs).toHaveLength(20);
      expect(logs[0]).toBe('round_01.json');
      const r20 = JSON.parse(readFileSync(join(out, 'output_elimination_v3', 'round_20.json'), 'utf8'));
      expect(r20.outcome.kind).toBe('cooperative');
      expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<svg');
      expect(readFileSync(join(out, 'analysis.md'), 'utf8')).toContain('## Who helped whom');
    });
  });
});
