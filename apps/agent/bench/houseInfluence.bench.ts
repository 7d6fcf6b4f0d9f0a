// Influence in the House (issue 6): the wall time of one phase with 12
// model-brain players against the OpenAI stub answering after 300 ms, in the
// real host (AgentServer, plugin-sql on in-memory PGLite, the REST rooms). A
// phase runs from its opening line (beforePhase) to the next phase's opening:
// asking all twelve at once, applying, carrying DMs and rumours into their
// rooms, saving. The aim is at most 1.1 x the model's latency (issue 26).
// The provider gate lets 16 calls fly at once here (HOUSE_MODEL_MAX_IN_FLIGHT):
// with its default of 8, twelve seats take two waves of the model's latency.
// The host runs in a child process: PGLite keeps one database per process.
import { availableParallelism, loadavg } from 'node:os';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import { mean, median } from 'simple-statistics';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { onDecisions } from './decisionSpans.ts';
import { influenceAdapter } from '@the-house/plugin-house/games/influence/influenceAdapter.ts';
import { startOpenAiStubThread } from '@the-house/lab/testing/openaiStubThread.ts';
import { startTestHost, testCharacters } from '../test/kit/testHost.ts';

const MODEL_LATENCY_MS = 300;
const PLAYERS = 12;
/** Rounds played; round 1 carries the rooms' setup and each seat's first private room, so it is left out. */
const ROUNDS = 3;
/** Phases where every living player decides (POWER asks only the empowered, and closes the round). */
const ALL_DECIDE = ['WHISPER', 'RUMOR', 'VOTE'] as const;

interface PhaseMark {
  round: number;
  phase: string;
  start: number;
  /** The process's CPU time (ms) at the phase's opening. */
  cpu: number;
  /** The first ask to the last answer of the phase's decisions. */
  decisions: [number, number] | null;
  /** afterPhase: carrying the phase's DMs, rumours and lines into the rooms. */
  posts: number;
}

