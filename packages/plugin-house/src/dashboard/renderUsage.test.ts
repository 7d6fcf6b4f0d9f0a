import { expect, test } from 'bun:test';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import { renderLeaderboards } from './renderLeaderboards.ts';
import { renderUsage } from './renderUsage.ts';

const usage = (extra: Record<string, number>) => ({ calls: 0, tokensIn: 0, tokensOut: 0, cost: 0, retries: 0, errors: 0, invalid: 0, repairs: 0, fallbacks: 0, baseline: 0, ...extra });

test('model use per seat, the budget and a pause; nothing for offline brains only', () => {
  const detail = playedMatchDetail('trust', ['Mia', 'Ada'], 3);
  expect(renderUsage({ ...detail, usage: { Ada: usage({ calls: 30 }) } })).toBe('');
  const html = renderUsage({
    ...detail,
    summary: { ...detail.summary, spend: { tokens: 5200, cost: 0.0123 } },
    usage: { Mia: usage({ calls: 12, tokensIn: 4000, tokensOut: 1200, cost: 0.0123, retries: 2, invalid: 1, repairs: 1, baseline: 3 }), Ada: usage({ calls: 30 }) },
    budget: { tokens: 5000 },
    paused: "the match's token budget is spent (5200 of 5000)",
  });
  expect(html).toContain('5200 tokens, cost 0.0123; budget: tokens 5000');
  expect(html).toContain(`Resume with <code>!resume ${detail.summary.id} --budget-tokens N</code>`);
  expect(html).toContain('<tr><td>Mia</td><td class="num">12</td><td class="num">4000</td><td class="num">1200</td><td class="num">0.0123</td><td class="num">2</td><td class="num">1</td><td class="num">1</td><td class="num">0</td><td class="num">3</td></tr>');
  expect(html).not.toContain('<td>Ada</td>');
});

test('a leaderboard per game with intervals; none without ratings', () => {
  expect(renderLeaderboards({})).toBe('');
  const html = renderLeaderboards({ trust: [{ rank: 1, participant: 'model:gpt-4o', ordinal: 20.5, mu: 27.1, sigma: 2.2, low: 22.7, high: 31.5, matches: 9, wins: 6 }] }, { trust: 'Trust' });
  expect(html).toContain('<h3>Trust</h3>');
  // A row stored before the House kept who played: named from its brain.
  expect(html).toContain('<td class="num">1</td><td>model gpt-4o <span class="muted" title="fewer than 10 rated matches">provisional</span></td><td class="num">20.50</td><td class="num">27.10</td><td>22.8 .. 31.4</td><td class="num">9</td><td class="num">6</td><td class="num">–</td><td class="num">–</td><td class="muted"></td>');
});

test('a leaderboard row names who played: characters and brain, the strategy as a detail', () => {
  const row = { rank: 1, participant: 'copycat', ordinal: 3, mu: 26, sigma: 7, low: 12, high: 40, matches: 4, wins: 2 };
  const html = renderLeaderboards({
    trust: [
      { ...row, brain: 'offline, copycat', playedBy: [{ name: 'Ada', matches: 3 }, { name: 'Finn', matches: 1 }], strategy: 'copycat: copies the last move' },
      { ...row, rank: 2, participant: 'model:gpt-4o-mini', brain: 'model gpt-4o-mini', playedBy: [{ name: 'Dev', matches: 4 }], strategy: 'falls back to copykitten when its model cannot answer' },
      { ...row, rank: 3, participant: 'person:Pat' },
    ],
  });
  expect(html).toContain('<td title="Ada: 3 rated matches; Finn: 1 rated match">Ada, Finn (offline, copycat) <span class="muted" title="fewer than 10 rated matches">provisional</span></td>');
  expect(html).toContain('<td class="muted">copycat: copies the last move</td>');
  expect(html).toContain('>Dev (model gpt-4o-mini) <span');
  expect(html).toContain('<td>Pat (person) <span');
});

test('issue 37: a rank shared inside overlapping 95% intervals, provisional under 10 matches, cost per game and per win', () => {
  const row = (participant: string, mu: number, matches: number) => ({ rank: 0, participant, ordinal: mu - 3, mu, sigma: 1, low: mu - 2, high: mu + 2, matches, wins: 2 });
  const html = renderLeaderboards({
    trust: [
      { ...row('model:a', 40, 30), shownRank: 1, tied: true, low95: 38.04, high95: 41.96, provisional: false, costPerGame: 0.125, costPerWin: 1.875 },
      { ...row('copycat', 37, 30), shownRank: 1, tied: true, low95: 35.04, high95: 38.96, provisional: false, costPerGame: 0, costPerWin: 0 },
      { ...row('grudger', 20, 9), shownRank: 3, tied: false, low95: 18.04, high95: 21.96, provisional: true, costPerGame: 0, costPerWin: 0 },
    ],
  });
  expect(html).toContain('<th>95% interval</th><th class="num">matches</th><th class="num">wins</th><th class="num">cost/game</th><th class="num">cost/win</th>');
  expect(html).toContain('<tr data-participant="model:a"><td class="num" title="its 95% interval overlaps a neighbour\'s: a tie">=1</td><td>model a</td><td class="num">37.00</td><td class="num">40.00</td><td>38.0 .. 42.0</td><td class="num">30</td><td class="num">2</td><td class="num">$0.13</td><td class="num">$1.88</td>');
  expect(html).toContain('<tr data-participant="copycat"><td class="num" title="its 95% interval overlaps a neighbour\'s: a tie">=1</td>');
  expect(html).toContain('<tr data-participant="grudger"><td class="num">3</td><td>offline, grudger <span class="muted" title="fewer than 10 rated matches">provisional</span></td>');
  // Rows without board figures (an older caller) get them from their ratings: 27 ± 1.96 * 2.
  const plain = renderLeaderboards({ trust: [{ rank: 1, participant: 'x', ordinal: 21, mu: 27, sigma: 2, low: 23, high: 31, matches: 20, wins: 1 }] });
  expect(plain).toContain('<td>23.1 .. 30.9</td>');
});
