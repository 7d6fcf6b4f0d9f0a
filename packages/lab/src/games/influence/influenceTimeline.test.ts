import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import { renderInfluenceTimeline } from './influenceTimeline.ts';

describe('renderInfluenceTimeline', () => {
  test('one self-contained page: rounds, posts, vote charts, eliminations, revealed DMs, audit', () => {
    const players = ['ann', 'bob', 'cat', 'dan', 'eve'];
    const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), 5, players);
    const s = influenceGame.strategies;
    runMatchSync(match, { ann: s.alliance!, bob: s.rumour!, cat: s.paranoid!, dan: s.random!, eve: s.alliance! });
    const state = match.state;
    const html = renderInfluenceTimeline(state);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).toContain(`<b>Ending:</b> ${state.winner} is the last one standing after ${state.rounds.length} rounds.`);
    expect(html).toContain(`${state.winner} is empowered with`);
    for (const r of state.rounds) expect(html).toContain(`<canvas id="votes-${r.round}">`);
    expect(html).toContain('DMs, revealed after the game');
    const dm = state.channels.find((c) => c.messages.length)!.messages[0]!.text;
    expect(html).toContain(dm.replace(/'/g, '&#39;'));
    expect(html).toContain('Audit passed');
    expect(html).toContain(state.publishedHead!);
  });

  test('player text is escaped', () => {
    let state = influenceGame.setup(influenceGame.configSchema.parse({}), 1, ['ann', 'bob', 'cat', 'dan']);
    const round = { decisions: { ann: { public: '<script>alert(1)</script>' } } };
    for (const input of influenceGame.replayInputs!(state, round)) state = influenceGame.apply(state, input).state;
    const html = renderInfluenceTimeline(state);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
  });

  test('a game still running keeps its DMs secret', () => {
    const state = influenceGame.setup(influenceGame.configSchema.parse({}), 1, ['ann', 'bob', 'cat', 'dan']);
    const next = influenceGame.apply(state, { decisions: { ann: { whispers: [{ to: ['bob'], text: 'our secret plan' }] } } }).state;
    const html = renderInfluenceTimeline(next);
    expect(html).not.toContain('our secret plan');
    expect(html).not.toContain('privately');
    expect(html).toContain('1 private channel(s); their messages are revealed when the game ends.');
  });
});
