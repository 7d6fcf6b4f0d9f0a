import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { addSpend, NO_SPEND, type Spend } from './budget.ts';
import type { PromptMode } from '../decision/conversation.ts';
import { PROMPT_FORMAT } from '../decision/promptFormat.ts';
import { countTokens } from './countTokens.ts';
import type { CallPurpose, ModelCallRecord, ModelClient, PromptShape, ProviderUsage } from './modelCall.ts';
import { callCost, type PriceTable } from './priceTable.ts';
import { classifyFailure, failureDetail, failureText } from './providerError.ts';
import type { GateResult, ProviderGate } from './providerGate.ts';
import { redactSecrets } from './redact.ts';
import { nullRecord } from '@the-house/games/engine/safeKey.ts';

/** How a seat answered one phase. */
export interface AnswerTrace {
  /** Who produced the texts: a model, an offline brain, a person, or the baseline that plays once a budget is spent. */
  kind: 'model' | 'offline' | 'human' | 'baseline';
  /** The answers in order: the first, then the repair's when there was one. */
  texts: string[];
  /** `seq` of the model calls behind the texts. */
  calls: number[];
  /** `valid`: the first answer; `repaired`: the second; `fallback`: neither, so the game's fallback played. */
  outcome: 'valid' | 'repaired' | 'fallback';
  /** Why an answer was refused, or why there was none. */
  errors: string[];
  /** A person's decision as handed in (their texts are chat commands, merged by the game's adapter). */
  final?: string;
}

/** One phase as the House played it: every seat's answers, what outsiders said, and the events the House added before `apply`. */
export interface PhaseTrace {
  round: number;
  phase: string;
  answers: Record<PlayerId, AnswerTrace>;
  external?: Record<string, unknown>;
  /** What the House posed before the decisions (the game's `pose`). */
  posed?: Record<string, unknown>;
  /** House events appended to the log before the phase was applied (a spent budget), in seat order. */
  notices?: GameEvent[];
}

/** Who sat where, enough to rebuild every prompt of the match. */
export interface SeatInfo {
  brain: 'model' | 'offline' | 'human';
  /** The baseline that plays offline, or once the seat's budget is spent. */
  strategy: string | null;
  /** The persona the prompts start with. */
  persona: string;
  /** The provider's system prompt (ElizaOS passes the character's `system`). */
  system: string;
  /** How its prompts were made (`decision/conversation.ts`); absent: compact, each call standing alone. */
  prompts?: PromptMode;
}

export interface MatchRecord {
  seats: Record<PlayerId, SeatInfo>;
  calls: ModelCallRecord[];
  phases: PhaseTrace[];
  /** The layout its model prompts were written in (`decision/promptFormat.ts`); absent in records older than the field: format 1. */
  promptFormat?: number;
  /** Answers were held to their decision's schema (`seats/strictAnswer.ts`: unknown keys and missing fields refused); absent in records older than issue 36, whose answers replay as they were taken. */
  strictAnswers?: boolean;
}

/** Per-seat figures: what its model cost and how often its answers needed help. */
export interface SeatUsage {
  calls: number;
  tokensIn: number;
  tokensOut: number;
  cost: number;
  retries: number;
  errors: number;
  /** First answers that were refused. */
  invalid: number;
  repairs: number;
  /** Phases where the game's fallback played (no valid answer, or none in time). */
  fallbacks: number;
  /** Phases the baseline played because a budget was spent. */
  baseline: number;
}

export function emptyRecord(): MatchRecord {
  return { seats: {}, calls: [], phases: [], promptFormat: PROMPT_FORMAT, strictAnswers: true };
}

/** The hash a prompt is recorded under: the system prompt and the prompt, as the provider received them. */
export function promptHash(system: string, prompt: string): string {
  return sha256Hex(`${system}\n\n${prompt}`);
}

/** Where prompt texts go (a side file), once per hash. */
export type PromptSink = (entry: { hash: string; caller: string; purpose: CallPurpose; round: number; phase: string; system: string; prompt: string }) => void;

export interface CallMeta {
  caller: string;
  purpose: CallPurpose;
  round: number;
  phase: string;
  /** The provider's system prompt, for the hash. */
  system?: string;
  /** Kept with the call: how its prompt was made (a conversation's mode and turn), for a replay to make it again. */
  params?: Record<string, unknown>;
  /**
   * Where the call's bookkeeping may wait while the provider thinks (its
   * prompt's token count, its prompt text's file): the House runs it once
   * every request of the phase is out. Absent: it is done after the answer.
   */
  later?: (work: () => void) => void;
}

/**
 * Records every model call of one match and every seat's answers per phase,
 * and keeps the spend that budgets are checked against. The record is plain
 * JSON: the House saves it with the match and `replay-match` reads it back.
 */
export class MatchRecorder {
  private readonly sunk = new Set<string>();
  /** Phases the runner has closed (`closePhase`): an answer that comes in after its deadline is not the phase's any more. */
  private readonly closed = new Set<string>();

  constructor(
    readonly matchId: string,
    readonly record: MatchRecord,
    private readonly prices: PriceTable = {},
    private readonly sink: PromptSink | null = null,
  ) {}

