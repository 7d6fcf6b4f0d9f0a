import { describe, expect, test } from 'bun:test';
import { parseConfig } from '../engine/config.ts';
import { cafeGame } from './cafeGame.ts';
import { cafeConfigSchema, eliminationLevel, richestTotalCents } from './cafeConfig.ts';

describe('cafeConfigSchema', () => {
  test('RULES Café defaults: 20 rounds, 1,000 tokens, 5%, levels -5..+3 (out at -6), +500, +100, +300, rescue 1,000 for +2, resurrect 2,000 at -2', () => {
    const cfg = cafeConfigSchema.parse({});
    expect(cfg).toEqual({
      rounds: 20,
      startTokens: 1000,
      interestRate: 0.05,
      minLevel: -5,
      maxLevel: 3,
      bestAward: 500,
      survivalBonus: 100,
      groupBonus: 300,
      rescueCost: 1000,
      rescueLevels: 2,
      resurrectCost: 2000,
      resurrectLevel: -2,
    });
    expect(eliminationLevel(cfg)).toBe(-6);
    expect([cafeGame.minPlayers, cafeGame.maxPlayers, cafeGame.defaultPlayers]).toEqual([2, 8, 4]);
  });

  test('bad configs are refused with what is allowed', () => {
    const bad = (raw: unknown) => {
      const parsed = parseConfig(cafeGame, raw);
      return parsed.ok ? null : parsed.error;
    };
    expect(bad({ round: 3 })).toStartWith("bad cafe config: unknown key 'round' (allowed keys: rounds, startTokens,");
    expect(bad({ interestRate: 1.5 })).toStartWith('bad cafe config: interestRate: Too big');
    expect(bad({ resurrectLevel: -6 })).toStartWith('bad cafe config: resurrectLevel: resurrectLevel must be between minLevel (-5) and maxLevel (3)');
    expect(bad({ startTokens: 10.5 })).toStartWith('bad cafe config: startTokens:');
  });

  test('a config whose banks could outgrow exact integer cents is refused', () => {
    expect(richestTotalCents(cafeConfigSchema.parse({}))).toBeLessThan(20_000_000);
    expect(cafeConfigSchema.safeParse({ rounds: 300 }).success).toBe(true);
    expect(cafeConfigSchema.safeParse({ rounds: 1000 }).error?.issues[0]).toMatchObject({ path: ['rounds'], message: expect.stringContaining('integer cents keep exact') });
    expect(cafeConfigSchema.safeParse({ interestRate: 1, rounds: 60 }).success).toBe(false);
  });
});
