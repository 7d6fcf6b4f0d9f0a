import { describe, expect, test } from 'bun:test';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import type { MatchSummary } from '../types.ts';
import { dashboardPage } from './dashboardPage.ts';
import { pickDetailed, renderDashboard } from './renderDashboard.ts';
import { renderMatch } from './renderMatch.ts';

const summary = (id: string, status: MatchSummary['status']): MatchSummary => ({ id, game: 'trust', status, round: 1, players: [], winners: [], spend: { tokens: 0, cost: 0 } });

describe('pickDetailed', () => {
  test('live matches first, then the others in the order given (newest first)', () => {
    const list = [summary('a', 'finished'), summary('b', 'running'), summary('c', 'stopped'), summary('d', 'finished'), summary('e', 'lobby'), summary('f', 'finished')];
    expect(pickDetailed(list).map((s) => s.id)).toEqual(['b', 'e', 'a', 'd']);
  });
});

describe('renderMatch', () => {
  test('a running Trust match: status, scoreboard, a sats chart over rounds and the timeline', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob', 'cy'], 4, { id: 'trust-7' });
    const { html, charts } = renderMatch(detail, 'Trust');
    expect(html).toContain('data-match="trust-7" data-status="running"');
    expect(html).toContain('round 5');
    expect(html).toContain('<table class="scoreboard" data-match="trust-7">');
    expect(charts).toHaveLength(1);
    expect(charts[0]).toMatchObject({ id: 'score-trust-7', title: 'sats over rounds', labels: [1, 2, 3, 4] });
    expect(charts[0]!.datasets.map((d) => d.label)).toEqual(['ada', 'bob', 'cy']);
    expect(html).toContain('data-round="4"');
  });

  test('a finished match names its ending and winners; begs waiting are shown with the answers to type', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob'], 100);
    detail.pendingBegs = [{ player: 'ada', amount: 5, reason: 'rent', round: 3, deadline: 0 }];
    const { html } = renderMatch(detail);
    expect(html).toContain(`· ${escapeHtml(describeOutcome('trust', detail.state)!)}</p>`);
    expect(html).toContain('round limit reached: ');
    expect(html).toContain('<b>ada</b> begs 5: “rent”');
    expect(html).toContain('!grant @ada N reason');
  });

  test('an unknown game shows the common parts', () => {
    const detail = playedMatchDetail('trust', ['ada', 'bob'], 2);
    detail.summary.game = 'mystery';
    detail.state = { anything: true };
    const { html, charts } = renderMatch(detail);
    expect(html).toContain('class="scoreboard"');
    expect(charts.map((c) => c.title)).toEqual(['sats over rounds']);
    expect(html).not.toContain('Ownership map');
  });

  test('goldmine and influence add their panels', () => {
    expect(renderMatch(playedMatchDetail('goldmine', ['ada', 'bob'], 2, { config: { size: 3 } })).html).toContain('Ownership map');
    expect(renderMatch(playedMatchDetail('influence', ['a', 'b', 'c', 'd'], 1)).html).toContain('class="influence"');
  });
});

describe('renderDashboard', () => {
  test('no matches: says how to start one', () => {
    expect(renderDashboard({ matches: [], page: 1, per: 20, total: 0 }, []).html).toContain('!play trust');
  });

  test('lists every match and gives cards to the ones detailed', () => {
    const a = playedMatchDetail('trust', ['ada', 'bob'], 2, { id: 'a' });
    const b = playedMatchDetail('goldmine', ['ada', 'bob'], 2, { id: 'b', config: { size: 3 } });
    const { html, charts } = renderDashboard({ matches: [a.summary, b.summary], page: 1, per: 20, total: 2 }, [a, b], { trust: 'Trust', goldmine: 'Gold mining' });
    expect(html).toContain('2 live here, 2 in all');
    expect(html).toContain('<tr data-match="a"><td>Trust</td>');
    expect(html).toContain('<section class="card match" data-match="b"');
    expect(charts.map((c) => c.id)).toEqual(['score-a', 'score-b', 'plots-b']);
  });

  test('more matches than a page: links to the older and newer pages', () => {
    const a = playedMatchDetail('trust', ['ada', 'bob'], 2, { id: 'a' });
    const { html } = renderDashboard({ matches: [a.summary], page: 2, per: 1, total: 3 }, [a]);
    expect(html).toContain('page 2 of 3 <a href="?page=1&amp;per=1">newer</a> <a href="?page=3&amp;per=1">older</a>');
  });

  test('the page carries the view inline and polls for the next one', () => {
    const page = dashboardPage({ html: '<h1>x</h1>', charts: [] });
    expect(page).toContain('const DATA = {"html":"\\u003ch1>x\\u003c/h1>","charts":[]}');
    expect(page).toContain("+ '/view' + location.search");
    expect(page).toContain('new Chart(canvas');
    expect(page.indexOf('<script>')).toBeLessThan(page.indexOf('const DATA'));
  });
});
