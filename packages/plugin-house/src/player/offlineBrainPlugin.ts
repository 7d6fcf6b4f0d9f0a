import { ModelType, type IAgentRuntime, type Plugin } from '@elizaos/core';
import { hashSeed } from '../engine/rng.ts';
import { brainContext } from '../engine/runner.ts';
import { games } from '../games/registry.ts';
import { decodeRequest, type DecisionRequest } from './decisionRequest.ts';

export const EMBEDDING_SIZE = 384;

/**
 * The move a baseline strategy makes for a request. The strategy is the named
 * one if the game has it, else the game's first; its random stream is derived
 * from the match id, so a resumed match draws the same moves.
 */
export function strategyMove(request: DecisionRequest, strategyName: string | null): unknown {
  const game = games[request.game];
  if (!game) return {};
  const strategy = (strategyName && game.strategies[strategyName]) || Object.values(game.strategies)[0];
  if (!strategy) return {};
  return strategy.decide(request.view, brainContext(hashSeed(0, request.matchId), request.player, request.round, request.phase));
}

function chatReply(runtime: IAgentRuntime, strategyName: string | null): string {
  const name = runtime.character.name;
  const text = strategyName
    ? `${name} here. I think offline with the '${strategyName}' strategy; ask The House for a game (!games, !play trust).`
    : `${name} here. Commands: !games, !play <game> [players] [--seed N], !join, !start, !status, !stop, !grant @name N <reason>, !decline @name <reason>.`;
  return `<response><thought>Offline brain: a fixed reply.</thought><actions>REPLY</actions><providers></providers><text>${text}</text></response>`;
}

/** A shouldRespond prompt asks for RESPOND | IGNORE | STOP. */
function isShouldRespond(prompt: string): boolean {
  return prompt.includes('RESPOND | IGNORE | STOP');
}

function textHandler(strategyName: string | null) {
  return async (runtime: IAgentRuntime, params: { prompt: string }): Promise<string> => {
    const prompt = params?.prompt ?? '';
    const request = decodeRequest(prompt);
    if (request) return JSON.stringify(strategyMove(request, strategyName));
    if (isShouldRespond(prompt)) {
      // The House (no strategy) answers whoever talks in its rooms; offline players stay quiet in groups.
      const action = strategyName ? 'IGNORE' : 'RESPOND';
      return `<response><name>${runtime.character.name}</name><reasoning>Offline brain: fixed rule.</reasoning><action>${action}</action></response>`;
    }
    return chatReply(runtime, strategyName);
  };
}

/** A deterministic bag-of-characters vector: enough for memory search to run offline. */
export function offlineEmbedding(text: string): number[] {
  const v = new Array<number>(EMBEDDING_SIZE).fill(0);
  for (let i = 0; i < text.length; i++) v[(text.charCodeAt(i) * 31 + i) % EMBEDDING_SIZE]! += 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/**
 * An offline brain: model handlers that play the named baseline strategy when
 * the prompt carries a House request, and give short fixed replies otherwise,
 * so the whole ElizaOS message flow runs with no model key.
 */
export function offlineBrainPlugin(strategyName: string | null): Plugin {
  const text = textHandler(strategyName);
  const object = async (_runtime: IAgentRuntime, params: { prompt: string }) => {
    const request = decodeRequest(params?.prompt ?? '');
    return (request ? strategyMove(request, strategyName) : {}) as Record<string, unknown>;
  };
  return {
    name: 'house-offline-brain',
    description: `Offline brain playing the '${strategyName ?? 'house'}' strategy with no model`,
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
