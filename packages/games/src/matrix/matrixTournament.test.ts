import { describe, expect, test } from 'bun:test';
import { Match } from '../engine/match.ts';
import { hashSeed } from '../engine/rng.ts';
import { runMatchSync } from '../engine/runner.ts';
import type { PlayerId } from '../engine/types.ts';
import { matrixConfigSchema, type MatrixConfig } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';
import type { MatrixState } from './matrixTypes.ts';

/**
 * Tournaments of the classic strategies, played by the engine's runner, and
 * the rankings their sources report.
 */

const strategy = (name: string) => matrixGame.strategies[name]!;

/**
 * Axelrod's round robin: every pair of `names` (each also against its twin)
 * plays a match of its own, `repeats` times, seeds derived from `seed`, the
 * pair and the repeat. Each name's mean score against each opponent.
 */
function roundRobin(names: readonly string[], config: Partial<MatrixConfig>, repeats: number, seed: number): Map<string, Map<string, number>> {
  const cfg = matrixConfigSchema.parse(config);
  const table = new Map(names.map((n) => [n, new Map<string, number>()]));
  const add = (a: string, b: string, score: number) => table.get(a)!.set(b, (table.get(a)!.get(b) ?? 0) + score / repeats);
  for (let i = 0; i < names.length; i++) {
    for (let j = i; j < names.length; j++) {
      const [a, b] = [names[i]!, names[j]!];
      for (let k = 0; k < repeats; k++) {
        const match = Match.create(matrixGame, cfg, hashSeed(seed, 'round robin', a, b, k), ['a', 'b'], { log: false });
        runMatchSync(match, { a: strategy(a), b: strategy(b) });
        const { scores } = match.state as MatrixState;
        add(a, b, scores.a!);
        if (i !== j) add(b, a, scores.b!);
      }
    }
  }
  return table;
}

/** A name's mean score per opponent of `field` (its twin included), as Axelrod's table averages a row. */
const mean = (table: Map<string, Map<string, number>>, name: string, field: readonly string[]) => field.reduce((sum, o) => sum + table.get(name)!.get(o)!, 0) / field.length;

/** Names from best to worst mean score over `field`. */
const ranked = (table: Map<string, Map<string, number>>, field: readonly string[]) => [...field].sort((a, b) => mean(table, b, field) - mean(table, a, field));

/** One match of `lineup` (player id to strategy) at one table: every round each player meets every other, as Case's tournaments and the library's (without twins) play. */
function oneTable(lineup: ReadonlyArray<readonly [PlayerId, string]>, config: Partial<MatrixConfig>, seed = 1): Record<PlayerId, number> {
  const match = Match.create(matrixGame, matrixConfigSchema.parse(config), seed, lineup.map(([id]) => id), { log: false });
  runMatchSync(match, Object.fromEntries(lineup.map(([id, name]) => [id, strategy(name)])));
  return { ...(match.state as MatrixState).scores };
}

describe("Axelrod (1980), Effective Choice in the Prisoner's Dilemma: the first tournament's rules implemented here", () => {
  /**
   * Nine of the fifteen entries, in their published order: TIT FOR TAT 1st,
   * GROFMAN 4th, SHUBIK 5th, FRIEDMAN (grudger) 7th, DAVIS 8th, FELD 11th,
   * JOSS 12th, TULLOCK 13th, RANDOM 15th. As in the paper: 200 moves a
   * match, payoffs 3/0/5/1, each rule against each other and its own twin,
   * five repetitions (seeds fixed here).
   */
  const FIRST = ['tit-for-tat', 'grofman', 'shubik', 'grudger', 'davis', 'feld', 'joss', 'tullock', 'random'];
  const NICE = FIRST.slice(0, 5);
  const table = roundRobin(FIRST, {}, 5, 1980);

  test('every nice rule (never the first to defect) ranks above every rule that is not, as Axelrod reads his table: "each of the eight top-ranking entries is nice"; none of the others is', () => {
    expect(new Set(ranked(table, FIRST).slice(0, 5))).toEqual(new Set(NICE));
    for (const a of NICE) for (const b of NICE) expect([a, b, table.get(a)!.get(b)]).toEqual([a, b, 600]);
  });

  test('the published order itself, where this field keeps it: SHUBIK (5th) > FRIEDMAN (7th) > FELD (11th) > JOSS (12th)', () => {
    /*
     * A subset's order depends on its field: TIT FOR TAT won in 1980 on its
     * scores against entries not implemented here (Tideman and Chieruzzi,
     * Nydegger, Stein and Rapoport, Graaskamp, Downing). Among the nine
     * above even the published rows put it below GROFMAN (TFT's row against
     * FELD, JOSS, TULLOCK and RANDOM: 280, 225, 279, 441; GROFMAN's: 289,
     * 236, 305, 507), and the ranks 7th/8th (473.4 and 471.8) and 12th/13th
     * (304.4 and 300.5) are too close to call. These four are apart in the
     * table and in play: their order held for all of 300 seeds of five
     * repetitions when this test was written.
     */
    const field = ['shubik', 'grudger', 'feld', 'joss'];
    const four = roundRobin(field, {}, 5, 1980);
    expect(ranked(four, field)).toEqual(field);
  });

  test("TIT FOR TAT's row: 600 against every nice rule, and its mean over this field within 5% of the published row's (469.4)", () => {
    // Both are means of five matches against rules that draw at random: over 200 seeds the gap ran from 0.1% to 2.7% (5th to 95th percentile).
    const published = (600 * 5 + 280 + 225 + 279 + 441) / 9;
    for (const o of NICE) expect(table.get('tit-for-tat')!.get(o)).toBe(600);
    expect(Math.abs(mean(table, 'tit-for-tat', FIRST) / published - 1)).toBeLessThan(0.05);
  });
});

