import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import type { MatchRecord } from '../models/matchRecorder.ts';
import { rateMatchFiles, type EndedMatch } from './matchFileRatings.ts';

const trust = games.trust!;
const players = ['ada', 'bob', 'cy'];

/** A played Trust match as a file holds it; `faults` adds a substitution of ada and a provider's 500 on bob's first turn. */
function ended(seed: number, faults: boolean): EndedMatch {
  const match = Match.create(trust, {}, seed, players);
  const outcome = runMatchSync(match, { ada: trust.strategies.copycat!, bob: trust.strategies.grudger!, cy: trust.strategies['always-cheat']! });
  const seat = (strategy: string) => ({ brain: 'model' as const, strategy, persona: '', system: '' });
  const record: MatchRecord = { seats: { ada: seat('copycat'), bob: seat('grudger'), cy: { ...seat('always-cheat'), brain: 'offline' } }, calls: [], phases: [] };
  const call = (caller: string, model: string, cost: number, failed = false) =>
    record.calls.push({ seq: record.calls.length, matchId: 'm', caller, purpose: 'decision', round: 1, phase: 'act', provider: 'p', model, promptHash: '', params: {}, response: failed ? null : '{}', error: failed ? '500 server error' : null, ...(failed ? { failure: { status: 500, reason: 'server error' as const } } : {}), tokensIn: 1, tokensOut: 1, latencyMs: 1, retries: [], cost, at: 0 });
  call('ada', 'a', 0.5);
  call('bob', 'b', 0.25, faults);
  if (faults) {
    record.phases.push({
      round: 1,
      phase: 'act',
      answers: { bob: { kind: 'model', texts: [], calls: [1], outcome: 'fallback', errors: ['500 server error'] } },
      notices: [{ type: 'seat_substituted', data: { player: 'ada', why: 'too many misses' } }],
    });
  }
  return { bundle: { game: 'trust', players, outcome, record } as unknown as MatchBundle, state: match.state };
}

test('match files rate by result class: a void seat unchanged, a substituted seat last; costs of the games that rated each', () => {
  const before = rateMatchFiles(trust, [ended(1, false)]);
  const after = rateMatchFiles(trust, [ended(1, false), ended(2, true)]);
  expect(after.rated).toBe(2);
  expect(after.ratings.participants['model:b']).toEqual(before.ratings.participants['model:b']!);
  expect(after.ratings.participants['model:a']!.mu).toBeLessThan(before.ratings.participants['model:a']!.mu);
  expect(after.ratings.participants['model:a']!.wins).toBe(before.ratings.participants['model:a']!.wins);
  expect(after.costs.get('model:a')).toMatchObject({ cost: 1, games: 2 });
  expect(after.costs.get('model:b')).toMatchObject({ cost: 0.25, games: 1 });
});
