import { brainContext } from '@the-house/games/engine/runner.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { gameById } from '@the-house/games/registry.ts';
import type { RemoteTurn } from '../remoteTurn.ts';

/**
 * How a reference agent answers (the fault tests' and `seat-check`'s broken
 * agents included): `good` plays a baseline from the turn's view; `slow`
 * answers after `delayMs`; `malformed` answers words with no JSON; `illegal`
 * answers JSON no game accepts, every time; `nonsense` answers
 * `{"action": "FLY_TO_THE_MOON"}`, a move of no game, every time; `stale`
 * names another turn; `flood` answers far more than the House reads;
 * `silent` never answers.
 */
export type AgentMode = 'good' | 'slow' | 'malformed' | 'illegal' | 'nonsense' | 'stale' | 'flood' | 'silent';
export const AGENT_MODES: readonly AgentMode[] = ['good', 'slow', 'malformed', 'illegal', 'nonsense', 'stale', 'flood', 'silent'];

/** The move a baseline strategy makes from a turn's view (the game's first baseline unless one is named). No seed travels with a turn, so a strategy that draws does so from a stream of its own. */
export function referenceMove(turn: RemoteTurn, strategyName?: string): unknown {
  const game = gameById(turn.game);
  if (!game) throw new Error(`unknown game ${turn.game}`);
  const strategy = (strategyName ? ownValue(game.strategies, strategyName) : undefined) ?? Object.values(game.strategies)[0]!;
  return strategy.decide(turn.view, brainContext(0, turn.seat, turn.round, turn.phase));
}

/** What an agent in `mode` answers to a turn, as `{turn_id, action}` (or text, for the broken ones). */
export function referenceAnswer(turn: RemoteTurn, mode: AgentMode, strategyName?: string): { turn_id: string; action: unknown } | string {
  if (mode === 'malformed') return 'I would rather not say.';
  if (mode === 'illegal') return { turn_id: turn.turn_id, action: { nonsense: true } };
  if (mode === 'nonsense') return { turn_id: turn.turn_id, action: { action: 'FLY_TO_THE_MOON' } };
  if (mode === 'stale') return { turn_id: 'a-turn-long-gone', action: referenceMove(turn, strategyName) };
  if (mode === 'flood') return 'x'.repeat(2 * 1024 * 1024);
  return { turn_id: turn.turn_id, action: referenceMove(turn, strategyName) };
}
