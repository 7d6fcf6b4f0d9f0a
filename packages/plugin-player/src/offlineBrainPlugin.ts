import { ModelType, type IAgentRuntime, type Plugin } from '@elizaos/core';
import { strategyMove, type StrategyChoice } from '@the-house/lab/decision/strategyMove.ts';
import { offlineEmbedding } from '@the-house/lab/decision/offlineEmbedding.ts';
import { decodeRequest, type DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';

export const OFFLINE_BRAIN = 'house-offline-brain';

function chatReply(runtime: IAgentRuntime, choice: StrategyChoice | null): string {
  const name = runtime.character.name;
  const played = choice ? Object.entries(choice).map(([game, strategy]) => `${strategy} at ${game}`) : [];
  const text = choice
    ? `${name} here. I think offline${played.length ? ` (${played.join(', ')})` : ''}; ask The House for a game (!games, !play trust).`
    : `${name} here. Commands: !games, !play <game> [players] [--seed N], !join, !start, !status, !stop, !grant @name N <reason>, !decline @name <reason>.`;
  return `<response><thought>Offline brain: a fixed reply.</thought><actions>REPLY</actions><providers></providers><text>${text}</text></response>`;
}

/** A shouldRespond prompt asks for RESPOND | IGNORE | STOP. */
function isShouldRespond(prompt: string): boolean {
  return prompt.includes('RESPOND | IGNORE | STOP');
}

function textHandler(choice: StrategyChoice | null) {
  return async (runtime: IAgentRuntime, params: { prompt: string }): Promise<string> => {
    const prompt = params?.prompt ?? '';
    const request = decodeRequest(prompt);
    if (request) return JSON.stringify(strategyMove(request, choice));
    if (isShouldRespond(prompt)) {
      // The House (no strategy) answers whoever talks in its rooms; offline players stay quiet in groups.
      const action = choice ? 'IGNORE' : 'RESPOND';
      return `<response><name>${runtime.character.name}</name><reasoning>Offline brain: fixed rule.</reasoning><action>${action}</action></response>`;
    }
    return chatReply(runtime, choice);
  };
}

/**
 * An offline brain: model handlers that play the chosen baseline strategy of
 * each game when the prompt carries a House request, and give short fixed
 * replies otherwise, so the whole ElizaOS message flow runs with no model key.
 * `null` is the House's own offline brain (it plays no game).
 */
export function offlineBrainPlugin(choice: StrategyChoice | null): Plugin {
  const text = textHandler(choice);
  const object = async (_runtime: IAgentRuntime, params: { prompt: string }) => {
    const request = decodeRequest(params?.prompt ?? '');
    return (request ? strategyMove(request, choice) : {}) as Record<string, unknown>;
  };
  return {
    name: OFFLINE_BRAIN,
    description: choice ? `Offline brain playing ${JSON.stringify(choice)} with no model` : "The House's offline brain: fixed replies, no model",
    priority: 0,
    models: {
      [ModelType.TEXT_SMALL]: text,
      [ModelType.TEXT_LARGE]: text,
      [ModelType.OBJECT_SMALL]: object,
      [ModelType.OBJECT_LARGE]: object,
      [ModelType.TEXT_EMBEDDING]: async (_runtime: IAgentRuntime, params: { text: string } | string | null) => {
        const input = typeof params === 'string' ? params : (params?.text ?? '');
        return offlineEmbedding(input);
      },
    },
  };
}
