import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';

import type { Budget, Spend } from '@the-house/lab/models/budget.ts';
import type { MatchRecord, SeatUsage } from '@the-house/lab/models/matchRecorder.ts';
import type { HostChange } from '@the-house/lab/models/matchBundle.ts';
import type { MatchOptions } from '@the-house/lab/seats/matchOptions.ts';
import type { ParentLink } from '@the-house/lab/provenance/matchProvenance.ts';
import type { SeatResults } from '@the-house/lab/results/seatResults.ts';
import type { HouseCommand } from './commands/parse.ts';
import type { HumanSeat, SeatSpecs } from './seats/seatSpec.ts';

export type { HumanSeat } from './seats/seatSpec.ts';

/**
 * `paused`: its budget is spent, or a save failed; `!resume` continues it.
 * `damaged`: what the database holds of it is incomplete and its file could
 * not rebuild it; it is listed, never served as whole.
 */
export type MatchStatus = 'lobby' | 'running' | 'paused' | 'finished' | 'stopped' | 'damaged';

export interface MatchPlayerSummary {
  /** Player id inside the game (the character's name). */
  name: string;
  alive: boolean;
  /** null: a score the game keeps private while the match runs (RULES S-a), to a reader who may not see it. */
  score: number | null;
}

/** One row of `GET /house/matches`. */
export interface MatchSummary {
  id: string;
  game: string;
  status: MatchStatus;
  /** Round being played, or the last one once finished. */
  round: number;
  players: MatchPlayerSummary[];
  /** The game's winners less any seat that forfeited or is void (README, "Results"); see `results`. */
  winners: PlayerId[];
  /** A finished match's seats whose result is not decided by their own play: forfeit or void, and why in words (`resultNote`); absent when every seat's is. */
  results?: Array<{ player: PlayerId; class: 'forfeit' | 'void'; note: string }>;
  /** What its model players spent so far (tokens in + out, and cost by the price table). */
  spend: Spend;
  /** Who opened it (their name), and where: its table (the room or channel of `!play`) and its game room. */
  owner?: string | null;
  table?: string;
  room?: string;
  /** What is missing or broken, for a damaged match (or one rebuilt from its file). */
  damage?: string | null;
  createdAt?: number;
}

/** A page of `GET /house/matches`: newest first. */
export interface MatchPage {
  matches: MatchSummary[];
  page: number;
  per: number;
  total: number;
}

/** One finished round as the game's `report` gave it (e.g. Trust: `{sats, alive}` per player). */
export interface RoundHistoryEntry {
  round: number;
  players: Record<PlayerId, Record<string, unknown>>;
  extra?: Record<string, unknown>;
}

/** `GET /house/matches/:id`: everything the House knows about a match (the dashboard is the observer's view). */
export interface MatchDetail {
  summary: MatchSummary;
  state: unknown;
  /** The hash-chained event log, private entries included (they carry `to`). */
  events: LogEntry[];
  history: RoundHistoryEntry[];
  outcome: Outcome;
  /** Begs waiting for the observer's `!grant` / `!decline`. */
  pendingBegs: PendingBeg[];
  /** Per seat (and `house`): model calls, tokens, cost, retries, invalid answers, repairs, fallbacks. */
  usage: Record<string, SeatUsage>;
  budget: Budget;
  /** Why the match is paused, when it is. */
  paused: string | null;
  /** People whose move the House is waiting for (lower-case seat names). */
  waitingFor: PlayerId[];
  /** What was missing or broken when it was read (and whether its file rebuilt it); null when whole. */
  damage?: string | null;
  /**
   * The rounds `events` and `history` hold (from, to) when they are a window
   * of the match, and its whole range (first, last): the match routes serve
   * a long match a window at a time (`?from=R&to=R`).
   */
  rounds?: { from: number; to: number; first: number; last: number };
}

export interface PendingBeg {
  player: PlayerId;
  amount: number;
  reason: string;
  round: number;
  /** Epoch ms after which the configured policy answers. */
  deadline: number;
}