  /**
   * Asks `client` through `gate` (none for free clients) and records the
   * call, answered or not. A failure is kept as its status, reason class and
   * provider only (`providerError.ts`): the provider's own text goes, redacted,
   * to the client's debug log and nowhere else.
   */
  async call(client: ModelClient, gate: ProviderGate | null, meta: CallMeta, prompt: string, signal?: AbortSignal, shape?: PromptShape): Promise<{ text: string | null; error: string | null; call: ModelCallRecord }> {
    const at = Date.now();
    const started = performance.now();
    let usage: ProviderUsage = {};
    const system = meta.system ?? '';
    const hash = promptHash(system, prompt);
    let tokensIn: number | null = null;
    const count = () => {
      tokensIn ??= client.free ? 0 : countTokens(system) + countTokens(prompt);
    };
    let sunk = false;
    const sink = () => {
      if (sunk || !this.sink || client.free || this.sunk.has(hash)) return;
      sunk = true;
      this.sunk.add(hash);
      this.sink({ hash, caller: meta.caller, purpose: meta.purpose, round: meta.round, phase: meta.phase, system, prompt });
    };
    const ask = () => client.complete(prompt, signal, (u) => (usage = u), shape);
    const pending = gate ? gate.call(ask, signal) : direct(ask, signal);
    meta.later?.(() => {
      count();
      sink();
    });
    const raw = await pending;
    count();
    const clean = (text: string) => redactSecrets(client.redact ? client.redact(text) : text);
    const provider = clean(client.provider);
    if (client.debug) for (const cause of raw.causes) client.debug(`${provider} (${meta.caller}, round ${meta.round}): ${clean(failureDetail(cause))}`);
    // The record, the trace and the log's `decision_missing` all quote this text: fixed words and the provider's name only.
    const error = raw.failure === null ? null : failureText(raw.failure, provider);
    const tokensOut = client.free || raw.text === null ? 0 : countTokens(raw.text);
    const call: ModelCallRecord = {
      seq: this.record.calls.length,
      matchId: this.matchId,
      caller: meta.caller,
      purpose: meta.purpose,
      round: meta.round,
      phase: meta.phase,
      provider,
      model: client.model,
      promptHash: hash,
      params: meta.params ?? {},
      response: raw.text,
      error,
      ...(raw.failure === null ? {} : { failure: raw.failure }),
      tokensIn: tokensIn!,
      tokensOut,
      ...(usage.cachedTokens === undefined ? {} : { cachedIn: usage.cachedTokens }),
      ...(usage.cacheWriteTokens === undefined ? {} : { cacheWriteIn: usage.cacheWriteTokens }),
      latencyMs: Math.round((gate ? raw.latencyMs : performance.now() - started) * 100) / 100,
      retries: raw.retries,
      cost: callCost(this.prices, client.model, tokensIn!, tokensOut, { read: usage.cachedTokens, written: usage.cacheWriteTokens }),
      at,
    };
    this.record.calls.push(call);
    if (!meta.later) sink();
    return { text: raw.text, error, call };
  }

  /**
   * The trace of the phase (`round`, `phase`), made on first use. Something
   * late for an earlier phase finds that phase's trace: the record's phases
   * stay in the order they were played, as a replay walks them.
   */
  phase(round: number, phase: string): PhaseTrace {
    const phases = this.record.phases;
    for (let i = phases.length - 1; i >= 0; i--) {
      const trace = phases[i]!;
      if (trace.round === round && trace.phase === phase) return trace;
      if (trace.round < round) break;
    }
    const trace: PhaseTrace = { round, phase, answers: {} };
    phases.push(trace);
    return trace;
  }

  /** A seat's answer; one that arrives after the runner closed its phase (a missed deadline) changes nothing: the phase was played without it. */
  answer(round: number, phase: string, player: PlayerId, trace: AnswerTrace): void {
    if (this.closed.has(`${round}\u0000${phase}`)) return;
    this.phase(round, phase).answers[player] = trace;
  }

  /** The runner has the phase's decisions: later answers for it are late. */
  close(round: number, phase: string): void {
    this.closed.add(`${round}\u0000${phase}`);
  }

  spend(caller?: string): Spend {
    let total = NO_SPEND;
    for (const c of this.record.calls) if (caller === undefined || c.caller === caller) total = addSpend(total, { tokens: c.tokensIn + c.tokensOut, cost: c.cost });
    return total;
  }

  usage(): Record<string, SeatUsage> {
    return seatUsage(this.record);
  }
}

/** A free client's call, without a gate: its failure classified as a gate's would be. */
async function direct(call: () => Promise<string>, signal?: AbortSignal): Promise<GateResult> {
  try {
    return { text: String(await call()), error: null, failure: null, causes: [], retries: [], latencyMs: 0 };
  } catch (error) {
    const failure = classifyFailure(error, signal?.aborted);
    return { text: null, error: failureText(failure), failure, causes: [error], retries: [], latencyMs: 0 };
  }
}

/** The per-seat figures of a record (the House's own calls are under `house`). */
export function seatUsage(record: MatchRecord): Record<string, SeatUsage> {
  const out: Record<string, SeatUsage> = nullRecord();
  const of = (id: string) => (out[id] ??= { calls: 0, tokensIn: 0, tokensOut: 0, cost: 0, retries: 0, errors: 0, invalid: 0, repairs: 0, fallbacks: 0, baseline: 0 });
  for (const c of record.calls) {
    const u = of(c.caller);
    u.calls += 1;
    u.tokensIn += c.tokensIn;
    u.tokensOut += c.tokensOut;
    u.cost += c.cost;
    u.retries += c.retries.length;
    if (c.error !== null) u.errors += 1;
  }
  for (const phase of record.phases) {
    for (const [id, a] of Object.entries(phase.answers)) {
      const u = of(id);
      if (a.kind === 'baseline') u.baseline += 1;
      if (a.outcome !== 'valid' && a.texts.length > 0) u.invalid += 1;
      if (a.texts.length > 1) u.repairs += 1;
      if (a.outcome === 'fallback') u.fallbacks += 1;
    }
  }
  return out;
}
