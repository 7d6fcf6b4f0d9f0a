import { expect, test } from 'bun:test';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import type { StoredMatch } from '../types.ts';
import { beginsText } from './houseTexts.ts';

test("a fork's room begins with where it comes from, who plays what the parent's players did not, its new seed, and that it is not rated", () => {
  const state = trustGame.setup(trustGame.configSchema.parse({}), 4, ['Ivo', 'Jana']);
  const fork = { parent: { match: 'trust-4-ab', fingerprint: 'f', phase: 3, head: 'h', parent: null }, reseeded: [{ phase: 3, seed: 9 }], swaps: [{ seat: 'Jana', by: 'bot:grudger' }] };
  const stored = { players: ['Ivo', 'Jana'], seed: 4, fork } as unknown as StoredMatch;
  const first = beginsText(trustGame, stored, { ...state, round: 4 }).split('\n')[0];
  expect(first).toBe('Trust plays on from round 4: a fork of trust-4-ab after its phase 3 (Ivo, Jana). Now playing: Jana by bot:grudger; the other seats as before. Its chances are drawn anew from seed 9. It is not rated: its first phases are its parent’s play.');
  expect(beginsText(trustGame, { ...stored, fork: undefined }, state).split('\n')[0]).toBe('Trust begins: Ivo, Jana (seed 4).');
});
