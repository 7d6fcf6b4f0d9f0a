import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import type { TrustState } from '@the-house/games/trust/trustTypes.ts';
import { BARE_CAST, bareMatch } from './trustBareLoop.ts';

test('the bare loop plays the engine’s Trust: every pair of the cast (and each with itself), 40 seeds, the same sats and rounds', () => {
  const out = new Int32Array(3);
  const differ: string[] = [];
  let rounds = 0;
  for (let i = 0; i < BARE_CAST.length; i++) {
    for (let j = i; j < BARE_CAST.length; j++) {
      const [a, b] = [BARE_CAST[i]!, BARE_CAST[j]!];
      const ids = i === j ? [a, `${b}-2`] : [a, b];
      for (let seed = 0; seed < 40; seed++) {
        const match = Match.create(trustGame, {}, seed, ids, { log: false });
        runMatchSync(match, { [ids[0]!]: trustGame.strategies[a]!, [ids[1]!]: trustGame.strategies[b]! });
        const state = match.state as TrustState;
        bareMatch(i, j, ids[0]!, ids[1]!, seed, out);
        const engine = [state.units[0]!.sats, state.units[1]!.sats, state.round].join(' ');
        if (engine !== [...out].join(' ')) differ.push(`${ids.join(' v ')} seed ${seed}: engine ${engine}, bare ${[...out].join(' ')}`);
        rounds += state.round;
      }
    }
  }
  expect(differ).toEqual([]);
  expect(rounds / (36 * 40)).toBeGreaterThan(20);
});
