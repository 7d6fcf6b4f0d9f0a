import { expect, test } from 'bun:test';
import type { IAgentRuntime, Memory, UUID } from '@elizaos/core';
import { Pacer } from './pacer.ts';

/** A player runtime with no SQL database: what a batch writes goes through its API, in order, into `written`. */
function player(written: string[]) {
  return {
    agentId: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0001',
    createMemory: async (memory: Memory) => (written.push(`memory ${memory.content.text}`), memory.id!),
    setCache: async (key: string) => void written.push(`cache ${key}`),
  } as unknown as IAgentRuntime;
}
const said = (text: string): Memory => ({ entityId: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0002' as UUID, roomId: '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0003' as UUID, content: { text } });

test("a phase's save writes the players' rows held so far before itself (a kill after the save leaves none unwritten), and their queued flush writes nothing twice", async () => {
  const written: string[] = [];
  const ada = player(written);
  const pacer = new Pacer(() => {});
  pacer.hold();
  pacer.rememberAnswer(ada, said('{"action": "BLOCK"}'));
  pacer.later(async () => {
    await pacer.writeRowsNow();
    written.push('save of round 1');
  });
  pacer.remember(ada, said('[House] Round 1 is over.'));
  pacer.keep(ada, 'notes:trust-1', { round: 1 });
  pacer.later(() => void written.push('round 1 post'));
  await pacer.flush();
  expect(written).toEqual(['memory {"action": "BLOCK"}', 'memory [House] Round 1 is over.', 'cache notes:trust-1', 'save of round 1', 'round 1 post']);
});

test('a row remembered while nothing waits in the backlog (a repair asked after a slow answer) is written, not handed to a flush that already ran', async () => {
  const written: string[] = [];
  const mia = player(written);
  const pacer = new Pacer(() => {});
  // The phase's requests are out and its work is done: the backlog is idle and holds nothing when the repair is asked.
  pacer.expectRequests([]);
  await pacer.flush();
  pacer.remember(mia, said('[House] Trust, round 16 (act): your decision as one JSON object. Your last answer was refused: no JSON object'));
  pacer.keep(mia, 'notes:trust-31', { round: 16 });
  await pacer.flush();
  expect(written).toEqual(['memory [House] Trust, round 16 (act): your decision as one JSON object. Your last answer was refused: no JSON object', 'cache notes:trust-31']);
});

test("a phase's save writes the answers' rows and the other rows it holds as one statement (on PGLite each statement costs about 1 ms before its rows)", async () => {
  const statements: string[] = [];
  const ada = { ...player([]), db: { $client: { query: async (text: string) => void statements.push(text) } } } as unknown as IAgentRuntime;
  const pacer = new Pacer(() => {});
  pacer.hold();
  pacer.rememberAnswer(ada, said('{"action": "BLOCK"}'));
  pacer.remember(ada, said('[House] Round 1 is over.'));
  pacer.keep(ada, 'notes:trust-1', { round: 1 });
  await pacer.writeRowsNow();
  expect(statements).toHaveLength(1);
  expect(statements[0]).toStartWith('WITH w0 AS (INSERT INTO memories (');
  await pacer.flush();
  expect(statements).toHaveLength(1);
});
