import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { parseFetchAllow, type OutboundPolicy } from '../net/outboundPolicy.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { a2aSeatClient } from './a2aSeatClient.ts';
import { referenceAnswer } from './reference/referenceMove.ts';
import type { RemoteClient } from './remoteClient.ts';
import { clockRulesSchema, newClock } from './seatClock.ts';

const trust = games.trust!;
const SEATS = 8;
const ROUNDS = 10;
const LATENCY_MS = 300;
const players = Array.from({ length: SEATS }, (_, i) => `p${i}`);
const loopback = (parseFetchAllow('127.0.0.1:*') as { ok: true; policy: OutboundPolicy }).policy;

/** A reference A2A agent in a process of its own (so its work is not the House's), answering after `delayMs`. */
async function agentProcess(delayMs: number): Promise<{ url: string; stop(): void }> {
  const args = delayMs > 0 ? ['--mode', 'slow', '--delay-ms', String(delayMs)] : [];
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'reference/runReferenceAgent.ts'), 'a2a', ...args], { stdout: 'pipe', stderr: 'ignore' });
  const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the agent process stopped');
    text += new TextDecoder().decode(value);
  }
  return { url: (JSON.parse(text.slice(0, text.indexOf('\n'))) as { url: string }).url, stop: () => child.kill('SIGKILL') };
}

/** An in-process seat with the same answer latency: the same pipeline, no network. */
function inProcessClient(): RemoteClient {
  return {
    kind: 'http',
    provider: 'in-process',
    async ask(turn) {
      await Bun.sleep(LATENCY_MS);
      const answer = referenceAnswer(turn, 'good');
      return JSON.stringify(typeof answer === 'string' ? answer : answer.action);
    },
  };
}

/** One 8-seat Trust match of ROUNDS rounds, every seat behind `client()`: ms of wall time per round, and House CPU ms. */
async function play(client: () => RemoteClient, seed: number): Promise<{ roundMs: number; cpuMs: number; turns: number }> {
  const match = Match.create(trust, trust.configSchema.parse({ maxRounds: ROUNDS, missChance: 0 }), seed, players);
  const recorder = new MatchRecorder(`bench-${seed}`, emptyRecord());
  const rules = clockRulesSchema.parse({ moveMs: 10_000, bankMs: 10_000 });
  const seats: Record<PlayerId, HeadlessSeat> = Object.fromEntries(players.map((p) => [p, { kind: 'remote', line: { client: client(), clock: newClock(rules), entrant: 'bench', fallback: null } }]));
  const cpu = process.cpuUsage();
  const started = performance.now();
  await playRecorded(match, seats, recorder, { matchId: `bench-${seed}`, budget: {}, window: { historyRounds: 12 } });
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const rounds = (match.state as { round: number }).round;
  return { roundMs: wall / rounds, cpuMs: (used.user + used.system) / 1000, turns: recorder.record.calls.length };
}

/**
 * Remote seats against in-process ones (issue 27): a round of 8 A2A seats on
 * loopback (the agent in a process of its own, answering after 300 ms)
 * against 8 in-process seats with the same 300 ms latency, through the same
 * pipeline (ratio wanted at most 1.2); and the House's own CPU per remote
 * turn with an agent that answers at once (wanted under 5 ms): building the
 * turn and its prompt, the policy check, the A2A call and its JSON, reading
 * and checking the answer, the record.
 */
export async function bench(): Promise<Record<string, number>> {
  const slow = await agentProcess(LATENCY_MS);
  const fast = await agentProcess(0);
  try {
    // A warm-up match each, so module loading and the first connections are not measured.
    await play(() => a2aSeatClient(slow.url, { policy: loopback }), 1);
    await play(inProcessClient, 1);
    const remote = await play(() => a2aSeatClient(slow.url, { policy: loopback }), 2);
    const local = await play(inProcessClient, 2);
    await play(() => a2aSeatClient(fast.url, { policy: loopback }), 3);
    const cost = await play(() => a2aSeatClient(fast.url, { policy: loopback }), 4);
    return {
      'remote.a2a_round_ms': remote.roundMs,
      'remote.inprocess_round_ms': local.roundMs,
      'remote.round_ratio': remote.roundMs / local.roundMs,
      'remote.house_cpu_ms_per_turn': cost.cpuMs / cost.turns,
    };
  } finally {
    slow.stop();
    fast.stop();
  }
}
