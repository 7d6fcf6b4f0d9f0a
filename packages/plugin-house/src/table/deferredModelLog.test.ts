import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { decisionLogBody, PROMPT_KEPT } from './decisionLogBody.ts';
import { deferModelLog, outsideDecision, withDeferredModelLog } from './deferredModelLog.ts';
import type { HeldLogRow } from './writeBatch.ts';

function runtimeWithLog() {
  const written: unknown[] = [];
  const adapter = { log: async (params: unknown) => void written.push(params) };
  return { runtime: { adapter } as unknown as IAgentRuntime, adapter, written };
}

test("a model call's row goes to `later` within a decision, through awaits, and is written at once anywhere else", async () => {
  const { runtime, adapter, written } = runtimeWithLog();
  deferModelLog(runtime);
  deferModelLog(runtime);
  const held: HeldLogRow[] = [];
  await withDeferredModelLog(
    (row) => held.push(row),
    async () => {
      await Bun.sleep(1);
      await adapter.log({ entityId: 'e', roomId: 'r', type: 'useModel:TEXT_LARGE', body: { round: 1 } });
    },
  );
  expect(written).toEqual([]);
  expect(held).toHaveLength(1);
  await adapter.log({ type: 'useModel:TEXT_SMALL', chat: true });
  expect(written).toEqual([{ type: 'useModel:TEXT_SMALL', chat: true }]);
  // The held row names its runtime and its row, for a batch, and writes itself as ElizaOS would; wrapped once, it is written once, unchanged.
  expect(held[0]!.runtime).toBe(runtime);
  expect(held[0]!.row).toEqual({ entityId: 'e', roomId: 'r', type: 'useModel:TEXT_LARGE', body: { round: 1 } });
  await held[0]!.write();
  expect(written).toEqual([{ type: 'useModel:TEXT_SMALL', chat: true }, { entityId: 'e', roomId: 'r', type: 'useModel:TEXT_LARGE', body: { round: 1 } }]);
});

test("a decision's row keeps the start of its prompt, in both places, and its length; the rest of the body is ElizaOS's", async () => {
  const { runtime, adapter, written } = runtimeWithLog();
  deferModelLog(runtime);
  const held: HeldLogRow[] = [];
  const prompt = `You play Trust. ${'Round 1: Ada gave you a high five. '.repeat(40)}`;
  const body = { modelType: 'TEXT_LARGE', params: { prompt, temperature: 0 }, prompt, response: '{"action": "BLOCK"}', provider: 'openai' };
  await withDeferredModelLog((row) => held.push(row), () => adapter.log({ entityId: 'e', roomId: 'r', type: 'useModel:TEXT_LARGE', body }));
  const cut = `${prompt.slice(0, PROMPT_KEPT)}… (${prompt.length} characters in all; the House's record of the match holds the whole prompt)`;
  expect(held[0]!.row.body).toEqual({ ...body, params: { prompt: cut, temperature: 0 }, prompt: cut });
  await held[0]!.write();
  expect(written).toEqual([held[0]!.row]);
  // A short prompt, or a body of another shape, is kept as it is.
  expect(decisionLogBody({ prompt: 'short' })).toEqual({ prompt: 'short' });
  expect(decisionLogBody('text')).toBe('text');
});

test('a runtime with no adapter (or no log) is left as it is', () => {
  expect(() => deferModelLog({} as IAgentRuntime)).not.toThrow();
  expect(() => deferModelLog({ adapter: {} } as unknown as IAgentRuntime)).not.toThrow();
});

test('work started outside the decision from within it (a runner, a timer) writes its rows at once', async () => {
  const { runtime, adapter, written } = runtimeWithLog();
  deferModelLog(runtime);
  const held: HeldLogRow[] = [];
  let timerDone!: Promise<void>;
  await withDeferredModelLog(
    (row) => held.push(row),
    async () => {
      outsideDecision(() => {
        timerDone = new Promise<void>((resolve) => setTimeout(() => void adapter.log({ type: 'chat reply' }).then(resolve), 1));
      });
    },
  );
  await timerDone;
  expect(written).toEqual([{ type: 'chat reply' }]);
  expect(held).toEqual([]);
});
