import { describe, expect, test } from 'bun:test';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { playedMatchDetail } from '../../testing/playedMatchDetail.ts';
import { influencePanel } from './influencePanel.ts';
import { renderMatch } from '../../dashboard/renderMatch.ts';

describe('influencePanel', () => {
  test("shows the phase, the last round's votes and who was eliminated", () => {
    const detail = playedMatchDetail('influence', ['a', 'b', 'c', 'd', 'e'], 2);
    const state = detail.state as { phase: string; rounds: Array<{ round: number; empowerVotes: Record<string, number>; eliminated: Array<{ player: string }> }> };
    const html = influencePanel(detail)!.html;
    expect(html).toContain(`Phase <b class="phase">${state.phase}</b>`);
    const last = state.rounds[state.rounds.length - 1]!;
    expect(html).toContain(`Votes, round ${last.round}`);
    for (const [p, n] of Object.entries(last.empowerVotes)) expect(html).toContain(`<tr data-player="${p}"><td>${p}</td><td class="num">${n}</td>`);
    for (const e of last.eliminated) expect(html).toContain(`round ${last.round}: ${e.player}`);
  });

  test('every round’s outcome and the current rumours; DMs neither shown nor counted while the game runs (RULES I-d)', () => {
    const detail = playedMatchDetail('influence', ['a', 'b', 'c', 'd', 'e', 'f'], 1);
    const state = detail.state as { phase: string; round: number; posts: Array<{ round: number; from: string }>; channels: Array<{ messages: Array<{ text: string }> }>; rounds: Array<{ round: number; empowered: string }> };
    expect(state.phase).not.toBe('END');
    const { html, charts } = influencePanel(detail)!;
    expect(html).toContain(`<tr data-round="1"><td class="num">1</td><td>${state.rounds[0]!.empowered}</td>`);
    for (const p of state.posts.filter((x) => x.round === state.round)) expect(html).toContain(`<li><b>${p.from}</b>: `);
    const dms = state.channels.flatMap((c) => c.messages);
    expect(dms.length).toBeGreaterThan(0);
    expect(html).toContain('DMs are private: they are revealed when the game ends.');
    expect(html).not.toMatch(/channel\(s\)|DM\(s\)/);
    // A later WHISPER turn reads as WHISPER: the number of turns would tell that someone wrote.
    expect(influencePanel({ ...detail, state: { ...state, phase: 'WHISPER 2' } })!.html).toContain('Phase <b class="phase">WHISPER</b>');
    for (const m of dms) expect(html).not.toContain(m.text);
    // Nor does the timeline tell them, nor any ballot, while the game runs.
    const card = renderMatch(detail).html;
    for (const m of dms) expect(card).not.toContain(escapeHtml(m.text));
    expect(card).not.toContain('privately');
    expect(card).not.toContain('voted to');
    expect(charts).toEqual([expect.objectContaining({ id: 'influence-votes-influence-1', kind: 'bar', labels: ['a', 'b', 'c', 'd', 'e', 'f'] })]);
    // Its axes say what they count: players along, votes up (issue 25: the x axis said 'round').
    expect(charts[0]!.axes).toEqual({ x: 'player', y: 'votes' });
  });

  test('after the game: the winner, the published head, and every DM revealed', () => {
    const detail = playedMatchDetail('influence', ['a', 'b', 'c', 'd', 'e'], 99);
    const state = detail.state as { phase: string; winner: string; publishedHead: string; rounds: unknown[]; channels: Array<{ members: string[]; messages: Array<{ from: string; text: string }> }> };
    expect(state.phase).toBe('END');
    const html = influencePanel(detail)!.html;
    expect(html).toContain(`Winner: <b>${state.winner}</b>, the last operative (${state.winner} is the last one standing after ${state.rounds.length} rounds).`);
    expect(html).toContain(`<code>${state.publishedHead}</code>`);
    expect(html).toContain('<h3>DMs, revealed</h3>');
    for (const c of state.channels) {
      expect(html).toContain(`<b>${c.members.join(' + ')}</b>`);
      for (const m of c.messages) expect(html).toContain(`<td>${m.from}</td><td>${escapeHtml(m.text)}</td>`);
    }
  });

  test('gives nothing for another game', () => {
    expect(influencePanel(playedMatchDetail('trust', ['ada', 'bob'], 1))).toBeNull();
  });
});
