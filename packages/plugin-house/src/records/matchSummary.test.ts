import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { emptyRecord, type MatchRecord } from '@the-house/lab/models/matchRecorder.ts';
import { clockRulesSchema, newClock } from '@the-house/lab/remote/seatClock.ts';
import { placeOf, resultText, roomResultsText, statusText } from '../texts/houseTexts.ts';
import type { StoredMatch } from '../types.ts';
import { houseResults } from './houseResults.ts';
import { matchSummary } from './matchSummary.ts';

const trust = games.trust!;

/** A finished Trust match whose entrant `Hang` never answered: three timeouts, then its clock's substitute (always-cheat) played on and ended richest. */
function hungMatch(): StoredMatch {
  const record: MatchRecord = { ...emptyRecord() };
  for (let round = 1; round <= 3; round++) {
    record.calls.push({ seq: round - 1, matchId: 'm', caller: 'Hang', purpose: 'decision', round, phase: 'act', provider: 'http@x', model: 'entrant:hang@1', promptHash: '', params: { remote: 'http', fault: { by: 'seat', kind: 'timeout' } }, response: null, error: 'timeout', failure: { status: null, reason: 'timeout' }, tokensIn: 0, tokensOut: 0, latencyMs: 1, retries: [], cost: 0, at: 0 });
    const notices = round === 3 ? [{ type: 'seat_substituted', data: { player: 'Hang', why: '3 turns in a row without a valid answer', strategy: 'always-cheat' } }] : [];
    record.phases.push({ round, phase: 'act', answers: { Hang: { kind: 'model', texts: [], calls: [round - 1], outcome: 'fallback', errors: ['no answer within 100 ms'] } }, ...(notices.length ? { notices } : {}) });
  }
  const match = Match.create(trust, {}, 1, ['Hang', 'Ada']);
  runMatchSync(match, { Hang: trust.strategies['always-cheat']!, Ada: trust.strategies['always-cooperate']! });
  const clock = newClock(clockRulesSchema.parse({}));
  return {
    id: 'trust-hung',
    game: 'trust',
    status: 'finished',
    players: ['Hang', 'Ada'],
    seats: { Hang: { kind: 'remote', remote: { entrant: 'hang', kind: 'http', url: 'http://x', owner: { id: 'o', name: 'Owner' }, clock, fallback: 'always-cheat' } }, Ada: { kind: 'person', person: { id: 'ada', room: null, origin: null } } },
    record,
    state: match.state,
    log: [],
    history: [],
  } as unknown as StoredMatch;
}

test("issue 36: a finished match's winners follow its seats' results: the entrant whose substitute won the game forfeits, and the other seat wins", () => {
  const stored = hungMatch();
  expect(trust.outcome(stored.state as never).winners).toEqual(['Hang']);
  const summary = matchSummary(games, stored, stored.state, { tokens: 0, cost: 0 });
  expect(summary.winners).toEqual(['Ada']);
  expect(summary.results).toEqual([{ player: 'Hang', class: 'forfeit', note: 'Hang forfeits from round 3: substituted: 3 turns in a row without a valid answer' }]);
  // A read of a window of the match holds none of its record: the results kept with it still say so.
  const window = { ...stored, record: { ...stored.record, calls: [], phases: [] }, results: houseResults(trust, stored.state, stored) };
  expect(matchSummary(games, window, window.state, { tokens: 0, cost: 0 })).toEqual(summary);
});

test('the end-of-match texts: the forfeit named with its reason, the winners by the results, the forfeit seat placed last', () => {
  const stored = hungMatch();
  const summary = matchSummary(games, stored, stored.state, { tokens: 0, cost: 0 });
  expect([placeOf(summary, 'Ada'), placeOf(summary, 'Hang')]).toEqual([1, 2]);
  const clause = ' Results: Hang forfeits from round 3: substituted: 3 turns in a row without a valid answer. Winners by the results: Ada.';
  const ada = resultText(trust, summary, 'round limit reached: Hang richest', 'http://house/m', null, 'Ada');
  expect(ada).toStartWith(`Match over: Trust trust-hung. Round limit reached: Hang richest.${clause} You finished 1st of 2 with `);
  expect(ada).toContain(': you won.');
  expect(resultText(trust, summary, null, 'http://house/m', null, 'Hang')).toContain('You finished 2nd of 2 with 80 sats: your result is a forfeit.');
  expect(roomResultsText(trust, summary)).toBe(`Trust trust-hung:${clause}`);
  expect(statusText(summary, stored, stored.state, [], '')).toContain(clause);
});

test('a match whose seats all played their own moves reads as the game ended it, and says nothing more', () => {
  const stored = { ...hungMatch(), record: emptyRecord() };
  const summary = matchSummary(games, stored, stored.state, { tokens: 0, cost: 0 });
  expect(summary.winners).toEqual(['Hang']);
  expect(summary.results).toBeUndefined();
  expect(roomResultsText(trust, summary)).toBeNull();
  expect(resultText(trust, summary, null, 'http://house/m', null, 'Hang')).toBe('Match over: Trust trust-hung. Won by Hang. You finished 1st of 2 with 80 sats: you won. The whole match, now public: http://house/m');
});
