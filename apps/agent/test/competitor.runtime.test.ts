import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { repoRoot } from '../src/host.ts';
import { freePort, RestChat } from './kit/restChat.ts';
import { startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';

const matchDir = mkdtempSync(join(tmpdir(), 'house-competitor-'));
let host: TestHost;
let competitor: ReturnType<typeof Bun.spawn>;
let competitorUrl: string;

/** A second ElizaOS server, in a process of its own on another port: one offline agent with plugin-competitor. */
async function startCompetitor(port: number): Promise<string> {
  competitor = Bun.spawn([process.execPath, join(repoRoot, 'packages/plugin-competitor/src/runCompetitor.ts'), '--port', String(port), '--name', 'Visitor', '--data-dir', mkdtempSync(join(tmpdir(), 'competitor-data-'))], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'error', SENTRY_DSN: 'disabled', SERVER_HOST: '127.0.0.1', PGLITE_DATA_DIR: '', POSTGRES_URL: '' },
    stdout: 'pipe',
    stderr: 'ignore',
  });
  const reader = (competitor.stdout as ReadableStream<Uint8Array>).getReader();
  // The server prints its own lines too; the ready line is the one JSON object.
  let text = '';
  for (;;) {
    const ready = text.split('\n').find((line) => line.startsWith('{') && line.endsWith('}'));
    if (ready) return (JSON.parse(ready) as { url: string }).url;
    const { done, value } = await reader.read();
    if (done) throw new Error('the competitor server stopped before it was ready');
    text += new TextDecoder().decode(value);
  }
}

beforeAll(async () => {
  competitorUrl = await startCompetitor(await freePort());
  host = await startTestHost({ players: ['Ada'], env: { HOUSE_FETCH_ALLOW: '127.0.0.1:*', HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_MATCH_DIR: matchDir } });
}, 120_000);

afterAll(async () => {
  competitor?.kill('SIGKILL');
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
