import { describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHouseCli } from './runHouseCli.ts';


function scenarioFile(body: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'house-replay-')), 'scenario.json');
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

describe('house replay, trust', () => {
  test("the issue's example scenario gives exactly one JSON object in the contract's shape", () => {
    const run = runHouseCli(
      'replay',
      scenarioFile({
        game: 'trust',
        seed: 1,
        config: { missChance: 0 },
        players: ['a', 'b'],
        rounds: [
          { decisions: { a: { action: 'HIGH_FIVE' }, b: { action: 'ATTACK', target: 'a' } } },
          { decisions: { a: { action: 'BEG', amount: 5, reason: '...' }, b: { action: 'DO_NOTHING' } }, observer: { a: 5 } },
        ],
      }),
    );
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toEqual({
      game: 'trust',
      rounds: [
        {
          round: 1,
          players: { a: { sats: 44, alive: true }, b: { sats: 54, alive: true } },
          events: [{ type: 'round', round: 1, acts: { a: { action: 'HIGH_FIVE', target: 'b' }, b: { action: 'ATTACK', target: 'a' } }, sats: { a: 44, b: 54 } }],
        },
        {
          round: 2,
          players: { a: { sats: 48, alive: true }, b: { sats: 54, alive: true } },
          events: [
            { type: 'beg_answer', player: 'a', asked: 5, granted: 5, reason: 'the observer chose to help', by: 'observer', to: ['a'] },
            { type: 'round', round: 2, acts: { a: { action: 'BEG', granted: true }, b: { action: 'DO_NOTHING' } }, sats: { a: 48, b: 54 } },
          ],
        },
      ],
      outcome: { over: false, winners: [], kind: null },
    });
  });

  test('a bad decision is the fallback, with the event saying why; rounds after the end are ignored', () => {
    const run = runHouseCli(
      'replay',
      scenarioFile({
        game: 'trust',
        config: { missChance: 0, maxRounds: 1 },
        players: ['a', 'b'],
        rounds: [{ decisions: { a: { action: 'HUG' } } }, { decisions: {} }],
      }),
    );
    const result = JSON.parse(run.stdout);
    expect(result.rounds).toHaveLength(1);
    expect(result.rounds[0].events.filter((e: { type: string }) => e.type === 'fallback').map((e: { player: string }) => e.player)).toEqual(['a', 'b']);
    expect(result.outcome).toEqual({ over: true, winners: [], kind: 'draw' });
  });

  test('malformed JSON and an unknown config key exit 2 with one line', () => {
    const broken = runHouseCli('replay', scenarioFile('{"game": "trust",'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toStartWith("error: scenario file '");
    const unknown = runHouseCli('replay', scenarioFile({ game: 'trust', players: ['a', 'b'], config: { sats: 3 } }));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe("error: bad trust config: unknown key 'sats' (allowed keys: startSats, maxRounds, missChance, replicateAt, replicateCost, begMax, observer, noise, replicate, begTimeoutMs, shocks, alliances)");
  });
});
