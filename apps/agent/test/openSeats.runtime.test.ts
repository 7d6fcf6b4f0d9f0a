import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { runHouseCli } from '@the-house/lab/cli/runHouseCli.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { spawnAgent, type AgentProcess } from './kit/remoteAgent.ts';
import { RestChat } from './kit/restChat.ts';
import { revealLink } from './kit/revealLink.ts';
import { waitUntil } from './kit/waitUntil.ts';
import { startOpenAiStub } from '@the-house/lab/testing/openaiStub.ts';
import { liveViewOf, startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';

const matchDir = mkdtempSync(join(tmpdir(), 'house-open-seats-'));
let host: TestHost;
let chat: RestChat;
let houseId: string;
let dm: string;
let a2a: AgentProcess;
let http: AgentProcess;
const agents: AgentProcess[] = [];

const reply = (test: (t: string) => boolean, timeoutMs?: number) => chat.waitFor(dm, houseId, test, timeoutMs);
/** Sends a command and waits for the House's answer that starts as expected (earlier answers in the DM are not taken again). */
async function ask(text: string, startsWith: string | RegExp): Promise<string> {
  const before = new Set((await chat.messages(dm, 100)).map((m) => m.id));
  await chat.send(dm, text);
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const found = (await chat.messages(dm, 100)).find((m) => m.authorId === houseId && !before.has(m.id) && (typeof startsWith === 'string' ? m.content.startsWith(startsWith) : startsWith.test(m.content)));
    if (found) return found.content;
    await Bun.sleep(100);
  }
  throw new Error(`no answer to ${text.slice(0, 60)}: ${JSON.stringify((await chat.messages(dm, 5)).map((m) => m.content.slice(0, 300)))}`);
}

beforeAll(async () => {
  // Loopback is refused by default; this host calls its own test agents on 127.0.0.1, so it allows that explicitly.
  host = await startTestHost({ players: ['Ada', 'Bram'], env: { HOUSE_FETCH_ALLOW: '127.0.0.1:*', HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_MATCH_DIR: matchDir, HOUSE_REMOTE_MOVE_MS: '20000', HOUSE_REMOTE_BANK_MS: '60000' } });
  chat = new RestChat(host.url, crypto.randomUUID(), 'Olive');
  houseId = await chat.agentId('The House');
  dm = await chat.dm(houseId);
  // The A2A agent and the HTTP bot take only turns signed by the key the House publishes: every pushed turn must be.
  const key = join(mkdtempSync(join(tmpdir(), 'house-key-')), 'house.pub.pem');
  writeFileSync(key, await (await fetch(`${host.url}/house/signing-key`)).text());
  [a2a, http] = await Promise.all([spawnAgent('a2a', ['--key', key]), spawnAgent('http', ['--key', key])]);
  agents.push(a2a, http);
}, 90_000);

afterAll(async () => {
  for (const agent of agents) agent.kill();
  await host?.stop();
}, 30_000);

describe('entrants', () => {
  test('!enter registers each kind, !entrants lists them without keys; an OpenAI-compatible one with no key is refused, told where the key goes', async () => {
    expect(await ask(`!enter ref-a2a a2a ${a2a.url} --version 1.0`, 'Entered')).toBe('Entered ref-a2a@1.0 (a2a). `!play trust me,@ref-a2a` seats it. It is private: only you or a House admin seat it (`!entrants open ref-a2a` lets anyone).');
    expect(await ask(`!enter ref-http http ${http.url}`, 'Entered')).toStartWith('Entered ref-http (http).');
    expect(await ask('!enter ref-mcp mcp', 'Entered')).toContain('seat token');
    expect(await ask('!enter Ada http https://bot.example.org/turn', 'Ada is')).toBe('Ada is the name of a player agent here; enter your agent under another name.');
    expect(await ask('!enter bare openai https://api.example.org/v1 small-model', 'Not entered: bare needs')).toBe('Not entered: bare needs its key: send `!enter bare openai BASE_URL MODEL KEY` in a direct message to the House.');
    const list = await ask('!entrants', 'Entrants');
    expect(list).toContain('`ref-a2a@1.0` · a2a · http://127.0.0.1:');
    expect(list).toContain('`ref-mcp` · mcp · connects to the House · entered by Olive · private');
    expect(await ask('!enter x ftp://nowhere', '')).toContain('needs one URL');
  });

  test('another person may not remove an entrant; its owner may', async () => {
    const other = new RestChat(host.url, crypto.randomUUID(), 'Mallory');
    const otherDm = await other.dm(houseId);
    await other.send(otherDm, '!entrants remove ref-http');
    expect(await other.waitFor(otherDm, houseId, (t) => t.includes('ref-http'))).toBe("ref-http is Olive's entrant; only they or a House admin may remove it.");
    await other.send(otherDm, '!enter spare http https://spare.example.org/turn');
    await other.waitFor(otherDm, houseId, (t) => t.startsWith('Entered spare'));
    await other.send(otherDm, '!entrants remove spare');
    expect(await other.waitFor(otherDm, houseId, (t) => t.startsWith('spare is no longer'))).toStartWith('spare is no longer entered');
  });
});

