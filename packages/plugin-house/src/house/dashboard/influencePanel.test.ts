import { describe, expect, test } from 'bun:test';
import { playedMatchDetail } from '../testing/playedMatchDetail.ts';
import { influencePanel } from './influencePanel.ts';

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

  test('gives nothing for another game', () => {
    expect(influencePanel(playedMatchDetail('trust', ['ada', 'bob'], 1))).toBeNull();
  });
});
