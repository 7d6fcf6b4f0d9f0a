import { describe, expect, test } from 'bun:test';
import { influenceGame } from '../influenceGame.ts';
import { randomPlayer } from './randomPlayer.ts';
import { ctxFor, freshGame } from './testViews.ts';

describe('random', () => {
  test('every decision it makes in a whole game is legal', () => {
    let s = freshGame(['ann', 'bob', 'cat', 'dan', 'eve', 'fay'], 9);
    let checked = 0;
    while (s.phase !== 'END') {
      const decisions: Record<string, unknown> = {};
      for (const p of influenceGame.actors(s)) {
        const d = randomPlayer.decide(influenceGame.view(s, p), ctxFor(s, p));
        const verdict = influenceGame.validate(s, p, d);
        if (s.phase !== 'WHISPER' || d.whispers?.length) {
          expect(verdict).toMatchObject({ ok: true });
          checked++;
        }
        decisions[p] = d;
      }
      s = influenceGame.apply(s, { decisions }).state;
    }
    expect(checked).toBeGreaterThan(10);
    expect(s.log.filter((e) => e.type === 'auto_filled')).toEqual([]);
  });
});
