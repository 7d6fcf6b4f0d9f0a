import { describe, expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { forAudience } from '../../records/audience.ts';
import { matchPageView } from '../../dashboard/matchPageView.ts';
import { playedMatchDetail } from '../../testing/playedMatchDetail.ts';
import { ballots, influenceRoundPart, whisperCounts } from './influenceRoundPart.ts';

const seats = ['a', 'b', 'c', 'd', 'e'];

describe('influenceRoundPart', () => {
  test('whisper counts: each message counts once for each other member of its channel', () => {
    const dm = (from: string, to: string[]) => ({ type: 'dm', data: { from, text: 'secret words' }, to });
    const counts = whisperCounts([dm('a', ['a', 'c', 'e']), dm('a', ['a', 'c']), dm('c', ['a', 'c']), { type: 'public', data: { from: 'b' } }, dm('zed', ['zed', 'a'])], seats);
    expect([...counts].map(([f, row]) => [f, [...row]])).toEqual([['a', [['c', 2], ['e', 1]]], ['c', [['a', 1]]]]);
  });

  test('a running match: the room has no whisper to draw, the observer the counts without a word of them and no ballot', () => {
    const detail = playedMatchDetail('influence', seats, 1);
    expect(detail.summary.status).toBe('running');
    const room = matchPageView(forAudience(games, detail, 'public'), 'Influence', 'public');
    expect(room.board!.frames.every((f) => f.part === undefined)).toBe(true);
    const observed = matchPageView(detail, 'Influence', 'observer').board!.frames[0]!.part!;
    const counts = whisperCounts(detail.events.filter((e) => e.round === 1), seats);
    for (const [from, row] of counts) for (const [to, n] of row) expect(observed).toContain(`${from} to ${to}: ${n}`);
    for (const e of detail.events.filter((x) => x.type === 'dm')) expect(observed).not.toContain(String(e.data?.text));
    expect(observed).not.toContain('vote-flow');
  });

  test('a finished match: each ballot of the round in the vote flow, for everything; a seat its own ballots only', () => {
    const detail = playedMatchDetail('influence', seats, 99);
    expect(detail.summary.status).toBe('finished');
    const cast = ballots(detail.events.filter((e) => e.round === 1));
    expect(cast.length).toBeGreaterThan(0);
    const part = matchPageView(detail, 'Influence', 'public').board!.frames[0]!.part!;
    for (const b of cast) expect(part).toContain(`<tr data-voter="${b.voter}"><td>${b.voter}</td><td>${b.kind}</td><td>${b.target}</td></tr>`);
    const own = matchPageView(detail, 'Influence', 'public', 'seat:a').board!.frames[0]!.part!;
    expect(own.match(/data-voter="([^"]+)"/g)!.every((m) => m === 'data-voter="a"')).toBe(true);
  });

  test('names are escaped', () => {
    const part = influenceRoundPart(1, [{ seq: 0, round: 1, phase: 'VOTE', type: 'vote', data: { voter: '<b>x', kind: 'expose', target: 'y' }, prev: '', hash: '' }], ['<b>x', 'y'], true)!;
    expect(part).toContain('&lt;b&gt;x');
    expect(part).not.toContain('<b>x');
  });
});
