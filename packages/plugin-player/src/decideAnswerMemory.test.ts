import { expect, test } from 'bun:test';
import type { HandlerOptions, IAgentRuntime, Memory, UUID } from '@elizaos/core';
import { decideAction, type DecideOptions } from './playerPlugin.ts';

const runtime = { agentId: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0001', character: { name: 'ann' }, getCache: async () => undefined } as unknown as IAgentRuntime;
const request = { matchId: 'trust-1', game: 'trust', player: 'ann', round: 2, phase: 'act', view: {}, legalMoves: [], schema: {} };

/** The memory HOUSE_DECIDE hands the House for an answer to the House's message `id`. */
async function answered(id: string, text: string): Promise<Memory> {
  const kept: Memory[] = [];
  const options: DecideOptions = { forModel: true, ask: async () => ({ text, error: null }), prompt: () => ({ text: 'prompt' }) as never, remember: (memory) => kept.push(memory) };
  const message = { id: id as UUID, roomId: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0002', content: { text: '', houseRequest: request } } as unknown as Memory;
  await decideAction.handler(runtime, message, undefined, options as unknown as HandlerOptions);
  return kept[0]!;
}

test("an answer's memory is named by the House's request and the answer: the same turn asked again (a standby took over) and answered alike is stored once", async () => {
  const ask = '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0003';
  const first = await answered(ask, '{"action": "HIGH_FIVE", "target": "bob"}');
  expect(first.content.text).toBe('{"action": "HIGH_FIVE", "target": "bob"}');
  expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect((await answered(ask, '{"action": "HIGH_FIVE", "target": "bob"}')).id).toBe(first.id!);
  expect((await answered(ask, '{"action": "BLOCK"}')).id).not.toBe(first.id!);
  expect((await answered('0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0004', '{"action": "HIGH_FIVE", "target": "bob"}')).id).not.toBe(first.id!);
});
