import { ModelType, type IAgentRuntime } from '@elizaos/core';
import type { StrategyChoice } from '@the-house/lab/decision/strategyMove.ts';
import { OFFLINE_BRAIN, offlineBrainPlugin } from '@the-house/plugin-player/offlineBrainPlugin.ts';
import { decideAction, opponentNotesEvaluator } from '@the-house/plugin-player/playerPlugin.ts';
import { fakeRuntime } from './fakeRuntime.ts';

/**
 * A stand-in player runtime that plays: the player plugin's own HOUSE_DECIDE
 * action and notes evaluator over the offline brain (its TEXT_LARGE answers a
 * House request with the chosen baseline of each game), with its memory and
 * connections kept nowhere. The House asks it as it asks any player agent
 * (`AgentSeat`), so its answers are recorded and `replay-match` replays them.
 */
export function offlinePlayerRuntime(name: string, strategies: StrategyChoice): IAgentRuntime {
  const runtime = fakeRuntime(name);
  const brain = offlineBrainPlugin(strategies);
  const text = brain.models![ModelType.TEXT_LARGE] as (runtime: IAgentRuntime, params: { prompt: string }) => Promise<string>;
  return Object.assign(runtime, {
    character: { name, settings: { brain: 'offline', strategies } },
    actions: [decideAction],
    evaluators: [opponentNotesEvaluator],
    models: new Map([[ModelType.TEXT_LARGE, [{ provider: OFFLINE_BRAIN }]]]),
    useModel: async (_type: string, params: { prompt: string }) => text(runtime, params),
    ensureConnection: async () => undefined,
    createMemory: async () => crypto.randomUUID(),
  });
}
