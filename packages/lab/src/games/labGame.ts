import type { AnyGame, GameLogEvent, PlayerId } from '@the-house/games/engine/types.ts';
import type { RunResult } from '../sweep/runSpec.ts';
import type { SnapshotSection } from './goldmine/ownershipMaps.ts';

/** A CLI verb: its arguments in, the exit code out. */
export type Verb = (argv: string[]) => Promise<number>;

/** A CLI verb that belongs to one game (`analyze cafe`), with its usage line. */
export interface GameVerb {
  run: Verb;
  /** What `bun run house help` prints for it, e.g. `analyze cafe <out-dir|events.jsonl> [--html report.html]`. */
  usage: string;
}

/** The files `play --out` writes for one finished match, by name, beside events.jsonl and state.json. */
export type Artifacts = (state: any, events: readonly GameLogEvent[]) => Record<string, string>;

/** What a sweep report draws of one game's snapshots, from its runs grouped by treatment. */
export type Snapshots = (byTreatment: ReadonlyArray<{ label: string; runs: readonly RunResult[] }>) => SnapshotSection;

/**
 * A game's headless side (the lab's module of it): everything the lab does
 * for this game beyond the generic runner, found through `labGames`. A new
 * game is one of these and one registry line.
 */
export interface LabGame {
  /** The game's rules, as the games registry holds them. */
  game: AnyGame;
  /** Its own report files for `play --out`; none: the generic match report. */
  artifacts?: Artifacts;
  /** CLI verbs of its own, by verb (`analyze`, `logs`, `check`, `audit`). */
  verbs?: ReadonlyMap<string, GameVerb>;
  /** A sweep report's snapshot section (Gold mining: ownership maps). */
  snapshots?: Snapshots;
  /** Who sits with seat-check's candidate in the game's scripted first turn (enough players for the game). */
  seatCheckOthers: readonly PlayerId[];
  /**
   * Whether a model seat bills less in a conversation than in compact prompts
   * once cached tokens bill a tenth (`bun run bench tokens`, issue 26).
   */
  conversationPays: boolean;
  /** Its sweep in `bun run bench` (sweep arguments after the game id): a mixed population, 2 treatments, a few seconds on 2 cores. */
  benchSweep: readonly string[];
}
