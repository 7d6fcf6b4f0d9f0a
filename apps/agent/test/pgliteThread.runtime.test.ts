import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUniqueUuid } from '@elizaos/core';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { ThreadPgliteManager } from '../src/pgliteThread.ts';
import { RestChat } from './kit/restChat.ts';
import { freePort, startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';

const PLAYERS = ['Ada', 'Bram', 'Cleo'];

/** Each player's memory of a match in its private room with the House: the House's requests and round ends, and its own answers. */
async function memoriesOf(host: TestHost, id: string): Promise<Record<string, { requests: number; ends: number; answers: number }>> {
  const out: Record<string, { requests: number; ends: number; answers: number }> = {};
  for (const name of PLAYERS) {
    const runtime = host.runtimes.find((r) => r.character.name === name)!;
    const memories = await runtime.getMemories({ roomId: createUniqueUuid(runtime, `house-private:${id}`), tableName: 'messages', count: 1_000 });
    const texts = memories.map((m) => m.content.text ?? '');
    out[name] = {
      requests: texts.filter((t) => t.startsWith('[House] Trust, round ')).length,
      ends: texts.filter((t) => /^\[House\] Round \d+ is over/.test(t)).length,
      answers: memories.filter((m) => m.entityId === runtime.agentId).length,
    };
  }
  return out;
}

test("HOUSE_PGLITE_THREAD=true: the host's one PGLite runs in a thread of its own on its folder; a Trust match of offline players plays to its end, every player remembers each request, answer and round's end, and a new thread on the same folder reads the match back; a message sent the moment the host lists the House is answered", async () => {
  const env = { HOUSE_PGLITE_THREAD: 'true', HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' };
  const pgliteDir = mkdtempSync(join(tmpdir(), 'house-pglite-thread-'));
  const singletons = (globalThis as unknown as Record<symbol, { pgLiteClientManager?: unknown }>)[Symbol.for('@elizaos/plugin-sql/global-singletons')];
  const lines: string[] = [];
  let host = await startTestHost({ players: PLAYERS, env, pgliteDir, log: (line) => lines.push(line) });
  let id = '';
  try {
    expect(lines.find((line) => line.startsWith('web GUI at '))).toEndWith(`database: ${pgliteDir}, PGLite in a thread of its own)`);
    expect(singletons?.pgLiteClientManager).toBeInstanceOf(ThreadPgliteManager);
    const opened = await host.service.open('trust', PLAYERS, 11, null, {}, null, { maxRounds: 6, replicateAt: 1_000_000 });
    if (!opened.ok) throw new Error(opened.error);
    id = opened.id;
    await waitForEnd(host.service, id, 120_000);
    const detail = (await host.service.getMatch(id, { fresh: true }))!;
    expect([detail.summary.status, detail.summary.round, detail.damage ?? null]).toEqual(['finished', 6, null]);
    expect(verifyChain(detail.events)).toEqual({ ok: true });
    const each = { requests: 6, ends: 6, answers: 6 };
    expect(await memoriesOf(host, id)).toEqual({ Ada: each, Bram: each, Cleo: each });
  } finally {
    await host.stop();
  }
  // What a new process would find: the thread closed, its database read again from the folder.
  await (singletons!.pgLiteClientManager as ThreadPgliteManager).close();
  delete singletons!.pgLiteClientManager;
  // A person who writes the moment the host answers for the House is answered: it listens once its agents are (once,
  // with PGLite off its thread, the agents were listed while the House's bus was not yet listening, and the message was lost).
  const port = freePort();
  const starting = startTestHost({ players: PLAYERS, env, pgliteDir, port });
  let failed: string | null = null;
  starting.catch((error: unknown) => (failed = String(error)));
  const chat = new RestChat(`http://127.0.0.1:${port}`, crypto.randomUUID(), 'Early');
  const houseId = await chat.agentWhenUp('The House', () => failed, 120_000, 5);
  const dm = await chat.dm(houseId);
  await chat.send(dm, '!help');
  host = await starting;
  try {
    expect(await chat.waitFor(dm, houseId, (text) => text.includes('!play'), 30_000)).toContain('!play');
    const again = (await host.service.getMatch(id, { fresh: true }))!;
    expect([again.summary.status, again.summary.round, again.damage ?? null]).toEqual(['finished', 6, null]);
    expect(verifyChain(again.events)).toEqual({ ok: true });
  } finally {
    await host.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}, 300_000);
