import { describe, expect, test } from 'bun:test';
import { influenceGame } from '../influenceGame.ts';
import { rumourMonger } from './rumourMonger.ts';
import { ctxFor, freshGame, step } from './testViews.ts';

describe('rumour-monger', () => {
  test('whispers, posts and votes against the player with the most empower votes so far', () => {
    const s = freshGame(['ann', 'bob', 'cat', 'dan', 'eve'], 2);
    s.empowerTotals = { ann: 0, bob: 1, cat: 4, dan: 2, eve: 0 };
    const whisper = rumourMonger.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
    expect(whisper.whispers![0]!.text).toContain('cat');
    expect(whisper.whispers![0]!.to).not.toContain('cat');
    s.phase = 'RUMOR';
    expect(rumourMonger.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann')).public).toContain('cat');
    s.phase = 'VOTE';
    const ballot = rumourMonger.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
    expect(ballot.expose).toBe('cat');
    expect(ballot.empower).not.toBe('cat');
    expect(influenceGame.validate(s, 'ann', ballot)).toMatchObject({ ok: true });
  });

  test('keeps one mark through the round when the strongest is a tie drawn anew each phase', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      let s = freshGame(['ann', 'bob', 'cat', 'dan', 'eve'], seed);
      const whisper = rumourMonger.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
      const named = ['bob', 'cat', 'dan', 'eve'].find((p) => whisper.whispers![0]!.text.includes(p))!;
      s = step(step(s, { ann: whisper }), {});
      const post = rumourMonger.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann'));
      expect(post.public).toContain(named);
      s = step(s, { ann: post });
      expect(rumourMonger.decide(influenceGame.view(s, 'ann'), ctxFor(s, 'ann')).expose).toBe(named);
    }
  });
});
