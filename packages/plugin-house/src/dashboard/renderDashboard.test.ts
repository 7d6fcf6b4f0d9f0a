import { describe, expect, test } from 'bun:test';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import type { MatchSummary } from '../types.ts';
import { games } from '@the-house/games/registry.ts';
import { forAudience, publicPage } from '../records/audience.ts';
import { dashboardPage } from './dashboardPage.ts';
import { pickDetailed, renderDashboard } from './renderDashboard.ts';
import { renderMatch } from './renderMatch.ts';

const summary = (id: string, status: MatchSummary['status']): MatchSummary => ({ id, game: 'trust', status, round: 1, players: [], winners: [], spend: { tokens: 0, cost: 0 } });

describe('pickDetailed', () => {
  test('every live match (newest first), then the latest closed match of each game', () => {
    const list = [summary('a', 'finished'), summary('b', 'running'), summary('c', 'stopped'), summary('d', 'finished'), summary('e', 'lobby'), summary('f', 'finished'), { ...summary('g', 'finished'), game: 'cafe' }];
    expect(pickDetailed(list).map((s) => s.id)).toEqual(['b', 'e', 'a', 'g']);
  });

  test('five live matches of one game get five cards, not four', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((id) => summary(id, 'running'));
    expect(pickDetailed(list).map((s) => s.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
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
    expect(html).toContain('<tr data-match="a" data-href="/house/matches/a"><td>Trust</td>');
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
    // Each chart's axes are titled from its spec, 'round' only where rounds run along.
    expect(page).toContain("text: (c.axes && c.axes.x) || 'round'");
    expect(page.indexOf('<script>')).toBeLessThan(page.indexOf('const DATA'));
  });
});

describe('the dashboard as a person reads it (issue 25)', () => {
  const publicView = (details: ReturnType<typeof playedMatchDetail>[]) => {
    const seen = details.map((d) => forAudience(games, d, 'public'));
    return renderDashboard(publicPage(games, { matches: details.map((d) => d.summary), page: 1, per: 20, total: details.length }), seen, { goldmine: 'Gold mining', influence: 'Influence', cafe: 'Café V3', trust: 'Trust' }, {}, 'public');
  };

  test('each row links to its match page', () => {
    const a = playedMatchDetail('trust', ['ada', 'bob'], 2, { id: 'trust-1-ab' });
    const { html } = renderDashboard({ matches: [a.summary], page: 1, per: 20, total: 1 }, [a], { trust: 'Trust' });
    expect(html).toContain('<tr data-match="trust-1-ab" data-href="/house/matches/trust-1-ab">');
    expect(html).toContain('<a href="/house/matches/trust-1-ab">trust-1-ab</a>');
    expect(html).toContain('<a href="/house/matches/trust-1-ab">Trust <span class="muted">trust-1-ab</span></a>');
  });

  test('the page opens a row’s match page when the row is clicked (in a new tab from the GUI’s narrow side panel)', () => {
    const page = dashboardPage({ html: '', charts: [] });
    expect(page).toContain("closest('tr[data-href]')");
    expect(page).toContain("window.open(href, '_blank', 'noopener')");
  });

  test('two running Gold mining matches read by the public: each gets its panel, its map from public facts only (no state)', () => {
    const a = playedMatchDetail('goldmine', ['ada', 'bob'], 3, { id: 'goldmine-1', config: { size: 4 } });
    const b = playedMatchDetail('goldmine', ['ada', 'bob', 'cy'], 2, { id: 'goldmine-2', config: { size: 5 }, seed: 2 });
    const { html } = publicView([a, b]);
    expect(html.match(/<h3>Ownership map<\/h3>/g)?.length).toBe(2);
    expect(html).toContain('class="ownership" data-size="4"');
    expect(html).toContain('class="ownership" data-size="5"');
  });

  test('two running Influence and two running Café matches read by the public: a panel each (a Trust match none, as ever)', () => {
    const i1 = playedMatchDetail('influence', ['a', 'b', 'c', 'd', 'e'], 1, { id: 'influence-1' });
    const i2 = playedMatchDetail('influence', ['a', 'b', 'c', 'd'], 1, { id: 'influence-2', seed: 3 });
    const c1 = playedMatchDetail('cafe', ['a', 'b'], 2, { id: 'cafe-1' });
    const c2 = playedMatchDetail('cafe', ['a', 'b', 'c'], 1, { id: 'cafe-2' });
    const t1 = playedMatchDetail('trust', ['a', 'b'], 2, { id: 'trust-1' });
    const { html } = publicView([i1, i2, c1, c2, t1]);
    // Trust has no panel: its board would repeat the scoreboard.
    expect(html.match(/class="board"/g)?.length).toBe(4);
  });

  test('a drawn match is never listed as led by anyone; a running one is', () => {
    const drawn = { ...summary('t1', 'finished'), players: [{ name: 'Ada', alive: false, score: 0 }, { name: 'Bram', alive: false, score: 0 }] };
    const running = { ...summary('t2', 'running'), players: [{ name: 'Ada', alive: true, score: 60 }, { name: 'Bram', alive: true, score: 40 }] };
    const { html } = renderDashboard({ matches: [drawn, running], page: 1, per: 20, total: 2 }, []);
    const row = html.match(/<tr data-match="t1".*?<\/tr>/)![0];
    expect(row).not.toContain('leading');
    expect(row).toEndWith('<td>draw</td></tr>');
    expect(html).toMatch(/<tr data-match="t2"[^]*?leading: Ada/);
  });
});
