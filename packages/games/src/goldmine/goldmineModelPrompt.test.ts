import { describe, expect, test } from 'bun:test';
import { playedDecisions, roundTrip } from '../engine/modelPromptRoundTrip.ts';
import { readLegal } from '../engine/moveSignatures.ts';
import { goldmineConfigSchema } from './goldmineConfig.ts';
import { goldmineGame } from './goldmineGame.ts';
import { goldmineModelPrompt } from './goldmineModelPrompt.ts';
import type { GoldmineView } from './goldmineTypes.ts';

const CAST = Object.keys(goldmineGame.strategies);
const seats = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

const HISTORIES = ['none', 'last', 'k5', 'full'] as const;

/** Small maps that fill up (so raids start), under the baseline and under each treatment of RULES G-e, with each `history` (RULES G-f) in turn. */
function decisions() {
  const configs = [
    {},
    { plotAlpha: 'gradient', talk: true },
    { plotAlpha: 'random', stamina: '6/12' },
    { plotAlpha: { '3': 2, '17': 0.25 }, authority: 4, authorityFine: 7, truce: 3, defense: 'perRaid' },
  ];
  const out = [];
  for (let i = 0; i < configs.length * 2; i++) {
    const config = goldmineConfigSchema.parse({ size: 6, rounds: 25, ...configs[i % configs.length], history: HISTORIES[i % HISTORIES.length] });
    out.push(...playedDecisions(goldmineGame, config, seats(4 + i), [CAST[i % CAST.length]!, CAST[(i + 1) % CAST.length]!, CAST[(i + 2) % CAST.length]!, 'tit-for-tat-raid'], i + 1));
  }
  return out;
}

describe('Gold mining read by a model', () => {
  const seen = decisions();

  test('every strategy decides the same from the prompt text read back as from the full view, under each history setting', () => {
    expect(seen.length).toBeGreaterThan(1000);
    expect(seen.some((d) => (d.view as GoldmineView).recent.at(-1)?.raids.some((r) => r.winner >= 0))).toBe(true);
    for (const history of HISTORIES) {
      const under = seen.filter((d) => (d.view as GoldmineView).history === history);
      expect(under.length).toBeGreaterThan(100);
      expect(roundTrip(goldmineGame, under, goldmineModelPrompt.recentRounds)).toEqual([]);
    }
  });

  test('the prompt shows what `history` allows, round by round (RULES G-f), and reads the setting back', () => {
    const late = (history: string) => seen.filter((d) => (d.view as GoldmineView).history === history && (d.view as GoldmineView).round === 20)[0]!.view as GoldmineView;
    const roundsShown = (view: GoldmineView) => goldmineModelPrompt.view(view, goldmineModelPrompt.recentRounds).split('\n').filter((l) => /^R\d+: /.test(l)).length;
    expect(HISTORIES.map((h) => roundsShown(late(h)))).toEqual([0, 1, 5, 19]);
    for (const h of HISTORIES) expect(goldmineModelPrompt.read(goldmineModelPrompt.rules(late(h))).history).toBe(h);
    // A window shorter than the view (a caller's choice) sums the earlier rounds up without losing who raided which plot and what was defended.
    const cut = goldmineModelPrompt.view(late('full'), 2).split('\n').find((l) => l.startsWith('R1-R17 in sum: '))!;
    expect(cut).toMatch(/^R1-R17 in sum: \d+ raids \((\d+:[A-Z]+(>[A-Z]+)? ?)+\); defended [\d|.]+\.$/);
  });

  test('the rules are the same on every call; the legal moves name the plots', () => {
    const p1 = seen.filter((d) => d.player === 'p1').slice(0, 20);
    expect(new Set(p1.map((d) => goldmineModelPrompt.rules(d.view as GoldmineView))).size).toBe(1);
    const entries = readLegal(goldmineModelPrompt.view(p1[0]!.view as GoldmineView, 1))!;
    expect(entries).toEqual([{ name: 'claim', bind: [['plot', '0..35']] }]);
  });
});