/**
 * Plays one match with House players and the three remote kinds, each in a
 * process of its own; returns its id once it is over, after checking that
 * the match file replays to the same log (the same decisions, headless).
 */
async function playRemote(game: string, seed: number, extra = ''): Promise<{ id: string; token: string; mcp: AgentProcess }> {
  const opened = await ask(`!play ${game} Ada,Bram,@ref-a2a,@ref-http,@ref-mcp --seed ${seed}${extra}`, /match|MCP seat/);
  const id = /match (\S+-\d+-\w{8})/.exec(opened)?.[1];
  // The reply holds no token (a DM can be read back over REST): a link shows the seat's address once, and says so when opened again.
  expect(opened).not.toContain('/house/mcp/seat/');
  const revealed = await revealLink(opened);
  const token = /\/house\/mcp\/seat\/([A-Za-z0-9_-]{43})/.exec(revealed.secret)?.[1];
  expect((await fetch(revealed.link, { method: 'POST', headers: { accept: 'application/json' } })).status).toBe(410);
  if (!id || !token) throw new Error(`no match id or seat token in: ${opened}`);
  const mcp = await spawnAgent('mcp', ['--url', `${host.url}/house/mcp/seat/${token}`]);
  agents.push(mcp);
  await waitForEnd(host.service, id, 150_000);
  await host.service.finished(id);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.status).toBe('finished');
  for (const seat of ['ref-a2a', 'ref-http', 'ref-mcp']) {
    expect(detail.usage[seat]).toMatchObject({ fallbacks: 0, invalid: 0 });
    expect(detail.usage[seat]!.calls).toBeGreaterThan(0);
  }
  expect(detail.events.some((e) => e.type === 'decision_missing')).toBe(false);
  // Issue 36: each agent hears the end of its match once, with its own result and the match's page (MCP: wait_for_turn gives it, and the agent stops there).
  const endsOf = (agent: AgentProcess) => agent.lines.filter((l) => (l.end as { match?: string } | undefined)?.match === id).map((l) => l.end as Record<string, unknown>);
  await waitUntil(() => [a2a, http, mcp].every((agent) => endsOf(agent).length > 0), () => `ends heard: ${[a2a, http, mcp].map((a) => endsOf(a).length)}`, 30_000);
  const winners = detail.summary.winners;
  for (const [agent, seat] of [[a2a, 'ref-a2a'], [http, 'ref-http'], [mcp, 'ref-mcp']] as const) {
    expect(endsOf(agent)).toEqual([expect.objectContaining({ kind: 'match_over', match: id, seat, result: { class: 'decided', won: winners.includes(seat), winners }, your_place: expect.any(Number), match_url: expect.stringMatching(new RegExp(`^https?://.+/house/matches/${id}$`)) })]);
  }
  const read = readBundle(id, matchDir);
  if (!read.ok) throw new Error(read.error);
  const replayed = await replayMatch(games, read.bundle);
  expect(replayed.ok && replayed.report).toMatchObject({ reproduced: true, prompts: { changed: [] } });
  // Each remote turn's record: the hash of the view sent, its times, and no fault.
  const remoteCalls = read.bundle.record.calls.filter((c) => c.caller.startsWith('ref-'));
  expect(remoteCalls.every((c) => /^[0-9a-f]{64}$/.test(String(c.params.viewHash)) && typeof c.params.msLeft === 'number' && c.params.fault === undefined)).toBe(true);
  // The House signed the file: anyone can recheck its chain and signature.
  const verified = runHouseCli('verify-match', read.path);
  expect(verified.stdout).toContain('ok   signature: signed by key ');
  expect(verified.stdout).toContain('(not checked against a House key; pass --key FILE or --house URL)');
  expect(verified.stdout).not.toContain('the House key');
  expect(verified.code).toBe(0);
  // Against the key the House publishes (GET /house/signing-key): the file was signed by this House, not only by some key.
  const published = await fetch(`${host.url}/house/signing-key`);
  expect(published.headers.get('content-type')).toContain('application/x-pem-file');
  const pem = join(mkdtempSync(join(tmpdir(), 'house-key-')), 'house.pub.pem');
  writeFileSync(pem, await published.text());
  const pinned = runHouseCli('verify-match', read.path, '--key', pem);
  expect(pinned.stdout).toContain(`ok   signature: signed by the House key ${published.headers.get('x-key-fingerprint')} (the key given)`);
  expect(pinned.stdout).toContain('ok   key: the one given');
  expect(pinned.code).toBe(0);
  return { id, token, mcp };
}

