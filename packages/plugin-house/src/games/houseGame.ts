import type { IAgentRuntime } from '@elizaos/core';
import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import type { AnyGame, GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import type { CommandSpec, HouseCommand } from '../commands/parse.ts';
import type { HumanDesk } from '../humanDesk.ts';
import type { ObserverDesk } from '../observerDesk.ts';
import type { RoomPicture } from '../pictures/roomPicture.ts';
import type { GameBoard } from '../dashboard/boardTypes.ts';
import type { ChartSpec, Rendered } from '../dashboard/chartSpec.ts';
import type { CommandAuthor, MatchDetail } from '../types.ts';

export interface GameCommandContext {
  matchId: string;
  game: AnyGame;
  /** The running match's state (read-only: only the House changes it, through the game's `apply`). */
  state: unknown;
  author: CommandAuthor;
  /** The seat the author holds as a person, if any (an agent's words come through its brain, not commands). */
  seat: PlayerId | null;
  /** Where a person's partial moves go (Influence's `!dm`, `!empower`...). */
  humans: HumanDesk;
  /** The match's hash-chained log so far (for `!audit`). */
  log: readonly LogEntry[];
  /** Posts to the match's game room. */
  say(text: string): Promise<void>;
  /** What the game keeps at this match's table (`HouseGame.tableState`); null with no live table (a finished match). */
  table: unknown;
}

/** What an adapter may use while the House plays a phase of its game. */
export interface PhaseContext {
  matchId: string;
  /** Read-only: only the House's runner changes the state. */
  match: Match;
  /** The House's own runtime (its model, settings, logger). */
  house: IAgentRuntime;
  /** Posts to the match's game room; `key` makes a repeated post (after a restart) land once; `as` posts for a player. */
  say(text: string, key?: string, as?: PlayerId): Promise<void>;
  /**
   * A private room of these players and the House (made once per member set,
   * kept with the match), where `as` posts for a player: Influence's DMs.
   */
  whisper(members: PlayerId[], text: string, as: PlayerId, key?: string): Promise<void>;
  /** The person watching, for requests only a person answers (Trust's begs). */
  observer: ObserverDesk;
  /** No person observes (RULES T-c: its opener sits in it): the game's policy answers what the observer would, at once. */
  unobserved?: boolean;
  /** Writes to the observer privately: the chat `!play` came from (nowhere when it came from no chat; the House tab shows pending begs). */
  tellObserver(text: string): Promise<void>;
  signal: AbortSignal;
  /** A numeric setting of the House (runtime setting or environment), or `fallback`. */
  setting(key: string, fallback: number): number;
  /** Whether the House thinks with a real model (else its offline brain: no judge, no writing). */
  houseModel: boolean;
  /** Asks the House's own model, through its provider's gate, recorded with the match. */
  askHouse(prompt: string, purpose: 'judge' | 'challenge' | 'prose'): Promise<{ text: string | null; error: string | null }>;
  /** Sets facts before the phase's decisions (the game's `pose`), recorded so a replay poses the same. */
  pose(facts: Record<string, unknown>): void;
  /** What the game keeps at this match's table (`HouseGame.tableState`). */
  table: unknown;
}

/**
 * A game's House side, in one module (`games/<game>/`), found through
 * `houseGames`: what the House shows of it (its board, chart and panel) and
 * what it does beyond the generic loop (ask every actor, apply, save, post).
 * The board and chart are required; every hook is optional.
 */
export interface HouseGame {
  game: string;
  /** The board the House tab and the match page draw after each round, from round reports and the events the reader may read. */
  board: GameBoard;
  /** The match page's chart over rounds; null where the game has none (Influence's votes are drawn on each round's board). */
  chart(detail: MatchDetail): ChartSpec | null;
  /** The game's own panel on its dashboard card, and on its match page unless the page's board already shows the same (`onPage`). */
  panel?: { render(detail: MatchDetail): Rendered | null; onPage: boolean };
  /** The House's verbs only this game's matches use, which `!help` lists under its name (Trust: `!grant` and `!decline` answer its begs). */
  houseVerbs?: string[];
  /** The game's own chat verbs (each an action named in its spec); they reach `handle` while its match runs. */
  commands?: CommandSpec[];
  handle?(command: Extract<HouseCommand, { kind: 'game' }>, ctx: GameCommandContext): Promise<string> | string;
  /** Before the phase's decisions are asked: Café posts the challenge. */
  beforePhase?(ctx: PhaseContext): Promise<void>;
  /** Outside answers for the phase just collected (Trust: the observer on begs; Café: the judge), passed to `apply` as `external`. */
  external?(ctx: PhaseContext, decisions: Record<PlayerId, unknown>): Promise<Record<string, unknown> | undefined>;
  /** The game room's text for a finished round; `null` keeps the room quiet (Gold mining summarises every N rounds). */
  roundText?(record: RoundRecord, match: Match): string | null;
  /** Pictures attached to that round's post where a picture says more (Gold mining's map every N rounds, Trust's sats race at the end). */
  roundPictures?(record: RoundRecord, match: Match): RoomPicture[];
  /** The decision deadline of the phase about to be asked, in ms (Influence: the phase timers of its config); the House's setting otherwise. */
  deadlineMs?(state: unknown): number | null;
  /** After each phase is applied, with that phase's events: carry what the game said into the rooms (Influence's DMs and rumours). */
  afterPhase?(ctx: PhaseContext, events: readonly GameEvent[]): Promise<void>;
  /**
   * A person's move typed in chat (`!move ...`) as the game's decision JSON,
   * e.g. Trust's `HIGH_FIVE @Ada`; JSON is always accepted, so a game needs
   * this only for shorthand.
   */
  parseMove?(text: string, state: unknown, player: PlayerId): unknown;
  /**
   * Why a person's move, though the game would take it, is surely not what
   * they meant (Café: market moves with no answer to the challenge, which the
   * judge ranks worst), or null. A handed-in move is final, so it is refused
   * with this reason and the person types it again.
   */
  personMoveProblem?(decision: unknown): string | null;
  /**
   * Why the rules refuse a person's move, in plain sentences that say what is
   * allowed, told in place of the rules' message (written for a model, and kept
   * as it is wherever it is recorded); null tells the rules' message.
   */
  refusalInWords?(state: unknown, player: PlayerId, decision: unknown): string | null;
  /** What the game room is and is not told, said once when the match begins (Trust: what the players saw, not the misses). */
  roomNote?: string;
  /** A person's turn in a few readable lines (what they have, what happened last round), from their own view. */
  turnText?(state: unknown, player: PlayerId, view: unknown): string;
  /**
   * What a table of this game keeps for its match beyond the game's state
   * (Influence: its DM rooms, hand-ins, image checks): made with the table and
   * gone with it, so no match's part outlives it in the process.
   */
  tableState?(): unknown;
  /** The exact short forms a person may type now (`!move hf @Ada`, `!move beg 5 hungry`), shown each turn and after a refused move. */
  moveForms?(state: unknown, player: PlayerId, view: unknown): string[];
  /** Verbs that still answer once the match is over (Influence's `!audit`: the published head is for after the game). */
  afterEnd?: string[];
  /** The game's own commands for a person's move, named in the House's request (Influence: `!dm`, `!public`, ...). */
  commandHint?(state: unknown, player: PlayerId): string;
  /** Whether a person's draft stays open until `!done` or the deadline even once it is valid (Influence's WHISPER: several DMs). */
  openEnded?(state: unknown): boolean;
}
