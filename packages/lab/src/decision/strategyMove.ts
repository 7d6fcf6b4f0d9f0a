import { brainContext } from '@the-house/games/engine/runner.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { games } from '@the-house/games/registry.ts';
import type { DecisionRequest } from './decisionRequest.ts';

/** The baseline strategy a player plays in each game, by game id. */
export type StrategyChoice = Record<string, string>;

/** The strategy a choice names for a game: its own, else the game's first (so every game is playable). */
export function strategyFor(gameId: string, choice: StrategyChoice | null): string | null {
  const game = games[gameId];
  if (!game) return null;
  // Names come from character files and model answers: only a strategy the game has counts (`constructor` is none).
  const named = choice ? ownValue(choice, gameId) : undefined;
  return named && ownValue(game.strategies, named) ? named : (Object.keys(game.strategies)[0] ?? null);
}

/**
 * The move a baseline strategy makes for a request: the one the choice names
 * for the game, else the game's first. Its random stream is the runner's
 * (match seed, player, round, phase), so a resumed match draws the same moves
 * and a House match plays exactly as `house play` with the same seed.
 */
export function strategyMove(request: DecisionRequest, choice: StrategyChoice | null): unknown {
  const game = games[request.game];
  const name = strategyFor(request.game, choice);
  const strategy = game && name ? ownValue(game.strategies, name) : undefined;
  if (!strategy) return {};
  return strategy.decide(request.view, brainContext(request.seed, request.player, request.round, request.phase));
}
