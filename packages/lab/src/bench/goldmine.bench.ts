import { cpus } from 'node:os';
import { countTokens } from 'gpt-tokenizer';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { goldminePrompt } from '@the-house/games/goldmine/goldminePrompt.ts';
import { goldmineStrategies } from '@the-house/games/goldmine/goldmineStrategies.ts';
import { goldmineView } from '@the-house/games/goldmine/goldmineView.ts';
import { playGoldmineMatch, type Seat } from '@the-house/games/goldmine/playGoldmineMatch.ts';
import { runRuns } from '../sweep/runRuns.ts';
import type { RunSpec } from '../sweep/runSpec.ts';

const BASELINES = Object.keys(goldmineStrategies);

/** N seats cycling through the four baselines. */
function mixedSeats(n: number): Seat[] {
  return Array.from({ length: n }, (_, i) => {
    const name = BASELINES[i % BASELINES.length]!;
    return { id: `${name}-${i + 1}`, strategy: goldmineStrategies[name]! };
  });
}

/** Mean wall time (ms) of a mixed-baseline match, after a warm-up of 5 matches. */
function matchMs(players: number, rounds: number, repeats: number): number {
  const config = goldmineConfigSchema.parse({ rounds });
  const seats = mixedSeats(players);
  for (let s = 0; s < 5; s++) playGoldmineMatch(config, -1 - s, seats);
  const start = performance.now();
  for (let s = 1; s <= repeats; s++) playGoldmineMatch(config, s, seats);
  return (performance.now() - start) / repeats;
}

/** Mean wall time (ms) of the same N=10, 200-round match through `Match` with its SHA-256-chained event log (what `play` runs). */
function loggedMatchMs(repeats: number): number {
  const config = goldmineConfigSchema.parse({});
  const seats = mixedSeats(10);
  const ids = seats.map((s) => s.id);
  const table = Object.fromEntries(seats.map((s) => [s.id, s.strategy]));
  // The head is read so the chain is really hashed (a match's log chains its events when first read, as `play`'s writing does).
  const once = (seed: number) => {
    const match = Match.create(goldmineGame, config, seed, ids);
    runMatchSync(match, table);
    return match.log?.head;
  };
  for (let s = 0; s < 3; s++) once(-1 - s);
  const start = performance.now();
  for (let s = 1; s <= repeats; s++) once(s);
  return (performance.now() - start) / repeats;
}

/** The full baseline sweep: 4 homogeneous populations x 20 seeds x 200 rounds, N = 10, on all cores (metrics included, no disk). */
async function baselineSweepSeconds(): Promise<number> {
  const config = goldmineConfigSchema.parse({ rounds: 200 });
  const specs: RunSpec[] = BASELINES.flatMap((name) =>
    Array.from({ length: 20 }, (_, i) => ({ game: 'goldmine', id: `${name}#${i + 1}`, treatment: { population: name }, seed: i + 1, config, lineup: new Array<string>(10).fill(name), snapshots: [] })),
  );
  const start = performance.now();
  await runRuns(specs, { workers: cpus().length }, (reply) => {
    if (!reply.ok) throw new Error(reply.error);
  });
  return (performance.now() - start) / 1000;
}

/** Prompt tokens (gpt-tokenizer, o200k) per decision, averaged over every player at rounds 50, 100 and 150 of a mixed match. */
function promptTokens(players: number): number {
  const config = goldmineConfigSchema.parse({ rounds: 150 });
  const seats = mixedSeats(players);
  let total = 0;
  let count = 0;
  for (const rounds of [50, 100, 150]) {
    const { state } = playGoldmineMatch({ ...config, rounds: rounds - 1 }, 9, seats);
    const next = { ...state, round: rounds, over: false, config: { ...state.config, rounds: config.rounds } };
    for (const seat of seats) {
      total += countTokens(goldminePrompt(goldmineView(next, seat.id)));
      count++;
    }
  }
  return total / count;
}

/**
 * Gold mining figures: one N=10 200-round match between the baselines (aim
 * under 10 ms; also through the hash-chained log, as `play` runs it), one
 * N=20 500-round match, the full baseline sweep (aim under 3 s on 2 cores)
 * and the model prompt's tokens per decision for N=10 and N=20.
 */
export async function bench(): Promise<Record<string, number>> {
  return {
    'goldmine.match_n10_r200_ms': matchMs(10, 200, 20),
    'goldmine.match_n10_r200_logged_ms': loggedMatchMs(10),
    'goldmine.match_n20_r500_ms': matchMs(20, 500, 5),
    'goldmine.baseline_sweep_4x20x200_s': await baselineSweepSeconds(),
    'goldmine.prompt_tokens_n10': promptTokens(10),
    'goldmine.prompt_tokens_n20': promptTokens(20),
  };
}
