import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { cafeConfigSchema } from '@the-house/games/cafe/cafeConfig.ts';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';

const CAST = ['credit-union', 'predatory-lender', 'hoarder', 'free-rider', 'strategic-betrayer'];

/** One default match (4 players, 20 rounds) of four archetypes rotated by seed, stand-in judge. */
function playOne(seed: number, log: boolean): void {
  const ids = [0, 1, 2, 3].map((i) => CAST[(seed + i) % CAST.length]!);
  const match = Match.create(cafeGame, cafeConfigSchema.parse({}), seed, ids, { log });
  runMatchSync(match, cafeGame.strategies);
}

/**
 * Café figures: mean wall time of one 4-player, 20-round match with offline
 * brains and the stand-in judge (event log on, as `play` runs it; and off), and
 * the total time of a 1,000-match sweep over seeds 1..1000 with the log on.
 */
export async function bench(): Promise<Record<string, number>> {
  for (let seed = 0; seed < 50; seed++) playOne(seed, true);
  const timeOf = (n: number, log: boolean) => {
    const start = performance.now();
    for (let seed = 1; seed <= n; seed++) playOne(seed, log);
    return performance.now() - start;
  };
  const single = timeOf(200, true) / 200;
  const singleOff = timeOf(200, false) / 200;
  const sweep = timeOf(1000, true);
  return {
    'cafe.match_4p_20r_ms': single,
    'cafe.match_4p_20r_log_off_ms': singleOff,
    'cafe.sweep_1000_matches_ms': sweep,
    'cafe.matches_per_sec': 1_000_000 / sweep,
  };
}
