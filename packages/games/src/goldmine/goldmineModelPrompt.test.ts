import { describe, expect, test } from 'bun:test';
import { playedDecisions, roundTrip } from '../engine/modelPromptRoundTrip.ts';
import { readLegal } from '../engine/moveSignatures.ts';
import { goldmineConfigSchema } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';
import { goldmineModelPrompt } from './goldmineModelPrompt.ts';
import type { GoldmineView } from './goldmineTypes.ts';

const CAST = Object.keys(goldmineGame.strategies);
const seats = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Small maps that fill up (so raids start), under the baseline and under each treatment of RULES G-e. */
function decisions() {
  const configs = [
    {},
    { plotAlpha: 'gradient', talk: true },
    { plotAlpha: 'random', stamina: '6/12', history: 'full' },
    { plotAlpha: { '3': 2, '17': 0.25 }, authority: 4, authorityFine: 7, truce: 3, defense: 'perRaid', history: 'last' },
  ];
  const out = [];
  for (let i = 0; i < configs.length * 2; i++) {
    const config = goldmineConfigSchema.parse({ size: 6, rounds: 25, ...configs[i % configs.length] });
    out.push(...playedDecisions(goldmineGame, config, seats(4 + i), [CAST[i % CAST.length]!, CAST[(i + 1) % CAST.length]!, CAST[(i + 2) % CAST.length]!, 'tit-for-tat-raid'], i + 1));
  }
  return out;
}

describe('Gold mining read by a model', () => {
  const seen = decisions();

  test('every strategy decides the same from the prompt text read back as from the full view', () => {
    expect(seen.length).toBeGreaterThan(1000);
    expect(seen.some((d) => (d.view as GoldmineView).recent.at(-1)?.raids.some((r) => r.winner >= 0))).toBe(true);
    expect(roundTrip(goldmineGame, seen, goldmineModelPrompt.recentRounds)).toEqual([]);
  });

  test('the rules are the same on every call; the legal moves name the plots', () => {
    const p1 = seen.filter((d) => d.player === 'p1').slice(0, 20);
    expect(new Set(p1.map((d) => goldmineModelPrompt.rules(d.view as GoldmineView))).size).toBe(1);
    const entries = readLegal(goldmineModelPrompt.view(p1[0]!.view as GoldmineView, 1))!;
    expect(entries).toEqual([{ name: 'claim', bind: [['plot', '0..35']] }]);
  });
});