/** What the House persists for a match after every phase; enough to resume it exactly. */
export interface StoredMatch {
  id: string;
  game: string;
  seed: number;
  config: unknown;
  status: MatchStatus;
  players: PlayerId[];
  /** Game-room channel (server side) the public outcome goes to. */
  channelId: string | null;
  /** Messaging-server id of the room. */
  serverId: string | null;
  state: unknown;
  log: LogEntry[];
  history: RoundHistoryEntry[];
  /** Where `!play` came from when that is another platform (Discord): the public outcome is posted there too. */
  origin?: { source: string; channelId: string } | null;
  /** Last round whose public outcome reached the game room (a restart posts the rest, once). */
  postedRound: number;
  options: MatchOptions;
  /** Every model call and every seat's answers, phase by phase: what `replay-match` replays. */
  record: MatchRecord;
  /** Why the match is paused, when it is. */
  paused: string | null;
  /** Whether the finished match has gone into the ratings (once). */
  rated?: boolean;
  /** Each seat's result, kept when a match finishes with a seat that forfeited or is void: what its summary says when only a window of its record is read. */
  results?: SeatResults;
  /**
   * Who plays each seat, by seat name: a player agent, a person, an
   * entrant's agent elsewhere, a baseline (`seats/seatSpec.ts`). Every
   * player has one; a record saved with the old maps (`humans`, `remotes`,
   * `bots`) is migrated as it is read (`seats/migrateSeats.ts`).
   */
  seats: SeatSpecs;
  /** The person who opened the match, where the House writes to them privately (Trust's begs: amount and reason are theirs alone); none when they sit in it (RULES T-c). */
  observer?: HumanSeat | null;
  /** The observer link's key: a random capability, for the owner and admins to watch everything live. */
  observerKey?: string;
  /** Who opened the match: with the House's admins, the only one who may stop, start, resume it or answer its begs. */
  owner?: MatchOwner | null;
  /** A lobby its opener opened to anyone (`!play GAME --open`); otherwise only they and the admins may !join it. */
  lobbyOpen?: boolean;
  /** The table (room or channel) the match was opened at; commands typed there act on it. */
  table?: string;
  /** Set on a fork (`!fork`): the match it was played on from, where its randomness was drawn anew, and who plays the seats its parent's players did not. */
  fork?: ForkOrigin;
  /** Private rooms the House made for this match (Influence's DMs), by their sorted member list. */
  rooms: Record<string, { channelId: string; serverId: string }>;
  /** The host that holds the match, when the House runs under a lease (HOUSE_STANDBY); and each time another took it over. */
  host?: string;
  hostChanges?: HostChange[];
  createdAt: number;
  updatedAt: number;
}

/** Where a fork comes from (its file's provenance names the parent and the reseeds); `swaps` is said in its room. */
export interface ForkOrigin {
  parent: ParentLink;
  reseeded: Array<{ phase: number; seed: number }>;
  swaps: Array<{ seat: PlayerId; by: string }>;
}

/** Who opened a match: the one person besides the admins who may stop it, resume it, or answer its begs. */
export interface MatchOwner {
  id: string;
  name: string;
}

/** Who sent a command, as the server knows them (never a name typed in the text). */
export interface CommandAuthor {
  /** The server's id for the person (the messaging user id, or the entity of the message). */
  id: string;
  /** Display name, for replies and seats. */
  name: string;
  /** The entity this agent made for the person, when it differs from `id`. */
  entityId?: string;
  /** The person's names on the server (its entity record): for seats, never for trust. */
  names?: string[];
  /** The person's Discord user id, when the message came from Discord itself (plugin-discord, from the gateway). */
  discordId?: string;
  /** The person's Discord role ids in that server, read by the House from Discord (never from the message): for HOUSE_ADMINS. */
  roles?: string[];
  /** The platform channel the command came from, when it is not the web GUI (e.g. Discord). */
  origin?: { source: string; channelId: string } | null;
  /** The web GUI channel the command came from (a person's chat with the House), where the House can write back later. */
  room?: { channelId: string; serverId: string } | null;
  /** Where the House writes to this person privately on that platform (on Discord: their DM with the House's bot). */
  direct?: { source: string; channelId: string } | null;
  /** Whether the command was typed in a direct chat with the House (no one else reads the reply). */
  private?: boolean;
}

/** What the command actions need of the House service (registered as `house`): a command in, the reply out. */
export interface CommandDesk {
  /**
   * `match` is the id (or its start) a command names with `--match`; without it the command acts on its room's match.
   * `replied` settles once the reply is posted: a move the command completes goes to the game after it.
   */
  handleCommand(command: HouseCommand, author: CommandAuthor, match?: string, replied?: Promise<unknown>): Promise<string>;
}
