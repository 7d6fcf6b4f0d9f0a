import { describe, expect, test } from 'bun:test';
import { brainContext } from '../engine/runner.ts';
import type { PlayerId } from '../engine/types.ts';
import { influenceConfigSchema } from './influenceConfig.ts';
import { influenceGame } from './influenceGame.ts';
import { influencePrompt } from './influencePrompt.ts';
import type { InfluenceEvent, InfluenceState } from './influenceTypes.ts';
import { initialState, transition } from './transition.ts';

const config = influenceConfigSchema.parse({});
const eight = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];

/** Texts a player may know: its own channels' messages, public posts and last messages. */
function known(s: InfluenceState, me: PlayerId): Set<string> {
  return new Set([
    ...s.channels.filter((c) => c.members.includes(me)).flatMap((c) => c.messages.map((m) => m.text)),
    ...s.posts.map((p) => p.text),
    ...s.eliminations.flatMap((e) => (e.last === undefined ? [] : [e.last])),
    ...(s.lastWords[me] === undefined ? [] : [s.lastWords[me]!]),
  ]);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every way `me` could learn of a channel it is not in: the channel's id (not
 * as part of a longer id), or a message text it cannot otherwise know (quoted,
 * as both the view's JSON and the prompt quote texts).
 */
function leaks(s: InfluenceState, me: PlayerId, seen: string): string[] {
  const mine = known(s, me);
  const hidden = s.channels.filter((c) => !c.members.includes(me));
  const ids = hidden.map((c) => c.id).filter((id) => new RegExp(`${escape(id)}(?![+\\w-])`).test(seen));
  const texts = hidden.flatMap((c) => c.messages.map((m) => m.text)).filter((t) => !mine.has(t) && seen.includes(JSON.stringify(t)));
  return [...ids, ...texts];
}

describe('views are private', () => {
  test('over a whole 8-player match, no view and no prompt holds a DM its player was not in', () => {
    const names = Object.keys(influenceGame.strategies);
    let s = influenceGame.setup(config, 21, eight);
    let checks = 0;
    while (s.phase !== 'END') {
      const decisions: Record<PlayerId, unknown> = {};
      for (const p of eight) {
        const view = influenceGame.view(s, p);
        const json = JSON.stringify(view);
        expect(leaks(s, p, json)).toEqual([]);
        expect(leaks(s, p, influencePrompt(view))).toEqual([]);
        expect(json).not.toContain('"voter"');
        expect(view.channels.every((c) => c.members.includes(p))).toBe(true);
        checks++;
      }
      for (const [i, p] of eight.entries()) {
        if (!influenceGame.actors(s).includes(p)) continue;
        decisions[p] = influenceGame.strategies[names[i % names.length]!]!.decide(influenceGame.view(s, p), brainContext(s.seed, p, s.round, s.phase));
      }
      s = influenceGame.apply(s, { decisions }).state;
    }
    expect(checks).toBeGreaterThan(100);
    expect(s.channels.length).toBeGreaterThan(3);
    const out = s.eliminations[0]!.player;
    expect(influenceGame.view(s, out).channels.map((c) => c.locked)).toEqual(s.channels.filter((c) => c.members.includes(out)).map(() => true));
  });

  test('ballots stay private until tallied; the tally publishes counts, never who voted for whom', () => {
    const run = (state: InfluenceState, events: InfluenceEvent[]) => events.reduce((st, e) => transition(st, e)[0], state);
    let s = run(initialState(config, 4), [...eight.slice(0, 5).map((player) => ({ type: 'join', player }) as InfluenceEvent), { type: 'start', player: 'ann' }]);
    s = run(s, [{ type: 'timeout', phase: 'WHISPER', round: 1 }, { type: 'timeout', phase: 'RUMOR', round: 1 }]);
    s = run(s, [
      { type: 'empower', player: 'bob', target: 'cat' },
      { type: 'expose', player: 'bob', target: 'dan' },
    ]);
    expect(s.phase).toBe('VOTE');
    expect(influenceGame.view(s, 'bob').myBallot).toEqual({ empower: 'cat', expose: 'dan' });
    for (const p of ['ann', 'cat', 'dan', 'eve']) {
      const view = influenceGame.view(s, p);
      expect(view.myBallot).toEqual({});
      expect([view.empowerVotes, view.exposeVotes, view.exposed, view.empowered]).toEqual([{}, {}, [], null]);
    }
    s = run(s, [{ type: 'timeout', phase: 'VOTE', round: 1 }]);
    const view = influenceGame.view(s, 'ann');
    expect(view.empowerVotes.cat).toBeGreaterThanOrEqual(1);
    expect(view.exposeVotes.dan).toBeGreaterThanOrEqual(1);
    expect(Object.keys(view)).not.toContain('log');
    expect(Object.keys(view)).not.toContain('ballots');
  });
});
