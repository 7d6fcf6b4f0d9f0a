import { describe, expect, test } from 'bun:test';
import { playedDecisions, roundTrip } from '../engine/modelPromptRoundTrip.ts';
import { readLegal } from '../engine/moveSignatures.ts';
import { influenceConfigSchema } from './influenceConfig.ts';
import { influenceGame } from './influenceGame.ts';
import { influenceModelPrompt } from './influenceModelPrompt.ts';
import type { InfluenceView } from './influenceView.ts';

const CAST = Object.keys(influenceGame.strategies);
const seats = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Tables of 4 to 12 of every strategy, with WHISPER in one turn and in several, and tight DM limits. */
function decisions() {
  const out = [];
  const configs = [influenceConfigSchema.parse({}), influenceConfigSchema.parse({ whisperTurns: 1 }), influenceConfigSchema.parse({ whisperTurns: 4, maxWhispers: 3, maxDmRecipients: 2 })];
  for (let i = 0; i < 12; i++) {
    const cast = [CAST[i % CAST.length]!, CAST[(i + 1) % CAST.length]!, CAST[(i + 2) % CAST.length]!];
    out.push(...playedDecisions(influenceGame, configs[i % configs.length], seats(4 + (i % 9)), cast, i + 1));
  }
  return out;
}

describe('Influence read by a model', () => {
  const seen = decisions();

  test('every strategy decides the same from the prompt text read back as from the full view', () => {
    expect(seen.length).toBeGreaterThan(500);
    expect(new Set(seen.map((d) => (d.view as InfluenceView).phase))).toEqual(new Set(['WHISPER', 'RUMOR', 'VOTE', 'POWER']));
    expect(roundTrip(influenceGame, seen, Infinity)).toEqual([]);
  });

  test('with the prompt’s window of recent rounds, the strategy that reads no history decides the same', () => {
    expect(roundTrip(influenceGame, seen, influenceModelPrompt.recentRounds, (s) => s.traits.memoryDepth === 0)).toEqual([]);
  });

  test('posts before the window are counted by whom they name; the rules are the same on every call', () => {
    const late = seen.filter((d) => d.player === 'p1' && (d.view as InfluenceView).round >= 4 && (d.view as InfluenceView).alive);
    expect(late.length).toBeGreaterThan(0);
    const text = influenceModelPrompt.view(late[0]!.view as InfluenceView, 2);
    expect(text).toMatch(/\nEarlier posts named: \S+ \d+/);
    const match = playedDecisions(influenceGame, influenceConfigSchema.parse({}), seats(6), CAST, 5);
    for (const player of seats(6)) {
      const calls = match.filter((d) => d.player === player);
      expect(calls.length).toBeGreaterThan(2);
      expect(new Set(calls.map((d) => influenceModelPrompt.rules(d.view as InfluenceView))).size).toBe(1);
    }
  });

  test('POWER lists eliminations and protections as the legal moves', () => {
    const power = seen.find((d) => (d.view as InfluenceView).phase === 'POWER' && (d.view as InfluenceView).powerActions.some((a) => a.action === 'protect'))!;
    const entries = readLegal(influenceModelPrompt.view(power.view as InfluenceView, 2))!;
    expect(entries.map((e) => [e.name, e.bind[0]])).toEqual([
      ['POWER', ['action', 'eliminate']],
      ['POWER', ['action', 'protect']],
    ]);
  });
});
