import { describe, expect, test } from 'bun:test';
import { influenceGame } from '../influenceGame.ts';
import { paranoidPlayer, suspicion } from './paranoidPlayer.ts';
import { ctxFor, freshGame, step } from './testViews.ts';

describe('paranoid', () => {
  test('exposes whoever named it in a DM it received, and only counts what it can see', () => {
    let s = freshGame(['ann', 'bob', 'cat', 'dan', 'eve'], 3);
    s = step(s, {
      bob: { whispers: [{ to: ['ann', 'cat'], text: 'ann is a problem, cat' }] },
      dan: { whispers: [{ to: ['eve'], text: 'ann must go' }] },
    });
    const view = influenceGame.view(s, 'ann');
    expect(suspicion(view)).toEqual({ bob: 2, cat: 0, dan: 0, eve: 0 });
    s = step(step(s, {}), {});
    const ballot = paranoidPlayer.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
    expect(ballot.expose).toBe('bob');
    expect(['cat', 'dan', 'eve']).toContain(ballot.empower!);
  });

  test('with no suspect it stays quiet in WHISPER', () => {
    const s = freshGame(['ann', 'bob', 'cat', 'dan'], 3);
    expect(paranoidPlayer.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'))).toEqual({ whispers: [] });
  });
});
