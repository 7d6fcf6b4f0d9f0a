import { describe, expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { forAudience } from '../records/audience.ts';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import { tokensText } from './formatScore.ts';
import { matchPageView } from './matchPageView.ts';
import { renderMatch } from './renderMatch.ts';

describe('matchPageView', () => {
  test('Trust, running, as the public reads it: a board per finished round with each sats, the sats chart, the rounds as the room was told them', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 4, { id: 'trust-9' });
    const view = matchPageView(forAudience(games, detail, 'public'), 'Trust', 'public');
    expect(view).toMatchObject({ id: 'trust-9', title: 'Trust', status: 'running', audience: 'public', live: true, ending: null });
    expect(view.board!.columns).toEqual(['sats', 'status']);
    expect(view.board!.frames.map((f) => f.round)).toEqual([1, 2, 3, 4]);
    for (const [i, f] of view.board!.frames.entries()) {
      for (const r of f.rows) expect(r.cells[0]).toBe(String(detail.history[i]!.players[r.player]!.sats));
      expect(f.lines.length).toBeGreaterThan(0);
    }
    expect(view.chart).toMatchObject({ id: 'page-chart', kind: 'line', labels: [1, 2, 3, 4], axes: { x: 'round', y: 'sats' } });
    // The room is never told of a miss while the match runs (RULES T-4): nor is the page.
    expect(JSON.stringify(view)).not.toContain('missed');
    expect(view.more.html).toBe('');
  });

  test('Café, over: banks with two decimals and levels each round, the banks chart, the last challenge and its answers below', () => {
    const detail = playedMatchDetail('cafe', ['ada', 'bob', 'cy'], 99, { config: { rounds: 3 } });
    expect(detail.outcome.over).toBe(true);
    const view = matchPageView(forAudience(games, detail, 'public'), 'Café V3', 'public');
    expect(view.live).toBe(false);
    expect(view.ending).not.toBeNull();
    const last = view.board!.frames.at(-1)!;
    for (const r of last.rows) {
      const h = detail.history.at(-1)!.players[r.player]!;
      expect(r.cells).toEqual([tokensText(h.tokens as number), String(h.level), h.alive ? 'in' : 'out']);
      expect(r.cells[0]).toMatch(/\.\d\d$/);
    }
    expect(view.chart!.title).toBe('Banks after each round');
    expect(view.more.html).toContain('the challenge and the answers');
  });

  test('a finished match says who forfeited or is void and why, and the winners by the results, on the page and its card', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 99, { config: { maxRounds: 3 } });
    expect(detail.outcome.over).toBe(true);
    const summary = { ...detail.summary, winners: ['bob'], results: [{ player: 'ada', class: 'forfeit' as const, note: 'ada forfeits from round 1: no answer within 3000 ms' }] };
    const view = matchPageView(forAudience(games, { ...detail, summary }, 'public'), 'Trust', 'public');
    expect(view.ending).toEndWith('. Results: ada forfeits from round 1: no answer within 3000 ms. Winners by the results: bob.');
    expect(renderMatch({ ...detail, summary }).html).toContain('Results: ada forfeits from round 1: no answer within 3000 ms. Winners by the results: bob.');
    expect(matchPageView(forAudience(games, detail, 'public'), 'Trust', 'public').ending).not.toContain('Results:');
  });

  test("Influence: each round's living, exposed and eliminated, who held the power, the vote counts for the chart; the winner marked at the end", () => {
    const detail = playedMatchDetail('influence', ['a', 'b', 'c', 'd', 'e'], 99);
    const view = matchPageView(forAudience(games, detail, 'public'), 'Influence', 'public');
    expect(view.chart).toBeNull();
    expect(view.board!.columns).toEqual(['status', 'empower votes', 'expose votes']);
    const rounds = (detail.state as { rounds: Array<{ round: number; empowered: string; empowerVotes: Record<string, number>; eliminated: Array<{ player: string }> }> }).rounds;
    for (const r of rounds) {
      const f = view.board!.frames.find((x) => x.round === r.round)!;
      expect(f.rows.find((x) => x.player === r.empowered)!.marks).toContain('empowered');
      for (const out of r.eliminated) expect(f.rows.find((x) => x.player === out.player)!.cells[0]).toBe('eliminated this round');
      expect(Object.fromEntries(f.votes!.players.map((p, i) => [p, f.votes!.empower[i]]))).toEqual(Object.fromEntries(Object.entries(r.empowerVotes).filter(([p]) => f.votes!.players.includes(p))));
    }
    const winner = detail.summary.winners[0]!;
    expect(view.board!.frames.at(-1)!.rows.find((r) => r.player === winner)!.marks).toContain('winner');
  });

  test('Gold mining: the map of every round; the observer reads the gold, the public while it runs does not', () => {
    const detail = playedMatchDetail('goldmine', ['ada', 'bob'], 3, { config: { size: 3 } });
    const open = matchPageView(forAudience(games, detail, 'public'), 'Gold mining', 'public');
    expect(open.board!.frames.every((f) => f.owner?.length === 9)).toBe(true);
    expect(open.board!.frames.flatMap((f) => f.rows.map((r) => r.cells[1]))).toEqual(Array(6).fill('hidden'));
    const observed = matchPageView(detail, 'Gold mining', 'observer');
    expect(observed.board!.hidden).toBeNull();
    expect(observed.board!.frames.at(-1)!.rows.map((r) => r.cells[1])).toEqual((detail.state as { gold: number[] }).gold.map(String));
  });

  test("the observer's page holds the begs waiting; the public's never", () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob'], 2);
    detail.pendingBegs = [{ player: 'ada', amount: 5, reason: 'rent', round: 3, deadline: 0 }];
    expect(matchPageView(detail, 'Trust', 'observer').more.html).toContain('<b>ada</b> begs 5: “rent”');
    expect(JSON.stringify(matchPageView(forAudience(games, detail, 'public'), 'Trust', 'public'))).not.toContain('rent');
  });

  test('a live match offers no perspective and hears no `as`: its page never carries a seat\'s view, for the public or the observer', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 4);
    const pub = forAudience(games, detail, 'public');
    for (const [d, audience] of [[pub, 'public'], [detail, 'observer']] as const) {
      const plain = matchPageView(d, 'Trust', audience);
      expect(plain.perspective).toBeNull();
      expect(matchPageView(d, 'Trust', audience, 'seat:bob')).toEqual(plain);
    }
  });

  test("a finished match's perspectives: the room's has no miss, a seat's its own miss only, everything every miss; any other `as` is everything", () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 99, { config: { maxRounds: 8 } });
    expect(detail.events.filter((e) => e.type === 'missed').map((e) => e.to)).toEqual([['bob']]);
    const as = (key?: unknown) => matchPageView(forAudience(games, detail, 'public'), 'Trust', 'public', key);
    const lines = (key?: unknown) => as(key).board!.frames.flatMap((f) => f.lines).join('\n');
    expect(as().perspective).toEqual({ as: 'everything', choices: [{ key: 'public', label: 'public' }, { key: 'seat:ada', label: 'ada' }, { key: 'seat:bob', label: 'bob' }, { key: 'seat:cy', label: 'cy' }, { key: 'everything', label: 'everything' }] });
    expect(lines()).toContain("bob's high five missed");
    expect(lines('public')).not.toContain('missed');
    expect(lines('seat:bob')).toContain("bob's high five missed");
    expect(lines('seat:ada')).not.toContain('missed');
    expect(as('seat:bob').board!.hidden).toStartWith('As bob knew it while the match ran');
    expect(as('public').board!.hidden).toStartWith('As the room was told it while the match ran');
    for (const other of ['seat:nobody', 'constructor', ['public'], 'x'.repeat(300)]) expect(as(other).perspective!.as).toBe('everything');
    expect(as('public').board!.frames.map((f) => f.rows.map((r) => r.cells))).toEqual(as().board!.frames.map((f) => f.rows.map((r) => r.cells)));
  });

  test('Gold mining over: the room read no gold, a seat its own, everything all', () => {
    const detail = playedMatchDetail('goldmine', ['ada', 'bob'], 999, { config: { size: 3 } });
    expect(detail.summary.status).toBe('finished');
    const gold = (key: string) => matchPageView(detail, 'Gold mining', 'public', key).board!.frames.at(-1)!.rows.map((r) => r.cells[1]);
    const all = (detail.state as { gold: number[] }).gold.map(String);
    expect(gold('everything')).toEqual(all);
    expect(gold('public')).toEqual(['hidden', 'hidden']);
    expect(gold('seat:ada')).toEqual([all[0], 'hidden']);
    expect(gold('seat:bob')).toEqual(['hidden', all[1]]);
  });
});
