import type { RoundRecord } from '@the-house/games/engine/match.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';

/** A real match of a game played by its baseline strategies (seat i plays the i-th, round robin) for up to `rounds` rounds, with each finished round's record: fixtures for what the House posts. */
export function playedMatch(gameId: string, players: PlayerId[], rounds: number, config: unknown = {}, seed = 1): { match: Match; records: RoundRecord[] } {
  const game = games[gameId];
  if (!game) throw new Error(`unknown game ${gameId}`);
  const match = Match.create(game, game.configSchema.parse(config), seed, players);
  const strategies = Object.values(game.strategies);
  const records: RoundRecord[] = [];
  while (!match.over && records.length < rounds) {
    const state = match.state;
    const decisions: Record<PlayerId, unknown> = {};
    for (const p of game.actors(state)) {
      const strategy = strategies[Math.max(0, players.indexOf(p.split('#')[0]!)) % strategies.length]!;
      decisions[p] = strategy.decide(game.view(state, p), brainContext(state.seed, p, state.round, state.phase));
    }
    const { finished } = match.step({ decisions });
    if (finished) records.push(finished);
  }
  return { match, records };
}
