import { roundRobin } from '../tournament/roundRobin.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { Strategy } from '@the-house/games/engine/types.ts';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';

const CAST = ['copycat', 'always-cooperate', 'always-cheat', 'grudger', 'detective', 'copykitten', 'simpleton', 'random'];

/**
 * Plays 2-player matches (default config: at most 30 rounds) over every pair of the cast for about `ms`.
 * A match's log chains its events when first read, so `read` asks each match for its head: the figure
 * with every event hashed, as a match someone keeps pays it.
 */
function matchesFor(ms: number, log: boolean, read = false): { matches: number; rounds: number; elapsed: number } {
  const config = trustConfigSchema.parse({});
  const cast = CAST.map((n) => trustGame.strategies[n]!);
  const pairs: Array<[Strategy<any, any>, Strategy<any, any>]> = [];
  for (let i = 0; i < cast.length; i++) for (let j = i + 1; j < cast.length; j++) pairs.push([cast[i]!, cast[j]!]);
  let matches = 0;
  let rounds = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (const [a, b] of pairs) {
      const match = Match.create(trustGame, config, matches, [a.name, b.name], { log });
      runMatchSync(match, { [a.name]: a, [b.name]: b });
      if (read) void match.log?.head;
      rounds += match.state.round;
      matches++;
    }
  }
  return { matches, rounds, elapsed: performance.now() - start };
}

/**
 * Trust figures: matches per second for 2-player, 30-round-limit matches
 * between the eight classic strategies with the hash-chained event log on (and
 * off, and on with every match's chain hashed, to show the log's share), and the wall time of the 8-strategy round
 * robin (every pair and self-pair) with 100 repeats as `tournament` runs it.
 */
export async function bench(): Promise<Record<string, number>> {
  matchesFor(500, false);
  matchesFor(500, true);
  const off = matchesFor(1500, false);
  const on = matchesFor(1500, true);
  const hashed = matchesFor(1500, true, true);
  const cast = CAST.map((n) => trustGame.strategies[n]!);
  const started = performance.now();
  roundRobin(trustGame, trustConfigSchema.parse({}), cast, 100, 1);
  const robin = performance.now() - started;
  return {
    'trust.matches_per_sec': (on.matches * 1000) / on.elapsed,
    'trust.rounds_per_match': on.rounds / on.matches,
    'trust.matches_per_sec_log_off': (off.matches * 1000) / off.elapsed,
    'trust.matches_per_sec_log_hashed': (hashed.matches * 1000) / hashed.elapsed,
    'trust.round_robin_8x100_ms': robin,
  };
}
