import { Match, type RoundRecord } from './match.ts';
import { Rng } from './rng.ts';
import type { AnyGame, BrainContext, GameEvent, Outcome, PlayerId, Strategy } from './types.ts';
import { ownValue } from './safeKey.ts';

/** Anything that turns a player's view into a decision: a strategy, a model, a person. */
export interface Brain {
  name: string;
  decide(view: unknown, ctx: BrainContext): unknown | Promise<unknown>;
}

export function strategyBrain(strategy: Strategy<any, any>): Brain {
  return { name: strategy.name, decide: (view, ctx) => strategy.decide(view, ctx) };
}

/** A decision's context whose stream is derived only when a brain draws from it (most baselines never do). */
class LazyContext implements BrainContext {
  deadline?: number;
  #rng: Rng | undefined;

  constructor(
    private readonly seed: number,
    readonly player: PlayerId,
    readonly round: number,
    readonly phase: string,
  ) {}

  get rng(): Rng {
    this.#rng ??= Rng.derive(this.seed, 'brain', this.player, this.round, this.phase);
    return this.#rng;
  }
}

/** The per-decision context; its stream is derived from seed, player, round and phase, made only when used. */
export function brainContext(seed: number, player: PlayerId, round: number, phase: string): BrainContext {
  return new LazyContext(seed, player, round, phase);
}

export interface RunOptions {
  /** Per-phase deadline for every decision (fixed, or per phase); a late one becomes the fallback. */
  deadlineMs?: number | ((match: Match) => number | undefined);
  /** Before each phase's decisions are asked (e.g. to post a challenge). */
  beforePhase?: (match: Match) => void | Promise<void>;
  /** After the phase's decisions are in, before outsiders answer (e.g. to log what the House added, in seat order). */
  afterCollect?: (match: Match, decisions: Record<PlayerId, unknown>) => void | Promise<void>;
  /** Answers from outside parties (observer, judge) for the phase just collected. */
  external?: (match: Match, decisions: Record<PlayerId, unknown>) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
  onRound?: (record: RoundRecord, match: Match) => void | Promise<void>;
  /** Called after every phase with that phase's events, e.g. to persist. */
  onPhase?: (match: Match, events: GameEvent[]) => void | Promise<void>;
  signal?: AbortSignal;
}

const MISSING = Symbol('missing');

/** The answer, or MISSING once the deadline passes or the match is stopped (a brain that ignores the signal holds nothing up). */
function withDeadline<T>(value: Promise<T>, ms: number | undefined, signal?: AbortSignal): Promise<T | typeof MISSING> {
  if (ms === undefined && !signal) return value;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const late = new Promise<typeof MISSING>((resolve) => {
    if (ms !== undefined) timer = setTimeout(() => resolve(MISSING), ms);
    if (signal) {
      onAbort = () => resolve(MISSING);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  return Promise.race([value, late]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal!.removeEventListener('abort', onAbort);
  });
}

/**
 * Asks every actor of the current phase at once. A brain that throws or misses the
 * deadline gets no decision (the game's fallback applies) and a private log entry says why.
 */
export async function collectDecisions(match: Match, brains: Record<PlayerId, Brain>, deadlineMs?: number, signal?: AbortSignal): Promise<Record<PlayerId, unknown>> {
  const { state, game } = match;
  const actors = match.actors();
  const answers = await Promise.all(
    actors.map(async (player) => {
      // An own entry only: a player named `valueOf` has no brain in Object.prototype.
      const brain = ownValue(brains, player);
      if (!brain) return [player, MISSING, 'no brain for this player'] as const;
      try {
        const ctx = brainContext(state.seed, player, state.round, state.phase);
        if (deadlineMs !== undefined) ctx.deadline = Date.now() + deadlineMs;
        const answer = await withDeadline(Promise.resolve().then(() => brain.decide(game.view(state, player), ctx)), deadlineMs, signal);
        return [player, answer, answer === MISSING ? `no decision within ${deadlineMs} ms` : null] as const;
      } catch (error) {
        return [player, MISSING, `brain failed: ${error instanceof Error ? error.message : String(error)}`] as const;
      }
    }),
  );
  const decisions: Record<PlayerId, unknown> = {};
  // A match stopped or paused while it waited logs nothing for the phase: on resume it is asked again.
  if (signal?.aborted) return decisions;
  for (const [player, answer, why] of answers) {
    if (answer !== MISSING) decisions[player] = answer;
    else match.log?.append(state.round, state.phase, { type: 'decision_missing', data: { player, why }, to: [player] });
  }
  return decisions;
}

/** Plays a match to its end with concurrent decisions per phase. */
export async function runMatch(match: Match, brains: Record<PlayerId, Brain>, opts: RunOptions = {}): Promise<Outcome> {
  while (!match.over) {
    if (opts.signal?.aborted) break;
    await opts.beforePhase?.(match);
    if (opts.signal?.aborted) break;
    const deadline = typeof opts.deadlineMs === 'function' ? opts.deadlineMs(match) : opts.deadlineMs;
    const decisions = await collectDecisions(match, brains, deadline, opts.signal);
    // Stopped while it waited: the phase is not played with fallbacks for everyone still thinking.
    if (opts.signal?.aborted) break;
    await opts.afterCollect?.(match, decisions);
    const external = opts.external ? await opts.external(match, decisions) : undefined;
    const { finished, events } = match.step({ decisions, external });
    await opts.onPhase?.(match, events);
    if (finished) await opts.onRound?.(finished, match);
  }
  return match.outcome();
}

/** The fast path for experiments: synchronous strategies, no timers, no promises. */
export function runMatchSync(match: Match, strategies: Record<PlayerId, Strategy<any, any>>, onRound?: (record: RoundRecord) => void): Outcome {
  const { game } = match;
  while (!match.over) {
    const state = match.state;
    const decisions: Record<PlayerId, unknown> = {};
    for (const player of game.actors(state)) {
      const strategy = ownValue(strategies, player);
      if (strategy) decisions[player] = strategy.decide(game.view(state, player), brainContext(state.seed, player, state.round, state.phase));
    }
    const { finished } = match.step({ decisions });
    if (finished && onRound) onRound(finished);
  }
  return match.outcome();
}
