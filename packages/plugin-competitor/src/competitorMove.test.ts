import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { Match } from '@the-house/games/engine/match.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { decisionRequest } from '@the-house/lab/seats/decisionRequestFor.ts';
import { remoteTurn, type RemoteTurn } from '@the-house/lab/remote/remoteTurn.ts';
import { competitorMove, thinksWithModel } from './competitorMove.ts';

/** A runtime with a cache in memory, a character, and (optionally) a model that answers every prompt with `answer`. */
function runtime(settings: Record<string, unknown>, answer?: (prompt: string) => string): IAgentRuntime & { prompts: string[] } {
  const cache = new Map<string, unknown>();
  const prompts: string[] = [];
  return {
    character: { name: 'Visitor', settings },
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => cache.set(key, structuredClone(value)) && true,
    getModel: () => (answer ? () => undefined : undefined),
    useModel: async (_type: string, params: { prompt: string }) => (prompts.push(params.prompt), answer!(params.prompt)),
    prompts,
  } as unknown as IAgentRuntime & { prompts: string[] };
}

function turnFor(round: number): RemoteTurn {
  const match = Match.create(trustGame, {}, 3, ['Visitor', 'Ada']);
  const view = trustGame.view(match.state, 'Visitor');
  const request = decisionRequest(trustGame, match.state, 'm-1', view, { player: 'Visitor', round, phase: match.state.phase });
  return remoteTurn(request, 'm-1', 'the compact prompt', { deadline: 0, msLeft: 1000 }, 5000, 0);
}

describe("a competitor's move", () => {
  test('offline: its baseline for the game plays from the view; the same turn again gets the same answer', async () => {
    const rt = runtime({ brain: 'offline', strategies: { trust: 'always-cheat' } });
    expect(thinksWithModel(rt)).toBe(false);
    const turn = turnFor(1);
    const first = await competitorMove(rt, turn, 'ctx');
    expect(first).toEqual({ turn_id: turn.turn_id, action: { action: 'ATTACK', target: 'Ada' } });
    expect(await competitorMove(rt, turn, 'ctx')).toEqual(first);
  });

  test("with a model: the House's prompt goes to it, its JSON is the action, its words when it wrote none", async () => {
    let reply = 'I block: {"action": "BLOCK"}';
    const rt = runtime({}, () => reply);
    expect(thinksWithModel(rt)).toBe(true);
    expect((await competitorMove(rt, turnFor(1), 'ctx')).action).toEqual({ action: 'BLOCK' });
    expect(rt.prompts).toEqual(['the compact prompt']);
    reply = 'no idea';
    expect((await competitorMove(rt, turnFor(2), 'ctx')).action).toBe('no idea');
  });
});
