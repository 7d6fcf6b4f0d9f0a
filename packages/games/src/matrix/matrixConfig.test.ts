import { describe, expect, test } from 'bun:test';
import { parseConfig } from '../engine/config.ts';
import { replay } from '../engine/replay.ts';
import { matrixConfigSchema, payoffsOf, presetOf } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import { PRESETS, symmetric } from './matrixPresets.ts';

describe('matrix config', () => {
  test("the default is Axelrod's tournament: the Prisoner's Dilemma, 3/0/5/1, 200 rounds, known length, round robin, no noise", () => {
    const config = matrixConfigSchema.parse({});
    expect(config).toEqual({ preset: 'prisoners-dilemma', pairing: 'round-robin', rounds: 200, continuation: 1, horizon: 'known', noise: 0 });
    expect(payoffsOf(config)).toEqual({ row: { R: 3, S: 0, T: 5, P: 1 }, column: { R: 3, S: 0, T: 5, P: 1 } });
  });

  test('each preset is a 2x2 game with the payoffs its source gives', () => {
    const of = (preset: string) => payoffsOf(matrixConfigSchema.parse({ preset }));
    expect(of('evolution-of-trust').row).toEqual({ R: 2, S: -1, T: 3, P: 0 });
    expect(of('stag-hunt').row).toEqual({ R: 4, S: 0, T: 3, P: 3 });
    expect(of('chicken').row).toEqual({ R: 0, S: -1, T: 1, P: -10 });
    const sexes = of('battle-of-the-sexes');
    expect(symmetric(sexes)).toBe(false);
    expect(sexes).toEqual({ row: { R: 2, S: 0, T: 0, P: 1 }, column: { R: 1, S: 0, T: 0, P: 2 } });
    for (const [name, preset] of Object.entries(PRESETS)) expect([name, preset.source.length > 20]).toEqual([name, true]);
  });

  test('payoffs of its own replace the preset for both roles, unless columnPayoffs gives the column its own', () => {
    const own = matrixConfigSchema.parse({ preset: 'battle-of-the-sexes', payoffs: { R: 4, S: 0, T: 6, P: 2 } });
    expect(payoffsOf(own)).toEqual({ row: { R: 4, S: 0, T: 6, P: 2 }, column: { R: 4, S: 0, T: 6, P: 2 } });
    expect(presetOf(own)).toBeNull();
    const column = matrixConfigSchema.parse({ columnPayoffs: { R: 1, S: 1, T: 1, P: 1 } });
    expect(payoffsOf(column)).toEqual({ row: { R: 3, S: 0, T: 5, P: 1 }, column: { R: 1, S: 1, T: 1, P: 1 } });
  });

  test('every number has bounds; unknown keys are refused with the allowed keys', () => {
    const bad = (config: unknown) => {
      const parsed = parseConfig(matrixGame, config);
      return parsed.ok ? null : parsed.error;
    };
    expect(bad({ rounds: 0 })).toContain('rounds');
    expect(bad({ rounds: 10_001 })).toContain('rounds');
    expect(bad({ noise: 0.6 })).toContain('noise');
    expect(bad({ continuation: 1.5 })).toContain('continuation');
    expect(bad({ payoffs: { R: 3, S: 0, T: 5, P: 101 } })).toContain('payoffs.P');
    expect(bad({ payoffs: { R: 3, S: 0, T: 5.5, P: 1 } })).toContain('a payoff is a whole number');
    expect(bad({ payoffs: { R: 3, S: 0, T: 5 } })).toContain('payoffs.P');
    expect(bad({ preset: 'poker' })).toContain('preset');
    expect(bad({ round: 10 })).toBe("bad matrix config: unknown key 'round' (allowed keys: preset, payoffs, columnPayoffs, pairing, rounds, continuation, horizon, noise)");
  });

  test('2 to 32 players, refused in one line', () => {
    expect(replay({ matrix: matrixGame }, { game: 'matrix', players: ['a'] })).toEqual({ ok: false, error: 'matrix needs 2 to 32 players, got 1' });
    const many = Array.from({ length: 33 }, (_, i) => `p${i}`);
    expect(replay({ matrix: matrixGame }, { game: 'matrix', players: many })).toEqual({ ok: false, error: 'matrix needs 2 to 32 players, got 33' });
  });
});
