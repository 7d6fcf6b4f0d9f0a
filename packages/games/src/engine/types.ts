import type { z } from 'zod';
import type { GameNarration } from './narration.ts';
import type { LegalMoveData } from './legalMoveData.ts';
import type { PlayerId } from './playerId.ts';
import type { RngState } from './rng.ts';

export type { PlayerId } from './playerId.ts';

/**
 * What a rule step reports. `to` lists the only players who may see it; an event
 * without `to` is public. Events are data: the runner hash-chains them into the log.
 */
export interface GameEvent {
  type: string;
  data?: Record<string, unknown>;
  to?: PlayerId[];
}

export interface Outcome {
  over: boolean;
  winners: PlayerId[];
  /** Names the ending: `replicate`, `limit`, `elimination`, `draw`, `cooperative`, ... */
  kind: string | null;
}

/** Fields every game state carries; the rest is the game's own. Always JSON-serialisable. */
export interface BaseState<C = unknown> {
  game: string;
  seed: number;
  config: C;
  players: PlayerId[];
  /** 1-based number of the round being played (or just finished, once over). */
  round: number;
  /** Name of the phase waiting for input, from the game's phase table. */
  phase: string;
  rng: RngState;
}

/** One input to `apply`: the phase's decisions, plus whatever outside parties said (observer, judge, ...). */
export interface PhaseInput {
  decisions: Record<PlayerId, unknown>;
  external?: Record<string, unknown>;
}

export interface Step<S> {
  state: S;
  events: GameEvent[];
}

/** A row of a game's phase table: which decisions the phase collects, and when it ends. */
export interface PhaseSpec {
  name: string;
  collects: string;
  endsWhen: string;
}

/** `validate` result: a legal decision, or a message saying what is allowed. Never throws. */
export type Checked<D> = { ok: true; decision: D } | { ok: false; error: string };

/** Traits declared by every strategy, as Axelrod does. */
export interface StrategyTraits {
  /** Rounds of history the strategy reads; Infinity for the whole match, 0 for none. */
  memoryDepth: number;
  stochastic: boolean;
  usesModel: boolean;
}

export interface BrainContext {
  player: PlayerId;
  round: number;
  phase: string;
  /** Deterministic stream for this player, round and phase. */
  rng: import('./rng.ts').Rng;
  /** When the runner stops waiting for this decision (epoch ms), if it has a deadline. */
  deadline?: number;
}

/** A named baseline strategy: a pure function of the player's view. */
export interface Strategy<V, D> {
  name: string;
  description: string;
  traits: StrategyTraits;
  decide(view: V, ctx: BrainContext): D;
}

/** What one player saw of one round, for its memory: a line, and counts that a block of rounds adds up. */
export interface RoundDigest {
  round: number;
  line: string;
  tally: Record<string, number>;
}

/** An event as read back from a match's log (`data` holds the game's fields). */
export interface GameLogEvent {
  round: number;
  type: string;
  data?: Record<string, unknown>;
  to?: PlayerId[];
}

/** Per-player fields a finished round reports in the replay contract, plus round-level extras. */
export interface RoundReport {
  players: Record<PlayerId, Record<string, unknown>>;
  extra?: Record<string, unknown>;
}

/** Rounds `from..to` of a run (1-based, both included). */
export interface Window {
  from: number;
  to: number;
}

/** A finished run as an experiment sees it: the final state and every finished round with its events (private ones included). */
export interface PlayedRun<S = unknown> {
  state: S;
  rounds: ReadonlyArray<{ round: number; events: readonly GameEvent[] }>;
}

/** A named measure of a run over a window of rounds, and the direction a research question expects from first to second half. */
export interface MetricDef<H> {
  name: string;
  /** One line for reports: what the number is. */
  about: string;
  of(h: H, w: Window): number;
  /** `lower`/`higher`: the second half is expected to be lower/higher; `none`: descriptive only. */
  expect: 'lower' | 'higher' | 'none';
  /** A share (0..1), shown as a percentage. */
  percent: boolean;
  /** Meaningful for the whole run only (rounds to the end, the winner's votes): no halves, no half test. */
  wholeOnly?: boolean;
}

/** One run's value of a metric over the whole run and over each half (NaN where a window is empty or the metric has no halves). */
export interface MetricRow {
  metric: string;
  whole: number;
  first: number;
  second: number;
}

/**
 * What a game measures of one finished run, for sweeps and tournaments: it
 * reads the run once into its own history `H`, then each metric reads that
 * over a window. Pure, like the rules.
 */
export interface GameMetrics<S = any, H = any> {
  /** Reads the run once (round logs, tallies...). */
  history(run: PlayedRun<S>): H;
  /** Rounds the history covers (the halves split them). */
  rounds(h: H): number;
  defs: readonly MetricDef<H>[];
  /** The metrics a report charts first (mean and CI per treatment, halves), by name. */
  headline: readonly string[];
  /** Per-round series for charts: one value per round, by name and title. */
  series?(h: H): Array<{ key: string; title: string; percent: boolean; values: number[] }>;
  /** What the run looked like after `round`, for a report (Gold mining: the ownership map); JSON. */
  snapshot?(h: H, round: number): unknown;
}

/**
 * A game as a model reads it (issue 17: tokens per game). A prompt starts with
 * `rules`, the same text on every call of a match, so a provider that caches
 * prompt prefixes bills it once; then `view`, short lines that end with what
 * is legal now (the grammar of `engine/moveSignatures.ts`). `read` turns that
 * text back into a view: each game's test checks that every offline strategy
 * decides the same from it as from the full view, so the text holds every
 * fact a decision reads.
 */
