import { ModelType, type IAgentRuntime } from '@elizaos/core';
import { extractJson } from '@the-house/lab/decision/extractJson.ts';
import { strategyMove, type StrategyChoice } from '@the-house/lab/decision/strategyMove.ts';
import type { RemoteTurn } from '@the-house/lab/remote/remoteTurn.ts';

/** Moves remembered per match: enough for a whole Gold mining match's turns, and a bound on what one match may make the agent store. */
const KEPT_TURNS = 512;

/** What the agent remembers of one match (one A2A context): its answer to each turn, by turn id, in order. */
interface MatchMemory {
  answers: Array<[string, unknown]>;
}

const memoryKey = (context: string) => `competitor:match:${context}`;

/** The baselines a character plays offline, by game (`settings.strategies`), as the House's players name them. */
function strategiesOf(runtime: IAgentRuntime): StrategyChoice | null {
  const strategies = (runtime.character.settings as { strategies?: unknown } | undefined)?.strategies;
  if (!strategies || typeof strategies !== 'object') return null;
  const out: StrategyChoice = {};
  for (const [game, name] of Object.entries(strategies)) if (typeof name === 'string') out[game] = name;
  return out;
}

/** Whether the agent thinks with a model: a TEXT_LARGE handler, and no `settings.brain: offline`. */
export function thinksWithModel(runtime: IAgentRuntime): boolean {
  const brain = (runtime.character.settings as { brain?: unknown } | undefined)?.brain;
  if (brain === 'offline') return false;
  return typeof runtime.getModel === 'function' && runtime.getModel(ModelType.TEXT_LARGE) !== undefined;
}

/**
 * The agent's move for a House turn. A turn it answered before (the House
 * asks again after a restart) gets the same answer. With a model, the model
 * reads the House's compact prompt (the repair's, with the refusal, on a
 * second ask) and its JSON is the action, or its words when it wrote none (the
 * House then asks once more); offline, its baseline for the game plays from
 * the turn's view. Every answer is remembered with the match.
 */
export async function competitorMove(runtime: IAgentRuntime, turn: RemoteTurn, context: string): Promise<{ turn_id: string; action: unknown }> {
  const memory = (await runtime.getCache<MatchMemory>(memoryKey(context))) ?? { answers: [] };
  const kept = memory.answers.find(([id]) => id === turn.turn_id);
  if (kept) return { turn_id: turn.turn_id, action: kept[1] };
  let action: unknown;
  if (thinksWithModel(runtime)) {
    const text = String(await runtime.useModel(ModelType.TEXT_LARGE, { prompt: turn.prompt }));
    action = extractJson(text) ?? text;
  } else {
    action = strategyMove({ matchId: turn.table, game: turn.game, seed: 0, player: turn.seat, round: turn.round, phase: turn.phase, view: turn.view, legalMoves: turn.legal, schema: turn.schema }, strategiesOf(runtime));
  }
  memory.answers.push([turn.turn_id, action]);
  if (memory.answers.length > KEPT_TURNS) memory.answers.splice(0, memory.answers.length - KEPT_TURNS);
  await runtime.setCache(memoryKey(context), memory);
  return { turn_id: turn.turn_id, action };
}
