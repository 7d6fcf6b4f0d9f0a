import { describe, expect, test } from 'bun:test';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import { renderScoreboard } from './renderScoreboard.ts';

describe('renderScoreboard', () => {
  test('lists living players by score, then the eliminated, and marks the winner', () => {
    const html = renderScoreboard({
      id: 'm1',
      game: 'trust',
      status: 'finished',
      round: 9,
      winners: ['bob'], spend: { tokens: 0, cost: 0 },
      players: [
        { name: 'ada', alive: false, score: 0 },
        { name: 'bob', alive: true, score: 71 },
        { name: 'cy', alive: true, score: 40 },
      ],
    });
    expect(html).toContain('<th class="num">sats</th>');
    expect([...html.matchAll(/data-player="(\w+)"/g)].map((m) => m[1])).toEqual(['bob', 'cy', 'ada']);
    expect(html).toContain('bob <span class="badge">winner</span>');
    expect(html).toMatch(/data-player="ada" class="eliminated">.*<td class="num">0<\/td>/);
  });

  test('escapes player names', () => {
    const html = renderScoreboard({ id: 'm', game: 'x', status: 'running', round: 1, winners: [], spend: { tokens: 0, cost: 0 }, players: [{ name: '<b>', alive: true, score: 1.5 }] });
    expect(html).toContain('&lt;b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<td class="num">1.50</td>');
  });
});

describe('renderScoreboard numbers (issue 25)', () => {
  test("Café's tokens always with two decimals, thousands grouped", () => {
    const html = renderScoreboard({ id: 'c', game: 'cafe', status: 'running', round: 3, winners: [], spend: { tokens: 0, cost: 0 }, players: [{ name: 'ann', alive: true, score: 1450 }, { name: 'bo', alive: true, score: 1234.5 }] });
    expect(html).toContain('<td class="num">1,450.00</td>');
    expect(html).toContain('<td class="num">1,234.50</td>');
  });

  test("an Influence winner's rounds survived is never more than the rounds played", () => {
    const detail = playedMatchDetail('influence', ['a', 'b', 'c', 'd', 'e'], 99);
    expect(detail.outcome.over).toBe(true);
    const played = (detail.state as { rounds: unknown[] }).rounds.length;
    const winner = detail.summary.players.find((p) => detail.summary.winners.includes(p.name))!;
    expect(winner.score).toBe(played);
    const html = renderScoreboard(detail.summary);
    expect(html).toMatch(new RegExp(`data-player="${winner.name}" class="winner">.*?<td class="num">${played}</td>`));
  });
});
