import { describe, expect, test } from 'bun:test';
import type { MatchStatus } from '../types.ts';
import { type Life, type LifeEffect, type LifeEvent, next, refused } from './tableLife.ts';

const life = (status: MatchStatus, paused: string | null = null, rated = false): Life => ({ status, paused, rated });
const why = 'could not save: the database is down';

type Row = [from: Life, event: LifeEvent, to: Life | 'refused', effects?: LifeEffect[]];

// Every status change a table makes, and what it sets off, in order.
const rows: Row[] = [
  [life('lobby'), { type: 'begin' }, life('running'), ['clearLobbyTimer', 'start']],
  [life('running'), { type: 'begin' }, 'refused'],
  [life('paused', why), { type: 'begin' }, 'refused'],
  [life('running'), { type: 'restart' }, life('running'), ['playOn']],
  [life('paused', why), { type: 'restart' }, 'refused'],
  [life('running', null, true), { type: 'fork' }, life('running', null, true), ['start']],
  [life('finished', null, true), { type: 'fork' }, 'refused'],
  [life('running'), { type: 'saveFailed', why }, life('paused', why), ['abort', 'clearLobbyTimer', 'waitForDatabase']],
  [life('lobby'), { type: 'saveFailed', why }, life('paused', why), ['abort', 'clearLobbyTimer', 'waitForDatabase']],
  [life('stopped'), { type: 'saveFailed', why }, life('stopped'), []],
  [life('paused', 'budget'), { type: 'saveFailed', why }, life('paused', 'budget'), []],
  [life('running'), { type: 'budgetSpent', why: 'tokens 1200 > 1000' }, life('paused', 'tokens 1200 > 1000'), ['abort']],
  [life('stopped'), { type: 'budgetSpent', why: 'tokens 1200 > 1000' }, life('stopped'), []],
  [life('running'), { type: 'finished' }, life('finished', null, true), ['rate']],
  [life('running', null, true), { type: 'finished' }, life('finished', null, true), []],
  [life('stopped'), { type: 'finished' }, life('stopped'), []],
  [life('running'), { type: 'failed' }, life('stopped'), ['persist', 'sayFailed']],
  [life('stopped'), { type: 'failed' }, life('stopped'), []],
  [life('finished', null, true), { type: 'failed' }, life('finished', null, true), []],
  [life('lobby'), { type: 'stop' }, life('stopped'), ['clearLobbyTimer', 'abort', 'endDatabaseWait', 'closeDesks', 'persist', 'retireIfIdle']],
  [life('running'), { type: 'stop', by: 'Pat' }, life('stopped'), ['clearLobbyTimer', 'abort', 'endDatabaseWait', 'closeDesks', 'persist', 'sayStopped', 'retireIfIdle']],
  [life('paused', why), { type: 'stop' }, life('stopped', why), ['clearLobbyTimer', 'abort', 'endDatabaseWait', 'closeDesks', 'persist', 'sayStopped', 'retireIfIdle']],
  [life('finished', null, true), { type: 'stop' }, 'refused'],
  [life('stopped'), { type: 'stop' }, 'refused'],
  [life('paused', why), { type: 'resume', started: true }, life('running'), ['renewAbort', 'persistOrWait', 'endDatabaseWait', 'playOn']],
  [life('paused', why), { type: 'resume', started: false }, life('lobby'), ['renewAbort', 'persistOrWait', 'endDatabaseWait']],
  [life('running'), { type: 'resume', started: true }, 'refused'],
  [life('finished', null, true), { type: 'resume', started: true }, 'refused'],
  [life('running'), { type: 'halt' }, life('running'), ['abort', 'endDatabaseWait', 'clearLobbyTimer', 'closeDesks', 'sayHalted']],
  [life('paused', why), { type: 'halt' }, life('paused', why), ['abort', 'endDatabaseWait', 'clearLobbyTimer', 'closeDesks']],
  [life('lobby'), { type: 'halt' }, life('lobby'), ['abort', 'endDatabaseWait', 'clearLobbyTimer', 'closeDesks']],
];

describe('a table\'s life', () => {
  const named = rows.map(([from, event, to, effects]) => ({ name: `${from.status} + ${event.type}${'started' in event ? ` (started: ${event.started})` : ''} -> ${to === 'refused' ? to : to.status}`, from, event, to, effects }));
  test.each(named)('$name', ({ from, event, to, effects }) => {
    const step = next(from, event);
    if (to === 'refused') {
      expect(step).toEqual({ refused: from.status });
      return;
    }
    if (refused(step)) throw new Error(`refused from ${from.status}`);
    expect(step[0]).toEqual(to);
    expect(step[1]).toEqual(effects ?? []);
  });

  test('a damaged match takes no event that would play or save it', () => {
    for (const event of [{ type: 'begin' }, { type: 'restart' }, { type: 'stop' }, { type: 'resume', started: true }] as LifeEvent[]) expect(refused(next(life('damaged'), event))).toBe(true);
    for (const event of [{ type: 'saveFailed', why }, { type: 'budgetSpent', why }, { type: 'finished' }, { type: 'failed' }] as LifeEvent[]) expect(next(life('damaged'), event)).toEqual([life('damaged'), []]);
  });

  test('the life it is given is never changed', () => {
    const from = Object.freeze(life('running'));
    next(from, { type: 'budgetSpent', why: 'over' });
    expect(from).toEqual(life('running'));
  });
});
