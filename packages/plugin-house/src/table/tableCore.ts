import type { Match } from '@the-house/games/engine/match.ts';
import type { Brain } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecorder } from '@the-house/lab/models/matchRecorder.ts';
import type { HouseGame } from '../games/houseGame.ts';
import type { HumanDesk } from '../humanDesk.ts';
import type { ObserverDesk } from '../observerDesk.ts';
import type { StoredMatch } from '../types.ts';
import type { Seat } from '@the-house/lab/seats/seat.ts';
import type { LifeEvent, LifeRefusal } from './tableLife.ts';
import type { Pacer } from './pacer.ts';
import type { TableHost } from './tableHost.ts';
import type { TableVoice } from './tableVoice.ts';

/**
 * What a table's parts (its seats, its play loop) see of the table: its match
 * and what surrounds it. The Table is the one implementation; the parts
 * depend on this, not on it, so the table's files import each other one way.
 */
export interface TableCore {
  readonly host: TableHost;
  readonly stored: StoredMatch;
  readonly id: string;
  readonly match: Match | null;
  readonly abort: AbortController;
  readonly observer: ObserverDesk;
  readonly humans: HumanDesk;
  readonly recorder: MatchRecorder;
  readonly voice: TableVoice;
  /** Its request scheduler: a phase's requests first, what can wait after. */
  readonly pacer: Pacer;
  readonly adapter: HouseGame | undefined;
  /** What its game keeps at the table (`HouseGame.tableState`), null for a game that keeps nothing. */
  readonly gameState: unknown;
  readonly seats: { readonly brains: Record<PlayerId, Brain>; of(id: PlayerId): Seat | undefined };
  roomReady: Promise<void> | null;
  persist(as?: StoredMatch): Promise<boolean>;
  /** A change of the match's status (`tableLife.ts`) and what follows from it; false when a save it made failed. */
  enter(event: LifeEvent): Promise<LifeRefusal | boolean>;
  snapshot(): void;
  writeFile(): void;
  retire(): void;
}
