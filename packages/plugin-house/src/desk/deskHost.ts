import type { IAgentRuntime } from '@elizaos/core';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { Match } from '@the-house/games/engine/match.ts';
import type { HouseConfig } from '../houseConfig.ts';
import type { MatchStore } from '../matchStore.ts';
import type { PeopleNames } from '../people.ts';
import type { PlayerDirectory } from '../playerDirectory.ts';
import type { RoomGateway } from '../roomGateway.ts';
import type { MatchRecords } from '../records/matchRecords.ts';
import type { Table } from '../table/table.ts';
import type { TableVoice } from '../table/tableVoice.ts';
import type { StoredMatch } from '../types.ts';

/** What the command desk works with: the House's tables, its records of every match, its settings and the names people go by. */
export interface DeskHost {
  readonly runtime: IAgentRuntime;
  readonly games: Record<string, AnyGame>;
  readonly settings: HouseConfig;
  readonly store: MatchStore;
  readonly people: PeopleNames;
  /** The player characters of this host. */
  readonly players: PlayerDirectory;
  readonly records: MatchRecords;
  readonly tables: ReadonlyMap<string, Table>;
  readonly gateway: RoomGateway;
  /** A match joins the set of tables. */
  seat(stored: StoredMatch, match: Match | null): Table;
  /** Where a match speaks: its table's voice, or for a closed match one that posts to its rooms. */
  voiceFor(stored: StoredMatch): TableVoice;
}
