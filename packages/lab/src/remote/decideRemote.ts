import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import type { AnyGame, BrainContext, GameEvent, PlayerId, Strategy } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import type { AnswerTrace, MatchRecorder } from '../models/matchRecorder.ts';
import type { ModelCallRecord, ModelClient } from '../models/modelCall.ts';
import type { ProviderGate } from '../models/providerGate.ts';
import { baselineAnswer } from '../seats/baselineAnswer.ts';
import { decideWithRepair } from '../seats/decideWithRepair.ts';
import { answersStrict } from '../seats/strictAnswer.ts';
import { RemoteCallError } from './policedFetch.ts';
import type { RemoteClient } from './remoteClient.ts';
import { remoteTurn } from './remoteTurn.ts';
import { askWindow, charge, settle, type Fault, type SeatClockState } from './seatClock.ts';

/** A repair is asked only with at least this much time left: less is no time to think, and the fallback plays. */
export const MIN_REPAIR_MS = 250;

/** Failures that mean the agent was not there to answer (rather than answering wrong). */
const UNREACHABLE: ReadonlySet<RemoteCallError['kind']> = new Set(['unreachable', 'refused', 'redirects', 'status']);

/** An OpenAI-compatible entrant's server failures past its gate's retries that are its provider's (a 5xx, a rate limit), not its play. */
const PROVIDER_FAILURES: ReadonlySet<string> = new Set(['server error', 'rate-limited']);

/** A remote seat as the pipeline sees it: its line, its clock, who it is for the record, and the baseline that takes over. */
export interface RemoteSeatLine {
  client: RemoteClient & { free?: boolean; gate?: ProviderGate; redact?(text: string): string };
  clock: SeatClockState;
  /** The entrant and its version, as the record's `model`. */
  entrant: string;
  fallback: Strategy<any, any> | null;
}

export interface RemoteTurnInput {
  game: AnyGame;
  state: unknown;
  view: unknown;
  ctx: BrainContext;
  request: DecisionRequest;
  /** The match the turn is of (the turn's `table`). */
  table: string;
  line: RemoteSeatLine;
  recorder: MatchRecorder;
  /** The compact prompt for a request (the first ask's, or the repair's). */
  prompt(request: DecisionRequest): string;
  /** The House's own stop (a restart, a pause): what it cuts short is never the seat's fault. */
  signal: AbortSignal;
}

export interface RemoteTurnResult {
  decision: unknown;
  trace: AnswerTrace;
  missing?: string;
  /** The fault this turn counted against the seat, if any (null also when the House cut it short). */
  fault: Fault | null;
  /** Set when the House stopped during the turn: it will be asked again after the resume, uncharged. */
  houseFault: boolean;
}

/** Whether a recorded answer's text is what `notATurn` keeps in place of one the game refused. */
export const isNotATurn = (text: string): boolean => /^\[not a valid turn: \d+ bytes, sha256 [0-9a-f]{64}\]$/.test(text);

/** What the record keeps of an answer that was not a valid turn, in place of its text. */
export function notATurn(text: string): { bytes: number; sha256: string; text: string } {
  const bytes = Buffer.byteLength(text);
  const sha256 = sha256Hex(text);
  return { bytes, sha256, text: `[not a valid turn: ${bytes} bytes, sha256 ${sha256}]` };
}

/**
 * The answers the game refused, out of the record: each call's response
 * becomes its size and SHA-256, and so does its text in the trace. A remote
 * seat's address may serve anything (another service's page, through a
 * misconfigured proxy), and a match file is signed and shared.
 */
function keepOnlyTurns(trace: AnswerTrace, calls: ReadonlyMap<number, ModelCallRecord>): void {
  const valid = trace.outcome === 'valid' ? 0 : trace.outcome === 'repaired' ? 1 : -1;
  trace.texts.forEach((text, i) => {
    if (i === valid) return;
    const digest = notATurn(text);
    trace.texts[i] = digest.text;
    const call = trace.calls[i] === undefined ? undefined : calls.get(trace.calls[i]!);
    if (call && call.response !== null) {
      call.response = null;
      call.responseDigest = { bytes: digest.bytes, sha256: digest.sha256 };
    }
  });
}

/** The House's notice, logged before the phase is applied, that a seat's baseline now plays it. */
export function substitutedNotice(player: PlayerId, why: string, strategy: string | null): GameEvent {
  return { type: 'seat_substituted', data: { player, why, strategy } };
}

/**
 * One turn of a remote seat: the same pipeline as every seat
 * (`decideWithRepair`: ask, check, one repair quoting the error, then the
 * game's fallback) with the seat's clock around it. Each ask gets the move's
 * time plus the bank (never past the phase's deadline) and travels as a
 * `RemoteTurn`; it is recorded as a model call is (request hash, answer,
 * latency, usage when reported). A repair is asked only while time is left.
 * What the turn took past the move's time comes out of the bank; a fallback
 * by the seat's fault counts (timeout, invalid, unreachable), and past the
 * clock's limits the seat's baseline plays it from the next turn on, the log
 * told once. A turn the House itself cut short costs the seat nothing. An
 * answer the game refuses is recorded as its size and hash only
 * (`keepOnlyTurns`), and when no valid one came the turn has no decision:
 * the game's fallback plays, the log saying the answer was not a valid turn.
 */
