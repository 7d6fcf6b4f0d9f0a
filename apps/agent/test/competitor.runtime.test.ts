import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { a2aSeatClient } from '@the-house/lab/remote/a2aSeatClient.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { startOpenAiStub } from '@the-house/lab/testing/openaiStub.ts';
import { LOOPBACK_POLICY, oneTrustTurn } from '@the-house/lab/testing/remoteTestKit.ts';
import { repoRoot } from '../src/host.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { startTestHost, testCharacters, waitForEnd, type TestHost } from './kit/testHost.ts';

const matchDir = mkdtempSync(join(tmpdir(), 'house-competitor-'));
// The model's answer is the same for every agent; which agent asked it is in the prompt.
const stub = startOpenAiStub({ answer: () => '{"action": "DO_NOTHING"}' });
let host: TestHost;
let competitor: ReturnType<typeof Bun.spawn>;
let competitorUrl: string;
let modelUrls: string[];

/**
 * A second ElizaOS server, in a process of its own on another port, with
 * plugin-competitor: an offline Visitor and two model players (one server for
 * both tests: its start is most of their time). The address of each agent.
 */
async function startCompetitor(port: number): Promise<string[]> {
  const dir = testCharacters(['Mod1', 'Mod2'], 'model');
  writeFileSync(join(dir, 'visitor.json'), JSON.stringify({ name: 'Visitor', bio: ['An agent from another server.'], settings: { brain: 'offline', strategies: { trust: 'grudger' } } }));
  const characters = ['visitor', 'mod1', 'mod2'].flatMap((name) => ['--character', join(dir, `${name}.json`)]);
  competitor = Bun.spawn([process.execPath, join(repoRoot, 'packages/plugin-competitor/src/runCompetitor.ts'), '--port', String(port), ...characters, '--data-dir', mkdtempSync(join(tmpdir(), 'competitor-data-'))], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'error', SENTRY_DSN: 'disabled', SERVER_HOST: '127.0.0.1', PGLITE_DATA_DIR: '', POSTGRES_URL: '', ...stub.env() },
    stdout: 'pipe',
    stderr: 'ignore',
  });
  const reader = (competitor.stdout as ReadableStream<Uint8Array>).getReader();
  // The server prints its own lines too; the ready lines are the JSON objects, one an agent.
  let text = '';
  for (;;) {
    const ready = text.split('\n').filter((line) => line.startsWith('{') && line.endsWith('}'));
    if (ready.length === 3) return ready.map((line) => (JSON.parse(line) as { url: string }).url);
    const { done, value } = await reader.read();
    if (done) throw new Error('the competitor server stopped before it was ready');
    text += new TextDecoder().decode(value);
  }
}

beforeAll(async () => {
  [competitorUrl, ...modelUrls] = await startCompetitor(await freePort());
  host = await startTestHost({ players: ['Ada'], env: { HOUSE_FETCH_ALLOW: '127.0.0.1:*', HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_MATCH_DIR: matchDir } });
}, 120_000);

afterAll(async () => {
  competitor?.kill('SIGKILL');
  await stub.stop();
  await host?.stop();
}, 30_000);

test('an ElizaOS agent on another server (plugin-competitor, offline) enters over A2A and plays a whole Trust match at a House table', async () => {
  const card = (await (await fetch(`${competitorUrl}/.well-known/agent-card.json`)).json()) as { name: string; supportedInterfaces: Array<{ url: string }> };
  expect(card.name).toBe('Visitor');
  expect(card.supportedInterfaces[0]!.url).toBe(`${competitorUrl}/a2a`);

  const chat = new RestChat(host.url, crypto.randomUUID(), 'Olive');
  const houseId = await chat.agentId('The House');
  const dm = await chat.dm(houseId);
  await chat.send(dm, `!enter visitor a2a ${competitorUrl} --version 0.1`);
  await chat.waitFor(dm, houseId, (t) => t.startsWith('Entered visitor@0.1'));
  await chat.send(dm, '!play trust Ada,@visitor --seed 12');
  const opened = await chat.waitFor(dm, houseId, (t) => t.includes('match trust-12-'));
  const id = /match (trust-12-\w{8})/.exec(opened)![1]!;
  await waitForEnd(host.service, id, 120_000);
  await host.service.finished(id);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.status).toBe('finished');
  expect(detail.usage.visitor).toMatchObject({ calls: detail.history.length, fallbacks: 0, invalid: 0 });
  // Its character's Trust baseline (grudger) played every turn from the view it was sent, each call recorded under the entrant and its version.
  const read = readBundle(id, matchDir);
  if (!read.ok) throw new Error(read.error);
  expect(read.bundle.record.calls.filter((c) => c.caller === 'visitor').every((c) => c.model === 'entrant:visitor@0.1' && c.provider.startsWith('a2a@http://127.0.0.1:'))).toBe(true);
  const replayed = await replayMatch(games, read.bundle);
  expect(replayed.ok && replayed.report).toMatchObject({ reproduced: true, prompts: { changed: [] } });
}, 150_000);

test('one server runs several agents (--character, repeated), each answering its own turns at its own address with its own model', async () => {
  expect([competitorUrl, ...modelUrls].map((url) => new URL(url).pathname)).toEqual(['/competitor/visitor', '/competitor/mod1', '/competitor/mod2']);
  for (const [i, url] of modelUrls.entries()) {
    const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as { name: string; supportedInterfaces: Array<{ url: string }> };
    expect(card).toMatchObject({ name: `Mod${i + 1}`, supportedInterfaces: [{ url: `${url}/a2a` }] });
    const turn = await oneTrustTurn(a2aSeatClient(url, { policy: LOOPBACK_POLICY }), `m-${i}`);
    expect(turn.trace.outcome).toBe('valid');
    // Its own runtime asked the model: the call carries its own character's system prompt.
    expect(stub.calls.length).toBe(i + 1);
    expect(stub.calls[i]!.prompt).toContain(`You are Mod${i + 1},`);
  }
}, 60_000);
