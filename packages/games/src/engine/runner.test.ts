import { expect, test } from 'bun:test';
import { trustConfigSchema } from '../trust/trustConfig.ts';
import { trustGame } from '../trust/trustGame.ts';
import { Match } from './match.ts';
import { runMatch, type Brain } from './runner.ts';

test('a match stopped while a player thinks ends at its last whole phase: no fallbacks played, nothing logged for the phase', async () => {
  const match = Match.create(trustGame, trustConfigSchema.parse({ maxRounds: 5 }), 3, ['ada', 'bram']);
  const stop = new AbortController();
  let asked = 0;
  const quick: Brain = { name: 'quick', decide: () => ({ action: 'HIGH_FIVE', target: 'bram' }) };
  // Round 2: this player never answers; the match is stopped while it waits.
  const slow: Brain = {
    name: 'slow',
    decide: () => {
      asked++;
      if (asked === 2) {
        setTimeout(() => stop.abort(), 5);
        return new Promise(() => {});
      }
      return { action: 'HIGH_FIVE', target: 'ada' };
    },
  };
  const rounds: number[] = [];
  await runMatch(match, { ada: quick, bram: slow }, { signal: stop.signal, onRound: (r) => void rounds.push(r.round) });
  expect(rounds).toEqual([1]);
  expect((match.state as { round: number }).round).toBe(2);
  expect(match.log!.entries.some((e) => (e as { type?: string }).type === 'decision_missing')).toBe(false);
});
