import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { matchResult, placements } from './placements.ts';

describe('placements', () => {
  test('winners share first place whatever their score; the rest follow by score', () => {
    const outcome = { over: true, winners: ['b', 'd'], kind: 'replicate' };
    expect(placements(outcome, { a: 90, b: 40, c: 70, d: 55 })).toEqual({ a: 3, b: 1, c: 4, d: 1 });
  });

  test('with no winner, a draw: by score alone, equal scores tie in competition style', () => {
    const outcome = { over: true, winners: [], kind: 'draw' };
    expect(placements(outcome, { a: 10, b: 30, c: 10, d: 30, e: 0 })).toEqual({ a: 3, b: 1, c: 3, d: 1, e: 5 });
  });

  test('eight Influence seats: the survivor first, eliminated players by score', () => {
    const outcome = { over: true, winners: ['p3'], kind: 'last-survivor' };
    const scores = { p1: 2, p2: 0, p3: 1, p4: 0, p5: 3, p6: 0, p7: 2, p8: 1 };
    expect(placements(outcome, scores)).toEqual({ p1: 3, p2: 6, p3: 1, p4: 6, p5: 2, p6: 6, p7: 3, p8: 5 });
  });

  test('a played Trust match: seats become participants, the winner placed first', () => {
    const ids = ['always-cheat', 'always-cooperate'];
    const match = Match.create(trustGame, trustConfigSchema.parse({}), 7, ids, { log: false });
    const outcome = runMatchSync(match, { 'always-cheat': trustGame.strategies['always-cheat']!, 'always-cooperate': trustGame.strategies['always-cooperate']! });
    expect(outcome.winners).toEqual(['always-cheat']);
    const seats = ids.map((player) => ({ player, participant: `strategy:${player}`, score: trustGame.score(match.state, player) }));
    expect(matchResult(outcome, seats)).toEqual([
      { participant: 'strategy:always-cheat', place: 1, won: true },
      { participant: 'strategy:always-cooperate', place: 2, won: false },
    ]);
  });

  test('a self-pair keeps both seats, one participant', () => {
    const outcome = { over: true, winners: ['copycat-2'], kind: 'limit' };
    const seats = [
      { player: 'copycat', participant: 'copycat', score: 40 },
      { player: 'copycat-2', participant: 'copycat', score: 45 },
    ];
    expect(matchResult(outcome, seats)).toEqual([
      { participant: 'copycat', place: 2, won: false },
      { participant: 'copycat', place: 1, won: true },
    ]);
  });
});
