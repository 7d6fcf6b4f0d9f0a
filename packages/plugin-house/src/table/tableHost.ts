import type { IAgentRuntime } from '@elizaos/core';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { HouseConfig } from '../houseConfig.ts';
import type { MatchStore } from '../matchStore.ts';
import type { PlayerDirectory } from '../playerDirectory.ts';
import type { RatingsStore } from '../ratingsStore.ts';
import type { RoomGateway } from '../roomGateway.ts';
import type { MatchDetail, StoredMatch } from '../types.ts';

/** What a table needs of the House it sits in: the House's runtime, its games, settings and stores, and where its rooms are. */
export interface TableHost {
  readonly runtime: IAgentRuntime;
  readonly games: Record<string, AnyGame>;
  readonly settings: HouseConfig;
  readonly store: MatchStore;
  readonly ratings: RatingsStore;
  /** The player characters of this host: who an agent seat is. */
  readonly players: PlayerDirectory;
  /** Where game rooms are made and posts go (tests swap it). */
  readonly gateway: RoomGateway;
  /** Player rooms the House has made already (`<player>:<match>`). */
  readonly ready: Set<string>;
  /** Whether the House is stopping (a table then posts and saves nothing more). */
  readonly stopping: boolean;
  /** A closed match leaves the set of tables. */
  retire(table: ClosedTable): void;
}

/** What the House keeps of a table whose match closed: enough to answer for it until it is read from the database. */
export interface ClosedTable {
  readonly id: string;
  readonly stored: StoredMatch;
  readonly fileProblem: string | null;
  detail(): MatchDetail;
}
