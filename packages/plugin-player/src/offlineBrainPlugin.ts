import { ModelType, type IAgentRuntime, type Plugin } from '@elizaos/core';
import { strategyMove, type StrategyChoice } from '@the-house/lab/decision/strategyMove.ts';
import { offlineEmbedding } from '@the-house/lab/decision/offlineEmbedding.ts';
import { decodeRequest, type DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { gameById } from '@the-house/games/registry.ts';

export const OFFLINE_BRAIN = 'house-offline-brain';

function chatReply(runtime: IAgentRuntime, choice: StrategyChoice | null): string {
  const name = runtime.character.name;
  const played = choice ? Object.entries(choice).map(([game, strategy]) => `${strategy} at ${game}`) : [];
  const text = choice
    ? `${name} here. I think offline${played.length ? ` (${played.join(', ')})` : ''}; ask The House for a game: \`!help\`, \`!play trust\`.`
    : `I am ${name}: I run games among the players here. Type \`!help\` for the commands, or \`!play trust\` to start a match.`;
  return `<response><thought>Offline brain: a fixed reply.</thought><actions>REPLY</actions><providers></providers><text>${text}</text></response>`;
}

/** A shouldRespond prompt asks for RESPOND | IGNORE | STOP. */
function isShouldRespond(prompt: string): boolean {
  return prompt.includes('RESPOND | IGNORE | STOP');
}

/** The server's prompt for a chat's title in the GUI's list of chats. */
function isTitlePrompt(prompt: string): boolean {
  return prompt.includes('generate a short, descriptive title for this chat');
}

/** The bootstrap's reflection prompt (facts and relationships to remember). */
function isReflection(prompt: string): boolean {
  return prompt.includes('# Task: Generate Agent Reflection');
}


/**
 * A plain chat title (the GUI shows the answer as the chat's name): the game
 * last asked for with `!play` and the short id of its last match named in the
 * chat (two chats that each opened a Trust match differ by it, as their rooms
 * do), else who the chat is with. Never the XML of a chat reply, which the GUI
 * would show as the title.
 */
export function offlineTitle(prompt: string, name: string): string {
  const asked = [...prompt.matchAll(/!play\s+([a-z]+)/gi)].map((m) => gameById(m[1]!.toLowerCase())).filter((g) => g !== undefined);
  const game = asked.at(-1);
  if (!game) return `Games with ${name}`;
  const ids = [...prompt.matchAll(/\b([a-z]+)-\d+-([a-z0-9]{4})[a-z0-9]*\b/gi)].filter((m) => m[1]!.toLowerCase() === game.id);
  const short = ids.at(-1)?.[2];
  const title = game.presentation.title ?? game.title;
  return short ? `${title} ${short.toLowerCase()} at ${name}` : `${title} at ${name}`;
}

function textHandler(choice: StrategyChoice | null) {
  return async (runtime: IAgentRuntime, params: { prompt: string }): Promise<string> => {
    const prompt = params?.prompt ?? '';
    const request = decodeRequest(prompt);
    if (request) return JSON.stringify(strategyMove(request, choice));
    if (isTitlePrompt(prompt)) return offlineTitle(prompt, runtime.character.name);
    // Nothing to learn offline; empty sections would be logged by the bootstrap as a failed reflection.
    if (isReflection(prompt)) return '<response><thought>Offline brain: nothing to reflect on.</thought><facts>none</facts><relationships>none</relationships></response>';
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
