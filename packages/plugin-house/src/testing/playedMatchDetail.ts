import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import type { MatchDetail, RoundHistoryEntry } from '../types.ts';

export interface PlayedOptions {
  id?: string;
  seed?: number;
  config?: unknown;
  /** Strategy per player; players without one play the game's first strategy. */
  strategies?: Record<PlayerId, string>;
}

/**
 * A MatchDetail as the House would report it after `rounds` finished rounds of
 * a real game played by its baseline strategies: fixtures for the dashboard.
 */
export function playedMatchDetail(gameId: string, players: PlayerId[], rounds: number, opts: PlayedOptions = {}): MatchDetail {
  const game = games[gameId];
  if (!game) throw new Error(`unknown game ${gameId}`);
  const match = Match.create(game, game.configSchema.parse(opts.config ?? {}), opts.seed ?? 1, players);
  const history: RoundHistoryEntry[] = [];
  const first = Object.keys(game.strategies)[0]!;
  while (!match.over && history.length < rounds) {
    const state = match.state;
    const decisions: Record<PlayerId, unknown> = {};
    for (const p of game.actors(state)) {
      const strategy = game.strategies[opts.strategies?.[p] ?? first] ?? game.strategies[first]!;
      decisions[p] = strategy.decide(game.view(state, p), brainContext(state.seed, p, state.round, state.phase));
    }
    const { finished } = match.step({ decisions });
    if (finished) history.push({ round: finished.round, ...finished.report });
  }
  const outcome = match.outcome();
  const state = match.state;
  return {
    summary: {
      id: opts.id ?? `${gameId}-1`,
      game: gameId,
      status: outcome.over ? 'finished' : 'running',
      round: state.round,
      players: players.map((name) => ({ name, alive: game.alive(state, name), score: game.score(state, name) })),
      winners: outcome.winners,
      spend: { tokens: 0, cost: 0 },
    },
    state,
    events: [...(match.log?.entries ?? [])],
    history,
    outcome,
    pendingBegs: [],
    usage: {},
    budget: {},
    paused: null,
    waitingFor: [],
  };
}
