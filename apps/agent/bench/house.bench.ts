// The House's own cost per round, in the real host (AgentServer, plugin-sql on
// in-memory PGLite, the REST game room): round time minus the span of the
// players' decisions, with offline brains for 2 and 8 players; and the round
// time of 8 model-brain players against the OpenAI stub answering after 300 ms.
// The host runs in a child process: PGLite keeps one database per process, and
// a stopped AgentServer leaves handles that would keep `bun run bench` alive.
import { availableParallelism, loadavg } from 'node:os';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import { mean, median } from 'simple-statistics';
import { NOTES_EVALUATOR } from '@the-house/plugin-player/playerPlugin.ts';
import { onDecisions, type Span } from './decisionSpans.ts';
import { startOpenAiStubThread } from '@the-house/lab/testing/openaiStubThread.ts';
import { startTestHost, testCharacters, type TestHost } from '../test/kit/testHost.ts';

const MODEL_LATENCY_MS = 300;
const ROUNDS = 10;
const OFFLINE_8P_MATCHES = 3;


/**
 * Marks and spans the bench reads. A round runs from its first decision's
 * start to the next round's: the House posts a round's outcome while the
 * next round's models think (issue 26), so posts no longer mark rounds.
 */
interface Timings {
  /** When each round's first decision began, and the process's CPU time (ms) then. */
  started: Map<number, { at: number; cpu: number }>;
  /** Each decision's span, by the round it was asked for. */
  decisions: Map<number, Span[]>;
  /** Each first ask's span with its player and round, to line up with the stub's calls. */
  asks: Array<{ player: string; round: number; span: Span }>;
  /** Saves of the House (plugin-sql), posts to the game room. */
  saves: Span[];
  posts: Span[];
  /** The House telling its players about a round, by that round. */
  tells: Map<number, Span[]>;
}

async function timed<T>(into: Span[], run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    into.push([start, performance.now()]);
  }
}

function instrument(host: TestHost): Timings {
  const t: Timings = { started: new Map(), decisions: new Map(), asks: [], saves: [], posts: [], tells: new Map() };
  const post = host.service.gateway.post.bind(host.service.gateway);
  host.service.gateway.post = (room, text) => timed(t.posts, () => post(room, text));
  // The House's saves: its rows of the cache table, which it writes on its database's own client (rowWriter.ts), the players' rows on the same one.
  const client = (host.house as unknown as { db: { $client: { query(text: string, ...rest: unknown[]): Promise<unknown> } } }).db.$client;
  const query = client.query.bind(client);
  client.query = (text, ...rest) => (text.startsWith('INSERT INTO cache ') && (rest[0] as unknown[] | undefined)?.[1] === host.house.agentId ? timed(t.saves, () => query(text, ...rest)) : query(text, ...rest));
  onDecisions(host.runtimes, (request, span, cpu) => {
    if (!request) return;
    const first = t.started.get(request.round);
    if (!first || span[0] < first.at) t.started.set(request.round, { at: span[0], cpu });
    t.decisions.set(request.round, [...(t.decisions.get(request.round) ?? []), span]);
    if (!request.error) t.asks.push({ player: request.player, round: request.round, span });
  });
  const wrapped = new WeakSet<object>();
  for (const runtime of host.runtimes) {
    const evaluator = runtime.evaluators.find((e) => e.name === NOTES_EVALUATOR);
    if (evaluator && !wrapped.has(evaluator)) {
      wrapped.add(evaluator);
      const handler = evaluator.handler;
      // The House's own telling (it hands the evaluator a `later`), not a run of the same evaluator over the stored round message.
      evaluator.handler = (...args) => {
        const told = (args[1].content as { houseRound?: { round: number } }).houseRound?.round;
        if (told === undefined || typeof (args[3] as { later?: unknown } | undefined)?.later !== 'function') return handler(...args);
        if (!t.tells.has(told)) t.tells.set(told, []);
        return timed(t.tells.get(told)!, () => handler(...args));
      };
    }
  }
  return t;
}