describe('the Axelrod Python library, documented results (tournaments without twins: one table, everyone meets everyone)', () => {
  test('docs/how-to/access_tournament_results.rst, 10 turns: scores Cooperator 60, Defector 78, Tit For Tat 69, Grudger 69; ranked Defector first, Cooperator last', () => {
    const scores = oneTable(
      [
        ['Cooperator', 'always-cooperate'],
        ['Defector', 'always-defect'],
        ['Tit For Tat', 'tit-for-tat'],
        ['Grudger', 'grudger'],
      ],
      { rounds: 10 },
    );
    expect(scores).toEqual({ Cooperator: 60, Defector: 78, 'Tit For Tat': 69, Grudger: 69 });
  });

  test('axelrod/tests/integration/test_sample_tournaments.py, 10 turns: Cooperator 30, TitForTat 39, Defector 64', () => {
    expect(
      oneTable(
        [
          ['Cooperator', 'always-cooperate'],
          ['TitForTat', 'tit-for-tat'],
          ['Defector', 'always-defect'],
        ],
        { rounds: 10 },
      ),
    ).toEqual({ Cooperator: 30, TitForTat: 39, Defector: 64 });
  });

  test("docs/how-to/use_different_stage_games.rst, 200 turns: the Prisoner's Dilemma ranks Defector, Tit For Tat, Cooperator; Chicken (0, -1, 1, -10) ranks Cooperator, Defector, Tit For Tat", () => {
    const lineup = [
      ['Cooperator', 'always-cooperate'],
      ['Defector', 'always-defect'],
      ['Tit For Tat', 'tit-for-tat'],
    ] as const;
    const order = (scores: Record<string, number>) => Object.keys(scores).sort((a, b) => scores[b]! - scores[a]!);
    expect(order(oneTable(lineup, {}))).toEqual(['Defector', 'Tit For Tat', 'Cooperator']);
    expect(order(oneTable(lineup, { preset: 'chicken' }))).toEqual(['Cooperator', 'Defector', 'Tit For Tat']);
  });
});

describe("Nicky Case (2017), The Evolution of Trust: Case's payoffs (2, -1, 3, 0), 10 rounds a match, one round robin", () => {
  test('"It\'s tournament time! ... And the winner is... COPYCAT!"', () => {
    // By hand: Copycat -1 (Always Cheat) + 20 + 20 + 18 (Detective); Grudger 20 - 1 + 20 + 7; Detective 18 - 3 + 27 + 3;
    // Always Cheat 3 + 30 + 3 + 9; Always Cooperate 20 - 10 + 20 - 1.
    const scores = oneTable(
      [
        ['copycat', 'copycat'],
        ['cheater', 'cheater'],
        ['cooperator', 'cooperator'],
        ['grudger', 'grudger'],
        ['detective', 'detective'],
      ],
      { preset: 'evolution-of-trust', rounds: 10 },
    );
    expect(scores).toEqual({ copycat: 57, cheater: 45, cooperator: 29, grudger: 46, detective: 45 });
  });

  test('"15 Always Cooperates, 5 Always Cheats, and 5 Copycats ... The Always Cheaters won this time ... Copycat did not win, but at least they didn\'t do as bad as Always Cooperate"', () => {
    const lineup = [...Array.from({ length: 15 }, (_, i) => [`cooperator-${i + 1}`, 'cooperator'] as const), ...Array.from({ length: 5 }, (_, i) => [`cheater-${i + 1}`, 'cheater'] as const), ...Array.from({ length: 5 }, (_, i) => [`copycat-${i + 1}`, 'copycat'] as const)];
    const scores = oneTable(lineup, { preset: 'evolution-of-trust', rounds: 10 });
    // Each Always Cheat: 15 x 30 + 4 x 0 + 5 x 3; each Copycat: 15 x 20 + 5 x (-1) + 4 x 20; each Always Cooperate: 14 x 20 + 5 x (-10) + 5 x 20.
    expect(new Set(Object.entries(scores).map(([id, s]) => `${id.replace(/-\d+$/, '')} ${s}`))).toEqual(new Set(['cheater 465', 'copycat 375', 'cooperator 330']));
  });
});

describe('one table is the same round robin as separate matches', () => {
  test('deterministic rules score the same against each opponent at one table of five as in five separate pairs', () => {
    const names = ['tit-for-tat', 'tester', 'shubik', 'detective', 'pavlov'];
    const together = oneTable(
      names.map((n) => [n, n] as const),
      {},
    );
    const apart = roundRobin(names, {}, 1, 1);
    for (const n of names) expect([n, together[n]]).toEqual([n, names.filter((o) => o !== n).reduce((sum, o) => sum + apart.get(n)!.get(o)!, 0)]);
  });
});
