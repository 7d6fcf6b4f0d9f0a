import { afterAll, describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { DEFAULT_OUTBOUND_POLICY } from '../net/outboundPolicy.ts';
import { DEFAULT_WINDOW } from '../decision/playerView.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { seatPrompter } from '../seats/seatPrompts.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';
import { a2aSeatClient } from './a2aSeatClient.ts';
import { decideRemote, type RemoteSeatLine } from './decideRemote.ts';
import { httpBotClient } from './httpBotClient.ts';
import { McpSeatDesk } from './mcpSeatDesk.ts';
import { answerMcp } from './mcpSeatServer.ts';
import { openaiSeatClient } from './openaiSeatClient.ts';
import { referenceA2aAgent, type RunningAgent } from './reference/referenceA2aAgent.ts';
import { referenceHttpBot } from './reference/referenceHttpBot.ts';
import { referenceMcpAgent } from './reference/referenceMcpAgent.ts';
import type { RemoteClient } from './remoteClient.ts';
import { clockRulesSchema, newClock, type ClockRules } from './seatClock.ts';
import { agentRoster, LOOPBACK_POLICY } from '../testing/remoteTestKit.ts';

// Loopback is refused by default: these tests allow it explicitly, as HOUSE_FETCH_ALLOW=127.0.0.1 would.
const loopback = LOOPBACK_POLICY;
const compact = seatPrompter('compact');
const { started, stopAll } = agentRoster();
afterAll(stopAll);

function line(client: RemoteClient, rules: Partial<ClockRules> = {}): RemoteSeatLine {
  return { client, clock: newClock(clockRulesSchema.parse(rules)), entrant: 'ref@1', fallback: trustGame.strategies.grudger! };
}

/** One Trust turn for seat `a` through the remote pipeline, its phase closing after `phaseMs` (by default a minute: only the tests of time set it, so a loaded machine never turns a valid answer into a fallback). */
async function turn(seat: RemoteSeatLine, opts: { phaseMs?: number; signal?: AbortSignal; round?: number } = {}) {
  const match = Match.create(trustGame, {}, 7, ['a', 'b']);
  const recorder = new MatchRecorder('m-remote', emptyRecord());
  const view = trustGame.view(match.state, 'a');
  const ctx = brainContext(7, 'a', opts.round ?? 1, match.state.phase);
  ctx.deadline = Date.now() + (opts.phaseMs ?? 60_000);
  const request = decisionRequest(trustGame, match.state, 'm-remote', view, ctx);
  const result = await decideRemote({ game: trustGame, state: match.state, view, ctx, request, table: 'm-remote', line: seat, recorder, prompt: (r) => compact.prompt('', r, null, DEFAULT_WINDOW).text, signal: opts.signal ?? new AbortController().signal });
  return { ...result, recorder };
}

describe('remote seats through the one pipeline', () => {
  test.each([
    ['A2A v1.0', () => a2aSeatClient(started(referenceA2aAgent()).url, { policy: loopback })],
    ['A2A v0.3 peer', () => a2aSeatClient(started(referenceA2aAgent({ v03: true })).url, { policy: loopback })],
    ['HTTP bot', () => httpBotClient(started(referenceHttpBot()).url, { policy: loopback })],
  ])('%s: a valid move, recorded as a model call is (answer, latency, provider without secrets)', async (_name, make) => {
    const { decision, trace, fault, recorder } = await turn(line(make()));
    expect(trace.outcome).toBe('valid');
    expect(decision).toEqual({ action: 'HIGH_FIVE', target: 'b' });
    expect(fault).toBeNull();
    const [call] = recorder.record.calls;
    expect(call).toMatchObject({ caller: 'a', purpose: 'decision', model: 'ref@1', response: JSON.stringify(decision), error: null });
    expect(call!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(call!.params).toMatchObject({ turnId: expect.stringMatching(/^[0-9a-f]{32}$/), viewHash: expect.stringMatching(/^[0-9a-f]{64}$/), msLeft: expect.any(Number), bankLeftMs: 60_000 });
    expect(call!.params.fault).toBeUndefined();
  });

  test('MCP: an agent in the SDK client long-polls its seat and hands the move in', async () => {
    const desk = new McpSeatDesk('rules');
    const server = started(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req) => answerMcp(desk, req) }));
    const agent = referenceMcpAgent(`http://127.0.0.1:${server.port}/mcp`);
    const { trace } = await turn(line(desk));
    expect(trace.outcome).toBe('valid');
    agent.stop();
    desk.close();
    expect(await agent.done).toBe('stopped');
  });

  test('an OpenAI-compatible endpoint plays with the House prompt, through a gate of its own, its key never recorded', async () => {
    const stub = started(startOpenAiStub({ mode: 'legal', viewOf: (r) => trustGame.view(Match.create(trustGame, {}, 7, ['a', 'b']).state, r.player) }));
    const client = openaiSeatClient({ baseUrl: stub.baseUrl, model: 'entrant-model', apiKey: 'sk-entrant-secret-123456', policy: loopback });
    const { trace, recorder } = await turn(line(client));
    expect(stub.calls.length).toBe(1);
    expect(trace.outcome).toBe('valid');
    expect(JSON.stringify(recorder.record)).not.toContain('sk-entrant-secret');
  });

  test('the same turn asked twice (a House restart) is the same turn id, and the agent gives the same answer', async () => {
    const agent = started(referenceA2aAgent());
    const first = await turn(line(a2aSeatClient(agent.url, { policy: loopback })));
    const again = await turn(line(a2aSeatClient(agent.url, { policy: loopback })));
    expect(agent.turns.length).toBe(2);
    expect(agent.turns[0]).toBe(agent.turns[1]!);
    expect(again.trace.texts).toEqual(first.trace.texts);
  });

  test('an illegal answer is repaired once, then the fallback plays, and the seat has one INVALID', async () => {
    const seat = line(httpBotClient(started(referenceHttpBot({ mode: 'illegal' })).url, { policy: loopback }));
    const { trace, fault } = await turn(seat);
    expect(trace.texts.length).toBe(2);
    expect(trace.outcome).toBe('fallback');
    expect(fault).toBe('invalid');
    expect(seat.clock.invalid).toBe(1);
  });

  test('a slow agent times out within its move time and bank; no repair without time; the bank is spent', async () => {
    const agent: RunningAgent = started(referenceA2aAgent({ mode: 'slow', delayMs: 3_000 }));
    const seat = line(a2aSeatClient(agent.url, { policy: loopback }), { moveMs: 200, bankMs: 300 });
    const { trace, fault, missing, recorder } = await turn(seat);
    expect(fault).toBe('timeout');
    expect(recorder.record.calls.at(-1)!.params.fault).toEqual({ by: 'seat', kind: 'timeout' });
    expect(trace.errors[0]).toMatch(/^no answer within \d+ ms$/);
    expect(missing).toContain('no answer within');
    expect(seat.clock.bankLeftMs).toBe(0);
    expect(seat.clock.substituted).toBe('its time bank ran out');
  });

  test('a flooding agent costs a bounded read and one clear reason', async () => {
    const seat = line(httpBotClient(started(referenceHttpBot({ mode: 'flood' })).url, { policy: loopback }));
    const { trace } = await turn(seat);
    expect(trace.outcome).toBe('fallback');
    expect(trace.errors).toEqual([expect.stringContaining('over 262144 bytes')]);
  });

  test('a stale turn id is refused', async () => {
    const { trace } = await turn(line(httpBotClient(started(referenceHttpBot({ mode: 'stale' })).url, { policy: loopback })));
    expect(trace.errors[0]).toContain('not this turn');
  });

  test('K misses in a row: the seat is substituted once, with a notice for the log', async () => {
    const seat = line(httpBotClient(started(referenceHttpBot({ mode: 'malformed' })).url, { policy: loopback }), { maxMisses: 2 });
    await turn(seat, { round: 1 });
    const second = await turn(seat, { round: 2 });
    expect(seat.clock.substituted).toBe('2 turns in a row without a valid answer');
    expect(second.recorder.record.phases.at(-1)?.notices).toEqual([{ type: 'seat_substituted', data: { player: 'a', why: '2 turns in a row without a valid answer', strategy: 'grudger' } }]);
  });

  test("a turn the House cuts short (its own stop) costs the seat nothing", async () => {
    const agent = started(referenceA2aAgent({ mode: 'silent' }));
    const seat = line(a2aSeatClient(agent.url, { policy: loopback }), { moveMs: 5_000, bankMs: 1_000 });
    const stop = new AbortController();
    const pending = turn(seat, { signal: stop.signal, phaseMs: 20_000 });
    while (agent.turns.length === 0) await Bun.sleep(10);
    stop.abort();
    const { fault, houseFault, recorder } = await pending;
    expect(houseFault).toBe(true);
    expect(recorder.record.calls.at(-1)!.params.fault).toEqual({ by: 'house', kind: 'stopped' });
    expect(fault).toBeNull();
    expect(seat.clock).toMatchObject({ bankLeftMs: 1_000, missesInRow: 0, timeouts: 0 });
  });

  test('by default the House calls no loopback, private or metadata address, not even through a redirect', async () => {
    const agent = started(referenceHttpBot());
    const refused = await turn(line(httpBotClient(agent.url, { policy: DEFAULT_OUTBOUND_POLICY })));
    expect(refused.trace.errors[0]).toContain('does not call');
    expect(refused.fault).toBe('unreachable');
    expect(agent.turns.length).toBe(0);
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/turn']) {
      const redirector = started(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(null, { status: 307, headers: { location: target } }) }));
      const hop = await turn(line(httpBotClient(`http://127.0.0.1:${redirector.port}/turn`, { policy: loopback })));
      expect(hop.trace.errors[0]).toContain('does not call');
    }
  });

  test("issue 33 finding 3: an A2A card naming another local port is judged as a hop away from the agent's address: the turn never reaches it", async () => {
    const agent = started(referenceA2aAgent());
    // A card served from one port that sends the House's turns to another (the reference agent's, standing in for a service beside it).
    const front = started(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: async (req) => (new URL(req.url).pathname === '/.well-known/agent-card.json' ? fetch(`${agent.url}/.well-known/agent-card.json`) : new Response('not here', { status: 404 })) }));
    const { trace, fault } = await turn(line(a2aSeatClient(`http://127.0.0.1:${front.port}`, { policy: loopback })));
    expect(agent.turns.length).toBe(0);
    expect(fault).toBe('unreachable');
    expect(trace.errors[0]).toContain('does not call');
  });

  test('issue 33 finding 3: an answer that is not a valid turn is recorded as its size and SHA-256 only, and the fallback plays without it', async () => {
    const body = `<html>internal service: db password hunter2 ${'x'.repeat(500)}</html>`;
    const service = started(Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(body, { headers: { 'content-type': 'text/html' } }) }));
    const { decision, trace, fault, missing, recorder } = await turn(line(httpBotClient(`http://127.0.0.1:${service.port}/turn`, { policy: loopback })));
    expect(fault).toBe('invalid');
    expect(trace.outcome).toBe('fallback');
    expect(decision).toBeUndefined();
    expect(missing).toStartWith('its answer was not a valid turn');
    const digest = { bytes: Buffer.byteLength(body), sha256: new Bun.CryptoHasher('sha256').update(body).digest('hex') };
    expect(recorder.record.calls.map((c) => [c.response, c.responseDigest])).toEqual([
      [null, digest],
      [null, digest],
    ]);
    expect(trace.texts).toEqual([`[not a valid turn: ${digest.bytes} bytes, sha256 ${digest.sha256}]`, `[not a valid turn: ${digest.bytes} bytes, sha256 ${digest.sha256}]`]);
    expect(JSON.stringify(recorder.record)).not.toContain('hunter2');
    // A repaired answer keeps the valid one whole and only the digest of the first.
    const repaired = await turn(line(httpBotClient(started(referenceHttpBot({ mode: 'illegal' })).url, { policy: loopback })));
    expect(repaired.recorder.record.calls[0]!.response).toBeNull();
    expect(repaired.recorder.record.calls[0]!.responseDigest).toMatchObject({ bytes: expect.any(Number) });
  });
});