export async function decideRemote(input: RemoteTurnInput): Promise<RemoteTurnResult> {
  const { game, state, ctx, request, line, recorder, signal } = input;
  const started = Date.now();
  let timedOut = false;
  const asked: Array<Record<string, unknown>> = [];
  const answered = new Map<number, ModelCallRecord>();
  let unreachable = false;
  // Why this ask failed, in the House's own words (the recorder may keep only a class of failure).
  let reason: string | null = null;
  // Whose fault the last ask's failure was when it was not the seat's: the House's outbound policy, or an entrant's model provider.
  let blame: { by: 'house' | 'provider'; kind: string } | null = null;
  const { decision: given, trace } = await decideWithRepair(game, state, ctx.player, 'model', async (repair) => {
    const window = askWindow(line.clock, Date.now(), ctx.deadline);
    if (repair && window.msLeft < MIN_REPAIR_MS) return { text: null, error: 'no time left for a repair' };
    blame = null;
    const req: DecisionRequest = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
    const prompt = input.prompt(req);
    const turn = remoteTurn(req, input.table, prompt, window, line.clock.bankLeftMs, repair ? 1 : 0);
    const deadline = AbortSignal.timeout(Math.max(1, window.msLeft));
    const both = AbortSignal.any([signal, deadline]);
    const client: ModelClient = {
      provider: line.client.provider,
      model: line.entrant,
      free: line.client.free ?? true,
      complete: async (_prompt, _signal, onUsage) => {
        try {
          return await line.client.ask(turn, both, onUsage);
        } catch (error) {
          if (error instanceof RemoteCallError && UNREACHABLE.has(error.kind)) unreachable = true;
          if (error instanceof RemoteCallError && error.kind === 'refused') blame = { by: 'house', kind: 'policy' };
          reason = error instanceof Error ? error.message : String(error);
          throw error;
        }
      },
      ...(line.client.redact ? { redact: line.client.redact } : {}),
    };
    // What the record keeps of the turn sent: its id, the hash of the view in it, and its times (the action is the call's response, its latency the call's).
    const params: Record<string, unknown> = { turnId: turn.turn_id, remote: line.client.kind, viewHash: sha256Hex(JSON.stringify(turn.view ?? null)), deadline: turn.deadline, msLeft: turn.ms_left, bankLeftMs: turn.bank_ms_left };
    const meta = { caller: ctx.player, purpose: repair ? ('repair' as const) : ('decision' as const), round: ctx.round, phase: ctx.phase, system: '', params };
    const r = await recorder.call(client, line.client.gate ?? null, meta, prompt, both);
    asked.push(r.call.params);
    answered.set(r.call.seq, r.call);
    if (r.text === null && deadline.aborted && !signal.aborted) timedOut = true;
    if (line.client.kind === 'openai' && !timedOut && r.call.failure && PROVIDER_FAILURES.has(r.call.failure.reason)) blame = { by: 'provider', kind: r.call.failure.reason };
    if (r.text !== null) return { text: r.text, error: null, call: r.call.seq };
    return { text: null, error: timedOut ? `no answer within ${window.msLeft} ms` : (reason ?? r.error), call: r.call.seq };
  }, answersStrict(recorder.record));
  const houseFault = signal.aborted;
  const at = asked.at(-1);
  let fault: Fault | null = null;
  if (!houseFault) {
    charge(line.clock, Date.now() - started);
    if (trace.outcome === 'fallback') fault = timedOut ? 'timeout' : unreachable ? 'unreachable' : 'invalid';
    // The record says whose fault it was (results class the seat by it: `results/seatResults.ts`); the clock counts every miss alike, as it paces the table.
    if (at && fault) at.fault = blame ?? { by: 'seat', kind: fault };
    const substituted = settle(line.clock, fault);
    if (substituted) {
      const phase = recorder.phase(ctx.round, ctx.phase);
      (phase.notices ??= []).push(substitutedNotice(ctx.player, substituted, line.fallback?.name ?? null));
    }
  }
  // A turn the House cut short is its own fault: recorded so, and asked again after the resume.
  if (at && houseFault) at.fault = { by: 'house', kind: 'stopped' };
  const refused = trace.outcome === 'fallback' && trace.texts.length > 0;
  keepOnlyTurns(trace, answered);
  const decision = refused ? undefined : given;
  const missing = trace.texts.length === 0 ? `no answer (${trace.errors.join('; ')})` : refused ? `its answer was not a valid turn (${trace.errors.at(-1) ?? 'refused'})` : undefined;
  return { decision, trace, fault, houseFault, ...(missing ? { missing } : {}) };
}

/**
 * A remote seat's turn, whatever state its clock is in: its baseline's move
 * once it is substituted, else `decideRemote`. The House and headless play
 * both take turns so.
 */
export async function remoteSeatTurn(input: RemoteTurnInput): Promise<RemoteTurnResult> {
  const { line } = input;
  if (line.clock.substituted === null) return decideRemote(input);
  return { ...baselineAnswer(input.game, input.state, input.view, input.ctx, line.fallback), fault: null, houseFault: false };
}

