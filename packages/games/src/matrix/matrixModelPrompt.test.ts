import { describe, expect, test } from 'bun:test';
import { playedDecisions, roundTrip } from '../engine/modelPromptRoundTrip.ts';
import { legalSignatures, readLegal, readSignatures } from '../engine/moveSignatures.ts';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import { matrixModelPrompt } from './matrixModelPrompt.ts';
import { AXELROD_CAST, CASE_CAST } from './matrixStrategies.ts';
import type { MatrixView } from './matrixTypes.ts';

const CAST = [...AXELROD_CAST, 'detective'];

/** Matches of every strategy: pairs under the default rules, and tables of four under noise, each preset, random pairs and an unknown length. */
function decisions() {
  const plain = matrixConfigSchema.parse({ rounds: 40 });
  const configs = [
    matrixConfigSchema.parse({ rounds: 30, noise: 0.1 }),
    matrixConfigSchema.parse({ rounds: 25, preset: 'battle-of-the-sexes', pairing: 'pairs' }),
    matrixConfigSchema.parse({ rounds: 200, continuation: 0.95, preset: 'evolution-of-trust', noise: 0.05 }),
    matrixConfigSchema.parse({ rounds: 30, payoffs: { R: 4, S: -2, T: 7, P: 0 }, horizon: 'hidden', pairing: 'pairs' }),
  ];
  const out = [];
  for (let i = 0; i < CAST.length; i++) {
    out.push(...playedDecisions(matrixGame, plain, ['ann', 'bob'], [CAST[i]!, CAST[(i + 5) % CAST.length]!], i + 1));
    const config = configs[i % configs.length]!;
    const players = i % 3 === 0 ? ['ann', 'bob', 'cy', 'dee'] : ['ann', 'bob', 'cy'];
    out.push(...playedDecisions(matrixGame, config, players, [CAST[i]!, CAST[(i + 1) % CAST.length]!, CAST[(i + 7) % CAST.length]!, 'random'], 40 + i));
  }
  return out;
}

describe('matrix games read by a model', () => {
  const seen = decisions();

  test('every strategy decides the same from the prompt text read back as from the full view', () => {
    expect(seen.length).toBeGreaterThan(1000);
    expect(roundTrip(matrixGame, seen, Infinity)).toEqual([]);
  });

  test('with the prompt’s window of recent rounds, strategies that look no further back decide the same', () => {
    const window = matrixModelPrompt.recentRounds;
    const short = matrixGame.strategies;
    expect(Object.values(short).filter((s) => s.traits.memoryDepth <= window).length).toBeGreaterThan(8);
    expect(roundTrip(matrixGame, seen, window, (s) => s.traits.memoryDepth <= window)).toEqual([]);
  });

  test('Case’s cast is among the strategies, under his names', () => {
    for (const name of CASE_CAST) expect(matrixGame.strategies[name]?.name).toBe(name);
  });

  test('the rules are the same text on every call of a match; the view ends with the legal moves', () => {
    const ann = seen.filter((d) => d.player === 'ann' && (d.view as MatrixView).pairing === 'round-robin' && Object.keys((d.view as MatrixView).scores).length === 4);
    const match = ann.filter((d) => d.seed === ann[0]!.seed);
    expect(new Set(match.map((d) => matrixModelPrompt.rules(d.view as MatrixView))).size).toBe(1);
    const text = `${matrixModelPrompt.rules(match[3]!.view as MatrixView)}\n\n${matrixModelPrompt.view(match[3]!.view as MatrixView, 20)}`;
    expect([...readSignatures(text)!.moves.keys()]).toEqual(['all', 'each']);
    expect(readSignatures(text)!.moves.get('each')).toBe('{"moves":{"bob":"<action>","cy":"<action>","dee":"<action>"}}');
    expect(readLegal(text)).toEqual([{ name: 'all|each', bind: [['action', 'C|D']] }]);
  });

  test('two players in a few lines', () => {
    const d = seen.find((x) => x.round === 4 && x.player === 'ann' && Object.keys((x.view as MatrixView).scores).length === 2)!;
    const view = d.view as MatrixView;
    const text = `${matrixModelPrompt.rules(view)}\n\n${matrixModelPrompt.view(view, 20)}`;
    expect(text).toMatch(/^Matrix games, run by The House: Prisoner's Dilemma\. /);
    expect(text).toContain("Payoffs (you/them): CC 3/3, CD 0/5, DC 5/0, DD 1/1.\nC: cooperate. D: defect.\nPairing: a round robin, every round you meet every other player.\nLength: 40 rounds.\n");
    expect(matrixModelPrompt.view(view, 20)).toMatch(/^Round 4 of 40\. You: ann, score -?\d+ \(last round [+-]\d+\)\.\nScores: ann -?\d+, bob -?\d+\.\nvs bob: you [CD]{3} them [CD]{3}\n\nLegal now:\nall action=C\|D$/);
    // A call that stands alone keeps the one signature legal now.
    expect(legalSignatures(matrixModelPrompt.rules(view), readLegal(text)!)).toContain('all {"action":"<action>"} one move against every opponent');
  });

  test('a long match shows the last 20 meetings in full and counts the earlier ones; a flipped move of yours is lowercase', () => {
    const view = matrixGame.view(
      {
        ...matrixGame.setup(matrixConfigSchema.parse({ noise: 0.1 }), 1, ['ann', 'bob']),
        round: 31,
        memory: { ann: { bob: { role: 'row', mine: `${'C'.repeat(25)}DDDDD`, theirs: `${'D'.repeat(10)}${'C'.repeat(20)}`, meant: `${'C'.repeat(25)}DDDDC` } }, bob: {} },
      },
      'ann',
    );
    const line = matrixModelPrompt.view(view, 20).split('\n')[2];
    expect(line).toBe(`vs bob: 10 earlier (you 10C, them 0C); you ${'C'.repeat(15)}DDDDd them ${'C'.repeat(20)}`);
    expect(matrixModelPrompt.read(`${matrixModelPrompt.rules(view)}\n\n${matrixModelPrompt.view(view, 20)}`).met.bob).toEqual({ role: 'row', mine: `${'C'.repeat(15)}DDDDD`, theirs: 'C'.repeat(20), meant: `${'C'.repeat(15)}DDDDC` });
  });

  test('asymmetric payoffs and roles, an unknown length, noise: each said once and read back', () => {
    const config = matrixConfigSchema.parse({ preset: 'battle-of-the-sexes', continuation: 0.9, noise: 0.05 });
    const view = matrixGame.view(matrixGame.setup(config, 1, ['ann', 'bob']), 'bob');
    const text = `${matrixModelPrompt.rules(view)}\n\n${matrixModelPrompt.view(view, 20)}`;
    expect(text).toContain("Payoffs by role (row/column, the row's move first): CC 2/1, CD 0/0, DC 0/0, DD 1/2.");
    expect(text).toContain('Length: after each round another follows with probability 90%; nobody knows the last.');
    expect(text).toContain('vs ann (you column): first meeting');
    const back = matrixModelPrompt.read(text);
    expect(back).toMatchObject({ you: 'bob', round: 1, rounds: null, continuation: 0.9, noise: 0.05, preset: 'battle-of-the-sexes', payoffs: view.payoffs, opponents: [{ id: 'ann', role: 'column' }] });
  });
});