/** Wall time covered by the spans that start inside [from, to). */
function wall(spans: readonly Span[], from: number, to: number): number {
  const inside = spans.filter(([s]) => s >= from && s < to);
  return inside.length ? Math.max(...inside.map((s) => s[1])) - Math.min(...inside.map((s) => s[0])) : 0;
}

/** Summed time of the spans that start inside [from, to). */
function total(spans: readonly Span[], from: number, to: number): number {
  return spans.filter(([s]) => s >= from && s < to).reduce((sum, [s, e]) => sum + e - s, 0);
}

interface RoundRow {
  round: number;
  decisions: number;
  saves: number;
  posts: number;
  tells: number;
}

/** Plays up to `rounds` rounds of Trust among `players`; rows for rounds 2.. (round 1 carries the room's setup). */
async function playRounds(host: TestHost, t: Timings, players: string[], rounds: number): Promise<RoundRow[]> {
  t.started.clear();
  t.decisions.clear();
  t.asks.length = 0;
  for (const list of [t.saves, t.posts]) list.length = 0;
  t.tells.clear();
  const opened = await host.service.open('trust', players, 3);
  if (!opened.ok) throw new Error(opened.error);
  const until = Date.now() + 120_000;
  // Until the round after the last one timed has begun, or the match ended: told, not asked (a read is work on the House's thread).
  let ended = false;
  void host.service.finished(opened.id).then(() => (ended = true));
  while (!t.started.has(rounds + 1) && !ended && Date.now() < until) await Bun.sleep(20);
  await host.service.stopMatch(opened.id);
  const rows: RoundRow[] = [];
  for (let r = 2; t.started.has(r + 1); r++) {
    const from = t.started.get(r)!.at;
    const to = t.started.get(r + 1)!.at;
    rows.push({ round: to - from, decisions: wall(t.decisions.get(r) ?? [], 0, Infinity), saves: total(t.saves, from, to), posts: total(t.posts, from, to), tells: wall(t.tells.get(r) ?? [], 0, Infinity) });
  }
  return rows;
}