export interface ModelPrompt<V> {
  /** The rules and move signatures of this match, from the view's fields that never change within it (its config, the player's own seat). */
  rules(view: V): string;
  /** The view as short lines ending with "Legal now"; `rounds` is how many recent rounds of history appear in full (Infinity: all). */
  view(view: V, rounds: number): string;
  /** The view back from `rules` and `view` text: the facts strategies read; fields no decision reads come back empty. */
  read(text: string): V;
  /**
   * Rounds of history a prompt shows in full at most (a match's own window may
   * be shorter); earlier ones are summed up. Infinity: every round the view
   * holds, whatever the window, for a game whose config decides what its
   * players see (Gold mining's `history`, RULES G-f).
   */
  recentRounds: number;
}

/**
 * How a game is shown wherever it is watched (rooms, the House tab, reports):
 * facts of the game, stated once here so no other layer keeps a table of them.
 */
export interface GamePresentation {
  /** The per-player report field that holds the score, charted over rounds; null when no field is a score (Influence). */
  scoreField: string | null;
  /** Decimals a score is written with: 2 for Café's tokens (cents), 0 for whole counts. */
  scoreDecimals: 0 | 2;
  /** The pause between rounds when people watch, in ms (a match's `--delay` or HOUSE_ROUND_DELAY_MS wins over it). */
  roundDelayMs: number;
  /** Seats a lobby fills by itself when `!play` names no players. */
  lobbySeats: number;
  /** The name people read, where the rules' title names a spec's version (Café's is 'Café V3'); the rules' title otherwise. */
  title?: string;
}

/**
 * The game contract (boardgame.io style): data plus pure functions. Rules never
 * import ElizaOS, read the clock, call Math.random, or log.
 */
export interface GameDefinition<C = any, S extends BaseState<C> = any, D = any, V = any> {
  id: string;
  title: string;
  /** One paragraph of rules, for prompts and `!games`. */
  summary: string;
  /**
   * This match's rules in words, from its config as its starting state holds
   * it (with what setup drew from the seed, e.g. Gold mining's plot yields):
   * what the room hears as the match begins. The model prompt's rules are the
   * same lines (from the view, which carries every rule setting), so what
   * people read is what the engine runs.
   */
  rulesText(state: S): string;
  minPlayers: number;
  maxPlayers: number;
  defaultPlayers: number;
  /** Strict zod schema with RULES.md defaults; `parse({})` gives the default config. */
  configSchema: z.ZodType<C, any>;
  /** Decision schema (a discriminated union where the game has several moves). */
  decisionSchema: z.ZodType<D, any>;
  phases: readonly PhaseSpec[];
  setup(config: C, seed: number, players: PlayerId[]): S;
  /** Who must decide in the current phase (empty once the match is over). */
  actors(state: S): PlayerId[];
  /** Human-readable legal moves of this player now, for prompts and error messages. */
  legalMoves(state: S, player: PlayerId): string[];
  /** The same moves as data (templates with the values each field may take now), for outside agents; every registered game has it. */
  legalMoveData?(state: S, player: PlayerId): LegalMoveData;
  /** zod + the state's legality rules. */
  validate(state: S, player: PlayerId, raw: unknown): Checked<D>;
  /** What a missing or invalid decision becomes (documented per game). */
  fallback(state: S, player: PlayerId): D;
  /** Plays the current phase. Invalid or missing decisions become the fallback plus an event. */
  apply(state: S, input: PhaseInput): Step<S>;
  /** Everything `player` may know, and nothing else. */
  view(state: S, player: PlayerId): V;
  /** The view's shape (strict: a view holds nothing it does not list), published as JSON Schema with every outside agent's turn; every registered game has it. */
  viewSchema?: z.ZodType<V, any>;
  outcome(state: S): Outcome;
  /** Score for scoreboards; `scoreName` says what it counts (sats, tokens, gold...). */
  score(state: S, player: PlayerId): number;
  scoreName: string;
  /** How the game is shown: its score field, the pace people watch it at, a lobby's seats. */
  presentation: GamePresentation;
  /** Its events and endings in plain words, for rooms, the House tab and reports. */
  narration: GameNarration<S>;
  alive(state: S, player: PlayerId): boolean;
  /** The replay contract's per-round fields. */
  report(state: S): RoundReport;
  /**
   * Facts the House poses before a phase's decisions are asked, which every
   * view must show (Café: a challenge its model wrote). Pure; the House records
   * what it posed so a replay poses the same.
   */
  pose?(state: S, facts: Record<string, unknown>): S;
  /** Splits one replay round into phase inputs; default: one input with `decisions` and the other keys as `external`. */
  replayInputs?(state: S, round: Record<string, unknown>): PhaseInput[];
  strategies: Record<string, Strategy<V, D>>;
  /**
   * What the player saw of the round just played, from its view right after
   * it: a player's memory keeps these, so a long match's prompt shows the last
   * rounds in full and each earlier block of rounds summed up. Games whose view
   * already bounds the history (Gold mining's ODD interface) leave it out.
   */
  digest?(view: V): RoundDigest | null;
  /**
   * The view in readable words (a map, a ledger): what a person in a seat is
   * told. Model prompts use `modelPrompt` when the game has one.
   */
  prompt?(view: V): string;
  /** What a model reads of the game, in the fewest tokens that keep it unambiguous (see `ModelPrompt`). */
  modelPrompt?: ModelPrompt<V>;
  /** What an experiment measures of a finished run (sweeps, tournaments): see `GameMetrics`. */
  metrics?: GameMetrics<S>;
}

export type AnyGame = GameDefinition<any, any, any, any>;
