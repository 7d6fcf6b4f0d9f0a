import { describe, expect, test } from 'bun:test';
import { brainContext } from '../engine/runner.ts';
import { playedDecisions, roundTrip } from '../engine/modelPromptRoundTrip.ts';
import { readLegal } from '../engine/moveSignatures.ts';
import { cafeConfigSchema } from './cafeConfig.ts';
import { cafeGame } from './cafeGame.ts';
import { cafeModelPrompt } from './cafeModelPrompt.ts';

const CAST = Object.keys(cafeGame.strategies);

/** Tables of every archetype, the default economy and a harsh one (where players fall into crisis, borrow, rescue and die). */
function decisions() {
  const plain = cafeConfigSchema.parse({});
  const harsh = cafeConfigSchema.parse({ interestRate: 0, bestAward: 50, survivalBonus: 0, groupBonus: 0, startTokens: 1500, minLevel: -3, rescueCost: 400, resurrectCost: 600 });
  const out = [];
  for (let i = 0; i < CAST.length; i++) {
    const cast = [CAST[i]!, CAST[(i + 1) % CAST.length]!, CAST[(i + 2) % CAST.length]!, CAST[(i + 3) % CAST.length]!];
    out.push(...playedDecisions(cafeGame, plain, ['ann', 'bob', 'cy', 'dee'], cast, i + 1));
    out.push(...playedDecisions(cafeGame, harsh, ['ann', 'bob', 'cy', 'dee', 'eve'], cast, 20 + i));
  }
  // A predatory lender among players that fall to -2 and recover: offers made, taken and withdrawn.
  for (let seed = 1; seed <= 5; seed++) out.push(...playedDecisions(cafeGame, cafeConfigSchema.parse({ minLevel: -2 }), ['ann', 'bob', 'cy', 'dee'], ['predatory-lender', 'hoarder', 'free-rider', 'credit-union'], seed));
  return out;
}

describe('Café read by a model', () => {
  const seen = decisions();

  test('every strategy decides the same from the prompt text read back as from the full view (market moves and answer)', () => {
    expect(seen.length).toBeGreaterThan(300);
    const decide = (d: (typeof seen)[number]) => Object.values(cafeGame.strategies).map((s) => s.decide(d.view as never, brainContext(d.seed, d.player, d.round, d.phase)));
    const moves = new Set(seen.flatMap((d) => decide(d).flatMap((decision) => decision.market.map((m) => m.type))));
    expect([...moves].sort()).toEqual(['accept_loan', 'donate', 'offer_loan', 'rescue', 'resurrect', 'withdraw_offer']);
    expect(roundTrip(cafeGame, seen, Infinity)).toEqual([]);
  });

  test('a House challenge with keywords of its own shows them; a bank challenge needs none', () => {
    const d = seen[0]!.view as Parameters<typeof cafeModelPrompt.view>[0];
    expect(cafeModelPrompt.view(d, 12)).not.toContain('key ideas');
    const posed = { ...d, challenge: { id: 'house-1', prompt: 'Name a new pastry.', keywords: ['flaky', 'butter'] } };
    const text = cafeModelPrompt.view(posed, 12);
    expect(text).toContain('Challenge (house-1): Name a new pastry. (key ideas: flaky, butter)');
    expect(cafeModelPrompt.read(`${cafeModelPrompt.rules(posed)}\n\n${text}`).challenge).toEqual(posed.challenge);
  });

  test('the rules are the same on every call; the legal moves say whom and how much', () => {
    const ann = seen.filter((d) => d.player === 'ann').slice(0, 20);
    expect(new Set(ann.map((d) => cafeModelPrompt.rules(d.view as never))).size).toBe(1);
    const entries = readLegal(cafeModelPrompt.view(ann[0]!.view as never, 12))!;
    expect(entries.map((e) => e.name)).toEqual(['donate|offer_loan', 'rescue']);
    expect(entries[0]!.bind).toEqual([['to', 'bob|cy|dee'], ['amount', '0.01..1000'], ['rate', '0..1000000'], ['duration', '1..20']]);
  });
});