describe('remote seats at a House table', () => {
  let ended: { id: string; token: string; mcp: AgentProcess };

  test('Trust: an A2A agent, an MCP client and an HTTP bot (each in its own process) play with House players; the log replays headless', async () => {
    ended = await playRemote('trust', 5);
    expect(a2a.turns().length).toBeGreaterThan(0);
    expect(http.turns().length).toBeGreaterThan(0);
    // The MCP agent reads the end of its match from wait_for_turn (not a refusal it would take for a fault), and stops.
    expect(await ended.mcp.exited).toBe(0);
    expect(ended.mcp.lines.at(-1)).toMatchObject({ done: 'over' });
  }, 180_000);

  test('Influence: the same, talk included', async () => {
    const { id } = await playRemote('influence', 6);
    const events = (await host.service.getMatch(id))!.events;
    // Whispers and public posts went the way moves go, from each remote kind.
    for (const seat of ['ref-a2a', 'ref-http', 'ref-mcp']) {
      expect(events.some((e) => e.type === 'dm' && e.data?.from === seat)).toBe(true);
      expect(events.some((e) => e.type === 'public' && e.data?.from === seat)).toBe(true);
    }
  }, 180_000);

  test('Gold mining: the same', async () => {
    await playRemote('goldmine', 7, ' --set rounds=15');
  }, 180_000);

  test('Matrix games: the same, every seat meeting every other each round', async () => {
    const { id } = await playRemote('matrix', 8, ' --set rounds=12');
    const detail = (await host.service.getMatch(id))!;
    expect(detail.history).toHaveLength(12);
    for (const seat of ['ref-a2a', 'ref-http', 'ref-mcp']) expect(detail.usage[seat]!.calls).toBe(12);
  }, 180_000);

  test('ratings: each entrant rated as itself and its version, with its kind and fault counts', async () => {
    const boards = (await (await fetch(`${host.url}/house/ratings`)).json()) as Record<string, Array<{ participant: string; brain: string }>>;
    for (const game of ['trust', 'influence', 'goldmine', 'matrix']) {
      const rows = new Map(boards[game]!.map((r) => [r.participant, r.brain]));
      expect(rows.get('entrant:ref-a2a@1.0')).toBe('a2a entrant; 0 timeouts, 0 invalid, 0 unreachable, 0 substitutions in 1 match');
      expect(rows.get('entrant:ref-http')).toStartWith('http entrant;');
      expect(rows.get('entrant:ref-mcp')).toStartWith('mcp entrant;');
    }
  });

  test("an OpenAI-compatible entrant plays with the House's prompt and repair; its key, given privately, never reaches the record, the file or a listing", async () => {
    const stub = startOpenAiStub({ mode: 'legal', viewOf: liveViewOf(host) });
    try {
      expect(await ask(`!enter bare openai ${stub.baseUrl} small-model sk-entrant-key-98765`, 'Entered')).toStartWith('Entered bare (openai). `!play trust me,@bare` seats it.');
      const opened = await ask('!play trust Ada,@bare --seed 13 --set maxRounds=4', /match trust-13-/);
      const id = /match (trust-13-\w{8})/.exec(opened)![1]!;
      await waitForEnd(host.service, id, 60_000);
      await host.service.finished(id);
      const detail = (await host.service.getMatch(id))!;
      expect(detail.usage.bare).toMatchObject({ calls: detail.history.length, fallbacks: 0 });
      expect(stub.calls.filter((c) => c.request?.matchId === id).length).toBe(detail.history.length);
      const read = readBundle(id, matchDir);
      if (!read.ok) throw new Error(read.error);
      expect(read.bundle.record.calls.find((c) => c.caller === 'bare')).toMatchObject({ provider: `openai@${stub.baseUrl}`, model: 'entrant:bare' });
      expect(JSON.stringify(read.bundle)).not.toContain('sk-entrant-key-98765');
      expect(await ask('!entrants', 'Entrants')).not.toContain('sk-entrant-key-98765');
    } finally {
      await stub.stop();
    }
  });

  test("a seat token of a match ended lately still gives its end (by path or as a bearer); another seat's, a malformed one and none are refused", async () => {
    const post = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${host.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    const again = await spawnAgent('mcp', ['--url', `${host.url}/house/mcp/seat/${ended.token}`]);
    agents.push(again);
    expect(await again.exited).toBe(0);
    expect(again.lines.at(-1)).toEqual({ done: 'over' });
    expect(again.lines.at(-2)).toMatchObject({ end: { match: ended.id, seat: 'ref-mcp', result: { class: 'decided' } } });
    expect((await post(`/house/mcp/seat/${ended.token}`)).status).not.toBe(403);
    expect((await post('/house/mcp/seat', { authorization: `Bearer ${ended.token}` })).status).not.toBe(403);
    expect((await post(`/house/mcp/seat/${'A'.repeat(43)}`)).status).toBe(403);
    expect((await post('/house/mcp/seat/not-a-token')).status).toBe(403);
    expect((await post('/house/mcp/seat')).status).toBe(401);
    const body = (await (await post(`/house/mcp/seat/${'B'.repeat(43)}`)).json()) as { error: string };
    expect(body.error).not.toContain('B'.repeat(43));
  });

  test('an MCP entrant is seated only by its owner, from a direct chat', async () => {
    const other = new RestChat(host.url, crypto.randomUUID(), 'Mallory');
    const otherDm = await other.dm(houseId);
    await other.send(otherDm, '!play trust Ada,@ref-mcp --seed 9');
    expect(await other.waitFor(otherDm, houseId, (t) => t.startsWith('ref-mcp'))).toBe('ref-mcp connects over MCP with a seat token that only its owner (Olive) may be given: they seat it.');
  });
});
