import { roundRobin } from '../tournament/roundRobin.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { Strategy } from '@the-house/games/engine/types.ts';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { BARE_CAST, bareMatch, type BareDraws } from './trustBareLoop.ts';

const CAST = ['copycat', 'always-cooperate', 'always-cheat', 'grudger', 'detective', 'copykitten', 'simpleton', 'random'];

/** A slice of work: matches played, rounds, and the wall and CPU (this process's, user and system) milliseconds it took. */
interface Slice {
  matches: number;
  rounds: number;
  wall: number;
  cpu: number;
}

/** Runs `batch` (one pass over every pair of the cast) until `ms` of wall time have passed. */
function slice(ms: number, batch: (first: number) => { matches: number; rounds: number }): Slice {
  let matches = 0;
  let rounds = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < ms) {
    const done = batch(matches);
    matches += done.matches;
    rounds += done.rounds;
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { matches, rounds, wall, cpu: (used.user + used.system) / 1000 };
}

/**
 * 2-player matches (default config: at most 30 rounds) over every pair of the cast, seeds counting up, for
 * about `ms`. A match's log chains its events when first read, so `read` asks each match for its head: the
 * figure with every event hashed, as a match someone keeps pays it.
 */
function matchesFor(ms: number, log: boolean, read = false): Slice {
  const config = trustConfigSchema.parse({});
  const cast = CAST.map((n) => trustGame.strategies[n]!);
  const pairs: Array<[Strategy<any, any>, Strategy<any, any>]> = [];
  for (let i = 0; i < cast.length; i++) for (let j = i + 1; j < cast.length; j++) pairs.push([cast[i]!, cast[j]!]);
  return slice(ms, (first) => {
    let rounds = 0;
    let seed = first;
    for (const [a, b] of pairs) {
      const match = Match.create(trustGame, config, seed++, [a.name, b.name], { log });
      runMatchSync(match, { [a.name]: a, [b.name]: b });
      if (read) void match.log?.head;
      rounds += match.state.round;
    }
    return { matches: pairs.length, rounds };
  });
}

/** The same matches played by the bare loop (its draws the engine's, or one plain stream's). */
function bareFor(ms: number, draws: BareDraws = 'derived'): Slice {
  const out = new Int32Array(3);
  return slice(ms, (first) => {
    let seed = first;
    let rounds = 0;
    for (let i = 0; i < BARE_CAST.length; i++) {
      for (let j = i + 1; j < BARE_CAST.length; j++) {
        bareMatch(i, j, BARE_CAST[i]!, BARE_CAST[j]!, seed++, out, draws);
        rounds += out[2]!;
      }
    }
    return { matches: (BARE_CAST.length * (BARE_CAST.length - 1)) / 2, rounds };
  });
}

/**
 * Trust figures: matches per second for 2-player, 30-round-limit matches
 * between the eight classic strategies with the hash-chained event log on (and
 * off, and on with every match's chain hashed, to show the log's share), the
 * same matches played by a bare loop of the same game (`trustBareLoop.ts`: no
 * views, decision objects, checks or log; the same seeded draws) and how many
 * times slower the engine is with its log hashed and with no log (and against
 * the bare loop drawing from one plain stream instead, the draws' hashing
 * left out: same rules, other draws), and the
 * wall time of the 8-strategy round robin (every pair and self-pair) with 100
 * repeats as `tournament` runs it. Each figure is the best of three slices
 * taken in turns, so a neighbour's burst of work on a shared machine costs a
 * slice, not a figure; `_cpu` figures count this process's CPU time instead
 * of the wall's (what one free core would do).
 */
export async function bench(): Promise<Record<string, number>> {
  matchesFor(400, false);
  matchesFor(400, true, true);
  bareFor(300);
  const kinds = { off: () => matchesFor(500, false), on: () => matchesFor(500, true), hashed: () => matchesFor(500, true, true), bare: () => bareFor(500), plain: () => bareFor(300, 'stream') };
  const wall: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  let rounds = 0;
  let matches = 0;
  for (let n = 0; n < 3; n++) {
    for (const [kind, run] of Object.entries(kinds)) {
      const r = run();
      wall[kind] = Math.max(wall[kind] ?? 0, (r.matches * 1000) / r.wall);
      cpu[kind] = Math.max(cpu[kind] ?? 0, (r.matches * 1000) / r.cpu);
      if (kind === 'on') {
        rounds += r.rounds;
        matches += r.matches;
      }
    }
  }
  const cast = CAST.map((n) => trustGame.strategies[n]!);
  const started = performance.now();
  roundRobin(trustGame, trustConfigSchema.parse({}), cast, 100, 1);
  const robin = performance.now() - started;
  return {
    'trust.matches_per_sec': wall.on!,
    'trust.rounds_per_match': rounds / matches,
    'trust.matches_per_sec_log_off': wall.off!,
    'trust.matches_per_sec_log_hashed': wall.hashed!,
    'trust.matches_per_sec_bare_loop': wall.bare!,
    'trust.hashed_vs_bare_loop': wall.bare! / wall.hashed!,
    'trust.log_off_vs_bare_loop': wall.bare! / wall.off!,
    'trust.matches_per_cpu_sec_log_hashed': cpu.hashed!,
    'trust.matches_per_cpu_sec_log_off': cpu.off!,
    'trust.hashed_vs_bare_loop_cpu': cpu.bare! / cpu.hashed!,
    'trust.matches_per_sec_bare_loop_plain_draws': wall.plain!,
    'trust.hashed_vs_bare_loop_plain_draws': wall.plain! / wall.hashed!,
    'trust.round_robin_8x100_ms': robin,
  };
}
