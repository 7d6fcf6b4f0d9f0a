import { describe, expect, test } from 'bun:test';
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
