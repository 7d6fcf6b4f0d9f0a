import { Match, type RoundRecord } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { strategyTable } from '../seats/strategyTable.ts';
import { measureRun } from './measureRun.ts';
import { seatIds, type RunReply, type RunResult, type RunSpec } from './runSpec.ts';

/** A game by id; throws (the run fails, the sweep says which) for an unknown one. */
export function gameById(id: string): AnyGame {
  const game = Object.hasOwn(games, id) ? games[id] : undefined;
  if (!game) throw new Error(`unknown game '${id}'`);
  return game;
}

const parsed = new WeakMap<object, unknown>();

/** The run's config through the game's schema, once per config object (a tournament's runs share one). */
function configOf(game: AnyGame, spec: RunSpec): unknown {
  const key = spec.config && typeof spec.config === 'object' ? spec.config : null;
  if (key && parsed.has(key)) return parsed.get(key);
  const config = game.configSchema.parse(spec.config);
  if (key) parsed.set(key, config);
  return config;
}

/**
 * Plays one run of baseline strategies on the fast path (no log, no timers,
 * no promises: a worker thread's job) and measures it. Runs with model seats
 * go through `playModelRun` instead.
 */
export function playRun(spec: RunSpec): RunResult {
  const game = gameById(spec.game);
  const ids = seatIds(spec);
  const strategies = spec.lineup.map((name) => {
    const strategy = Object.hasOwn(game.strategies, name) ? game.strategies[name] : undefined;
    if (!strategy) throw new Error(`unknown ${game.id} strategy '${name}'`);
    return strategy;
  });
  const match = Match.create(game, configOf(game, spec), spec.seed, [...ids], { log: false });
  const measure = spec.measure !== false;
  const rounds: RoundRecord[] = [];
  const track: number[][] = measure ? [ids.map((id) => game.score(match.state, id))] : [];
  const outcome = runMatchSync(
    match,
    strategyTable(ids, strategies),
    measure
      ? (record) => {
          rounds.push(record);
          track.push(ids.map((id) => game.score(match.state, id)));
        }
      : undefined,
  );
  return measureRun(game, spec, ids, { state: match.state, rounds }, outcome, track);
}

/** One run on this thread, its failure caught like a worker's. */
export function playRunReply(spec: RunSpec): RunReply {
  try {
    return { ok: true, result: playRun(spec) };
  } catch (error) {
    return { ok: false, id: spec.id, error: error instanceof Error ? error.message : String(error) };
  }
}