async function measure(): Promise<Record<string, number>> {
  const offline = Array.from({ length: 8 }, (_, i) => `Off${i + 1}`);
  const model = Array.from({ length: 8 }, (_, i) => `Mod${i + 1}`);
  // The stub stands for a provider: it answers from the prompt in a thread of its own, and counts no tokens (a provider counts them on its machines).
  // It never begs: a beg waits for the observer's answer, the game's time rather than the House's.
  const stub = await startOpenAiStubThread({ countUsage: false, model: { avoid: ['BEG'] } });
  const dir = testCharacters(offline, 'copycat');
  testCharacters(model, 'model', dir);
  const host = await startTestHost({ charactersDir: dir, env: { ...stub.env(), HOUSE_ROUND_DELAY_MS: '0', HOUSE_BEG_TIMEOUT_MS: '100', LOG_LEVEL: 'fatal' } });
  try {
    const t = instrument(host);
    const figures: Record<string, number> = {};
    const record = (prefix: string, rows: RoundRow[]) => {
      figures[`house.${prefix}_round_ms`] = mean(rows.map((r) => r.round));
      figures[`house.${prefix}_decisions_ms`] = mean(rows.map((r) => r.decisions));
      figures[`house.${prefix}_overhead_ms`] = mean(rows.map((r) => r.round - r.decisions));
      figures[`house.${prefix}_saves_ms`] = mean(rows.map((r) => r.saves));
      figures[`house.${prefix}_room_posts_ms`] = mean(rows.map((r) => r.posts));
      figures[`house.${prefix}_tell_players_ms`] = mean(rows.map((r) => r.tells));
    };
    record('offline_2p', await playRounds(host, t, offline.slice(0, 2), ROUNDS));
    // Three matches pooled: one match's nine rounds moved its mean by several ms from run to run.
    const offline8: RoundRow[] = [];
    for (let i = 0; i < OFFLINE_8P_MATCHES; i++) offline8.push(...(await playRounds(host, t, offline, ROUNDS)));
    record('offline_8p', offline8);
    figures['house.offline_8p_overhead_median_ms'] = median(offline8.map((r) => r.round - r.decisions));
    await stub.set({ latencyMs: MODEL_LATENCY_MS });
    const before = (await stub.calls()).length;
    const rows = await playRounds(host, t, model, 7);
    const answered = await stub.calls(before);
    record('model_8p_300ms', rows);
    figures['house.model_8p_round_median_ms'] = median(rows.map((r) => r.round));
    // What the process ran (House, players, stub) per round on any CPU, over the rounds timed: a machine shared with other work stretches the wall figures, not this one.
    figures['house.model_8p_cpu_ms_per_round'] = (t.started.get(rows.length + 2)!.cpu - t.started.get(2)!.cpu) / rows.length;
    figures['house.load_per_cpu'] = loadavg()[0]! / availableParallelism();
    // Inside a decision: from the seat's turn to build its request (its HOUSE_DECIDE handler) to the model request, and from the model's answer to the decision.
    const calls = answered.filter((c) => c.request && !c.request.error);
    const matched = t.asks.flatMap((a) => {
      const call = calls.find((c) => c.request!.player === a.player && c.request!.round === a.round);
      return call ? [{ before: call.receivedAt - a.span[0], after: a.span[1] - call.answeredAt }] : [];
    });
    // A round's time outside the model, as the model sees it: from its first request to its last, and from the last answer to the next round's first request.
    const spans = rows.flatMap((_, i) => {
      const asked = calls.filter((c) => c.request!.round === i + 2);
      const next = calls.filter((c) => c.request!.round === i + 3);
      if (!asked.length || !next.length) return [];
      const first = (list: typeof calls) => Math.min(...list.map((c) => c.receivedAt));
      return [{ requests: Math.max(...asked.map((c) => c.receivedAt)) - first(asked), between: first(next) - Math.max(...asked.map((c) => c.answeredAt)) }];
    });
    figures['house.model_8p_requests_spread_ms'] = median(spans.map((s) => s.requests));
    // Each request from its round's first ask, waiting for its seat's turn included (the seats build their requests one after another).
    figures['house.model_8p_ask_to_request_median_ms'] = median(rows.flatMap((_, i) => calls.filter((c) => c.request!.round === i + 2).map((c) => c.receivedAt - t.started.get(i + 2)!.at)));
    figures['house.model_8p_last_answer_to_next_request_ms'] = median(spans.map((s) => s.between));
    figures['house.model_8p_decision_before_model_median_ms'] = median(matched.map((m) => m.before));
    figures['house.model_8p_decision_after_model_median_ms'] = median(matched.map((m) => m.after));
    figures['house.model_8p_decision_before_model_ms'] = mean(matched.map((m) => m.before));
    figures['house.model_8p_decision_after_model_ms'] = mean(matched.map((m) => m.after));
    // Model calls that were not decisions (chat: the bootstrap's shouldRespond and replies), per round.
    figures['house.model_8p_chat_calls_per_round'] = answered.filter((c) => !c.request).length / (rows.length + 1);
    figures['house.model_8p_round_over_latency'] = figures['house.model_8p_300ms_round_ms']! / MODEL_LATENCY_MS;
    figures['house.model_8p_round_median_over_latency'] = figures['house.model_8p_round_median_ms']! / MODEL_LATENCY_MS;
    return figures;
  } finally {
    await host.stop();
    await stub.stop();
  }
}

export function bench(): Promise<Record<string, number>> {
  return benchInOwnProcess(import.meta.path, 'house bench');
}

if (import.meta.main) await runAsMain(measure);
