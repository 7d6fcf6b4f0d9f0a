import { describe, expect, test } from 'bun:test';
import type { NarratedEvent, NarrationContext } from '../engine/narration.ts';
import { goldmineGame } from './goldmineGame.ts';
import { goldmineEndingText, goldmineNarration } from './goldmineNarration.ts';

const ctx: NarrationContext = { audience: 'observer', players: ['Ada', 'Bram', 'Cleo'], over: false };
const say = (e: NarratedEvent): string | null => goldmineNarration.narrate([e], ctx)[0]!;

describe('goldmineNarration: seats by name, one sentence per event', () => {
  test('a busy round: claims (one by draw), raids taken, blocked and given back, talk, holdings', () => {
    const round = {
      round: 7,
      claims: [
        { plot: 1, by: [0], winner: 0 },
        { plot: 2, by: [1, 2], winner: 2 },
      ],
      raids: [
        { plot: 5, owner: 1, by: [0], defended: false, truce: false, blocked: [], winner: 0 },
        { plot: 6, owner: 0, by: [2], defended: true, truce: false, blocked: [2], winner: -1 },
        { plot: 7, owner: 2, by: [1], defended: false, truce: false, blocked: [], winner: -1, returnedFrom: 1 },
      ],
      defended: [6],
      talk: [{ seat: 1, text: 'plot 7 is mine' }],
      owner: [-1, 0, 2, -1, -1, 0, 0, 2, -1],
      held: [3, 0, 2],
      tally: {},
      draws: [],
    };
    expect(say({ type: 'round', data: round })).toBe(
      'Claims: Ada 1 plot and Cleo 1 plot (contested, won by draw: plot 2 to Cleo over Bram). Raids: Ada took plot 5 from Bram. ' +
        "Bram took Cleo's plot 7, but the authority gave it back and fined Bram. Raids blocked: Cleo on Ada's plot 6 (defended). Plots defended: 1 (Ada 1). " +
        'Bram said “plot 7 is mine”. Plots held: Ada 3, Bram 0, Cleo 2 (5 of 9 owned).',
    );
    expect(say({ type: 'round', data: { round: 8, claims: [], raids: [], defended: [], owner: [0, -1], held: [1, 0, 0] } })).toBe('A quiet round: no claims, no raids. Plots held: Ada 1, Bram 0, Cleo 0 (1 of 2 owned).');
  });

  test('what the observer reads of each miner: actions, refusals, the ledger', () => {
    expect(say({ type: 'actions', data: { player: 'Ada', kept: [], spent: { claim: 2, raid: 0, defend: 1, mine: 7 }, gained: 14, gold: 120 }, to: ['Ada'] })).toBe(
      'Ada spent 10 stamina (claim 2, defend 1, mine 7) and mined 14 gold: 120 in all.',
    );
    expect(say({ type: 'fallback', data: { player: 'Bram', reason: 'decision must be {"actions": [...]}; you played no actions this round' }, to: ['Bram'] })).toBe(
      "Bram's answer was unusable (not a list of actions the game can read), so Bram played no actions.",
    );
    expect(say({ type: 'actions_dropped', data: { player: 'Cleo', dropped: [{ index: 1, kind: 'illegal', reason: 'you do not own plot 0' }], kept: 3, more: 2 }, to: ['Cleo'] })).toBe(
      'Cleo lost 3 actions (kept 3): you do not own plot 0.',
    );
    expect(say({ type: 'ledger', data: { round: 7, gold: [120, 80, 95], gained: [14, 0, 9], spent: [], output: 23, fined: [0, 10, 0] }, to: [] })).toBe(
      'Gold: Ada 120 (+14), Bram 80 (+0), Cleo 95 (+9); 23 mined this round; fined: Bram 10.',
    );
  });

  test('the ending', () => {
    expect(goldmineEndingText(['Ada'], 340)).toBe('round limit reached: Ada richest with 340 gold');
    expect(goldmineEndingText(['Ada', 'Cleo'], 300)).toBe('round limit reached: Ada and Cleo share the top with 300 gold');
    const state = goldmineGame.setup(goldmineGame.configSchema.parse({ size: 2, rounds: 1 }), 1, ['Ada', 'Bram']);
    expect(goldmineNarration.ending(state)).toBeNull();
    expect(goldmineNarration.ending({ ...state, over: true, gold: [5, 9] })).toBe('round limit reached: Bram richest with 9 gold');
  });
});