async function measure(): Promise<Record<string, number>> {
  const names = Array.from({ length: PLAYERS }, (_, i) => `Inf${i + 1}`);
  // The stub stands for a provider: it answers from the prompt in a thread of its own, and counts no tokens (a provider counts them on its machines).
  const stub = await startOpenAiStubThread({ countUsage: false, latencyMs: MODEL_LATENCY_MS });
  const host = await startTestHost({
    charactersDir: testCharacters(names, 'model'),
    env: { ...stub.env(), HOUSE_ROUND_DELAY_MS: '0', HOUSE_MODEL_MAX_IN_FLIGHT: '16', LOG_LEVEL: 'fatal' },
  });
  const marks: PhaseMark[] = [];
  /** Each first ask's span, to line up with the stub's call for the same seat, round and phase. */
  const asks: Array<{ request: DecisionRequest; span: [number, number] }> = [];
  const current = () => marks.at(-1);
  const before = influenceAdapter.beforePhase!;
  influenceAdapter.beforePhase = async (ctx) => {
    const s = ctx.match.state as { round: number; phase: string };
    const cpu = process.cpuUsage();
    marks.push({ round: s.round, phase: s.phase, start: performance.now(), cpu: (cpu.user + cpu.system) / 1000, decisions: null, posts: 0 });
    return before(ctx);
  };
  const after = influenceAdapter.afterPhase!;
  influenceAdapter.afterPhase = async (ctx, events) => {
    const start = performance.now();
    await after(ctx, events);
    const mark = current();
    if (mark) mark.posts = performance.now() - start;
  };
  onDecisions(host.runtimes, (request, [start, end]) => {
    if (request && !request.error) asks.push({ request, span: [start, end] });
    const mark = marks.find((m) => m.round === request?.round && m.phase === request?.phase);
    if (mark) mark.decisions = [Math.min(mark.decisions?.[0] ?? start, start), Math.max(mark.decisions?.[1] ?? 0, end)];
  });
  try {
    const callsBefore = (await stub.calls()).length;
    const opened = await host.service.open('influence', names, 4);
    if (!opened.ok) throw new Error(opened.error);
    const until = Date.now() + 180_000;
    // Told when the match ends rather than asking: reading a live match copies all of it on the House's thread, the one that answers.
    let ended = false;
    void host.service.finished(opened.id).then(() => (ended = true));
    while (!marks.some((m) => m.round > ROUNDS) && !ended && Date.now() < until) await Bun.sleep(20);
    const endedAt = performance.now();
    await host.service.stopMatch(opened.id);
    const answered = await stub.calls(callsBefore);
    const timed = marks
      .map((m, i) => ({ ...m, wall: (marks[i + 1]?.start ?? NaN) - m.start }))
      .filter((m) => m.round >= 2 && m.round <= ROUNDS && Number.isFinite(m.wall) && m.decisions);
    const figures: Record<string, number> = {};
    for (const phase of ALL_DECIDE) {
      const rows = timed.filter((m) => m.phase === phase);
      if (!rows.length) continue;
      const key = phase.toLowerCase();
      figures[`house.influence_12p_${key}_phase_ms`] = mean(rows.map((m) => m.wall));
      figures[`house.influence_12p_${key}_decisions_ms`] = mean(rows.map((m) => m.decisions![1] - m.decisions![0]));
      figures[`house.influence_12p_${key}_posts_ms`] = mean(rows.map((m) => m.posts));
    }
    const all = timed.filter((m) => (ALL_DECIDE as readonly string[]).includes(m.phase));
    figures['house.influence_12p_phase_ms'] = mean(all.map((m) => m.wall));
    figures['house.influence_12p_phase_over_latency'] = figures['house.influence_12p_phase_ms']! / MODEL_LATENCY_MS;
    figures['house.influence_12p_phase_median_over_latency'] = median(all.map((m) => m.wall)) / MODEL_LATENCY_MS;
    // A phase's time outside the model: from its opening to its last request in flight, and from its last answer to the next phase's opening.
    const phaseCalls = (m: PhaseMark) => answered.filter((c) => c.request && !c.request.error && c.request.round === m.round && c.request.phase === m.phase);
    const outside = all.flatMap((m) => {
      const asked = phaseCalls(m);
      return asked.length ? [{ toRequests: Math.max(...asked.map((c) => c.receivedAt)) - m.start, toEach: asked.map((c) => c.receivedAt - m.start), fromAnswers: m.start + m.wall - Math.max(...asked.map((c) => c.answeredAt)) }] : [];
    });
    figures['house.influence_12p_open_to_last_request_ms'] = median(outside.map((o) => o.toRequests));
    // Each request from its phase's opening, waiting for its seat's turn included (the seats build their requests one after another).
    figures['house.influence_12p_open_to_request_median_ms'] = median(outside.flatMap((o) => o.toEach));
    figures['house.influence_12p_last_answer_to_next_phase_ms'] = median(outside.map((o) => o.fromAnswers));
    figures['house.influence_12p_worst_phase_over_latency'] = Math.max(...all.map((m) => m.wall)) / MODEL_LATENCY_MS;
    // Inside a decision: from the seat's turn to build its request (its HOUSE_DECIDE handler) to the model request, and from the model's answer to the decision.
    const calls = answered.filter((c) => c.request && !c.request.error);
    const inside = asks
      .filter((a) => a.request.round >= 2 && a.request.round <= ROUNDS && (ALL_DECIDE as readonly string[]).includes(a.request.phase))
      .flatMap((a) => {
        const call = calls.find((c) => c.request!.player === a.request.player && c.request!.round === a.request.round && c.request!.phase === a.request.phase);
        return call ? [{ before: call.receivedAt - a.span[0], after: a.span[1] - call.answeredAt }] : [];
      });
    figures['house.influence_12p_decision_before_model_median_ms'] = median(inside.map((d) => d.before));
    figures['house.influence_12p_decision_after_model_median_ms'] = median(inside.map((d) => d.after));
    figures['house.influence_12p_decision_before_model_ms'] = mean(inside.map((d) => d.before));
    figures['house.influence_12p_decision_after_model_ms'] = mean(inside.map((d) => d.after));
    // Model calls that were not decisions: each player's runtime asking whether to answer a post it saw in a room.
    const phases = marks.filter((m) => m.start < endedAt).length;
    // What the process ran (House, players, stub) per phase on any CPU, over the phases timed: a machine shared with other work stretches the wall figures, not this one.
    const steady = marks.filter((m) => m.round >= 2 && m.round <= ROUNDS + 1);
    figures['house.influence_12p_cpu_ms_per_phase'] = (steady.at(-1)!.cpu - steady[0]!.cpu) / Math.max(1, steady.length - 1);
    figures['house.load_per_cpu'] = loadavg()[0]! / availableParallelism();
    figures['house.influence_12p_chat_calls_per_phase'] = answered.filter((c) => !c.request).length / Math.max(1, phases);
    return figures;
  } finally {
    await host.stop();
    await stub.stop();
  }
}

export function bench(): Promise<Record<string, number>> {
  return benchInOwnProcess(import.meta.path, 'house influence bench');
}

if (import.meta.main) await runAsMain(measure);
