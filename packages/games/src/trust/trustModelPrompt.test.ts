import { describe, expect, test } from 'bun:test';
import { playedDecisions, roundTrip } from '../engine/modelPromptRoundTrip.ts';
import { readLegal, readSignatures } from '../engine/moveSignatures.ts';
import { trustConfigSchema } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import { trustModelPrompt } from './trustModelPrompt.ts';

const CAST = Object.keys(trustGame.strategies);

/** Matches of every strategy against every other, under the default rules and under the house rules (alliances, shocks, noise, spawning). */
function decisions() {
  const plain = trustConfigSchema.parse({});
  const house = trustConfigSchema.parse({ alliances: true, noise: 0.1, replicate: 'spawn', replicateAt: 70, shocks: { chance: 0.3, size: 4, synergy: 2 } });
  const out = [];
  for (let i = 0; i < CAST.length; i++) {
    out.push(...playedDecisions(trustGame, plain, ['ann', 'bob'], [CAST[i]!, CAST[(i + 3) % CAST.length]!], i + 1));
    out.push(...playedDecisions(trustGame, house, ['ann', 'bob', 'cy', 'dee'], [CAST[i]!, CAST[(i + 1) % CAST.length]!, CAST[(i + 5) % CAST.length]!, 'random'], 40 + i));
  }
  return out;
}

describe('Trust read by a model', () => {
  const seen = decisions();

  test('every strategy decides the same from the prompt text read back as from the full view', () => {
    expect(seen.length).toBeGreaterThan(1000);
    expect(roundTrip(trustGame, seen, Infinity)).toEqual([]);
  });

  test('with the prompt’s window of recent rounds, strategies that look no further back decide the same', () => {
    expect(roundTrip(trustGame, seen, trustModelPrompt.recentRounds, (s) => s.traits.memoryDepth <= trustModelPrompt.recentRounds)).toEqual([]);
  });

  test('the rules are the same text on every call of a match; the view ends with the legal moves', () => {
    const match = seen.filter((d) => (d.view as { rules: { alliances: boolean } }).rules.alliances && d.player === 'ann');
    expect(new Set(match.slice(0, 40).map((d) => trustModelPrompt.rules(d.view as never))).size).toBe(1);
    const text = `${trustModelPrompt.rules(match[5]!.view as never)}\n\n${trustModelPrompt.view(match[5]!.view as never, 12)}`;
    expect([...readSignatures(text)!.moves.keys()]).toEqual(['HIGH_FIVE', 'ATTACK', 'BLOCK', 'DO_NOTHING', 'REPLICATE', 'BEG', '+ally', '+leave', '+share']);
    expect(readSignatures(text)!.moves.get('ATTACK')).toBe('{"action":"ATTACK","target":"<target>"}');
    expect(readLegal(text)!.map((e) => e.name)).toContain('BEG');
    expect(readLegal(text)!.map((e) => e.name)).toContain('BLOCK|DO_NOTHING');
  });

  test('a round of two players in a line', () => {
    const d = seen.find((x) => x.round === 3 && x.player === 'ann')!;
    const text = trustModelPrompt.view(d.view as never, 12);
    expect(text).toMatch(/^Round 3 of 30\. You: ann, \d+ sats\.\nUnits: ann \d+, bob \d+\nHistory:\nr1 ann \S+( \S+)? \d+, bob \S+ \d+\n/);
  });
});
