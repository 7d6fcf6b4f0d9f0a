import type { BaseState, PlayerId } from '../engine/types.ts';
import type { LogEntry } from '../engine/eventLog.ts';
import type { ImageCheck } from './imageCheck.ts';
import type { InfluenceConfig } from './influenceConfig.ts';

/** WHISPER's later turns in a headless or House match (RULES I-a): `WHISPER 2`, `WHISPER 3`, ...; the first turn is `WHISPER`. */
export type WhisperTurnPhase = `WHISPER ${number}`;

export type InfluencePhase = 'INIT' | 'WHISPER' | WhisperTurnPhase | 'RUMOR' | 'VOTE' | 'POWER' | 'REVEAL' | 'END';

/** Phases that end on a timer; `timeout` events name one of them and a round. */
export type TimedPhase = 'WHISPER' | 'RUMOR' | 'VOTE' | 'POWER' | 'REVEAL';

export interface DmMessage {
  from: PlayerId;
  text: string;
  round: number;
  /** The WHISPER turn it was sent in (RULES I-a); 1 in a live match, where DMs flow as sent. */
  turn: number;
}

/** A private channel between the players named at `!dm`; the House sees every channel. */
export interface Channel {
  id: string;
  members: PlayerId[];
  openedBy: PlayerId;
  round: number;
  messages: DmMessage[];
  /** Locked once a member is eliminated: still readable by its members, closed to new messages. */
  locked: boolean;
}

export interface PublicPost {
  round: number;
  from: PlayerId;
  text: string;
  /** Set when the post is `img:<url>`. */
  image?: string;
  /** The House filled it in at timeout. */
  auto?: boolean;
  /** Why the House could not check the image (offline, a timeout): posted with it. */
  imageNote?: string;
}

export type EliminationReason = 'power' | 'exposure' | 'inactivity';

export interface Elimination {
  player: PlayerId;
  round: number;
  reason: EliminationReason;
  /** The last message the player registered, posted publicly at its elimination. */
  last?: string;
}

export interface Ballot {
  empower?: PlayerId;
  expose?: PlayerId;
}

/** What a finished round settled; public. */
export interface RoundSummary {
  round: number;
  empowered: PlayerId;
  empowerVotes: Record<PlayerId, number>;
  exposeVotes: Record<PlayerId, number>;
  /** Exposed when votes were tallied. */
  exposedAtVote: PlayerId[];
  /** Exposed at the end of the round: the tally's flags minus the protected one (an eliminated player keeps its flag). */
  exposed: PlayerId[];
  action: { action: 'eliminate' | 'protect'; target: PlayerId; auto: boolean } | null;
  protected: PlayerId | null;
  eliminated: Elimination[];
  alive: PlayerId[];
}

export interface InfluenceState extends BaseState<InfluenceConfig> {
  phase: InfluencePhase;
  /** First to `!join`; the only one who may `!start`. */
  host: PlayerId | null;
  alive: Record<PlayerId, boolean>;
  channels: Channel[];
  posts: PublicPost[];
  /** Current round's ballots (private: only the voter's own view shows its ballot; the tally publishes counts). */
  ballots: Record<PlayerId, Ballot>;
  /** Registered last messages, posted at elimination. */
  lastWords: Record<PlayerId, string>;
  /** Who has done the current phase's required action. */
  acted: Record<PlayerId, boolean>;
  empowered: PlayerId | null;
  /** Current round's tallies, set when VOTE closes. */
  empowerVotes: Record<PlayerId, number>;
  exposeVotes: Record<PlayerId, number>;
  exposed: PlayerId[];
  /** Consecutive rounds in which a required action of the player was auto-filled (RULES I-c). */
  autoFills: Record<PlayerId, number>;
  /** Players with an auto-filled action in the current round (each such round adds one to the streak, once). */
  idleThisRound: Record<PlayerId, boolean>;
  /** DMs each player has sent in the current WHISPER (capped by `maxWhispers`). */
  dmsSent: Record<PlayerId, number>;
  /** Empower votes received over the whole match (public once tallied). */
  empowerTotals: Record<PlayerId, number>;
  eliminations: Elimination[];
  rounds: RoundSummary[];
  winner: PlayerId | null;
  /** The append-only hash-chained log of every message and action. */
  log: LogEntry[];
  /** Chain head published when the game ended. */
  publishedHead: string | null;
}

/** Inputs to the FSM: a player's command, or the adapter's timer firing. */
export type InfluenceEvent =
  | { type: 'join'; player: PlayerId }
  | { type: 'start'; player: PlayerId }
  | { type: 'dm'; player: PlayerId; to: PlayerId[]; text?: string }
  /** Plain (non-command) text: in a DM channel it is a message; in the game room (`public`) it is refused, since the one public message goes through `!public`. */
  | { type: 'chat'; player: PlayerId; channel: 'public' | string; text: string }
  /** `image`: the House's check of an `img:` post's URL, when it made one. */
  | { type: 'public'; player: PlayerId; text: string; image?: ImageCheck }
  | { type: 'empower'; player: PlayerId; target: PlayerId }
  | { type: 'expose'; player: PlayerId; target: PlayerId }
  | { type: 'last'; player: PlayerId; text: string }
  | { type: 'eliminate'; player: PlayerId; target: PlayerId }
  | { type: 'protect'; player: PlayerId; target: PlayerId }
  | { type: 'status'; player: PlayerId }
  | { type: 'audit'; player: PlayerId }
  | { type: 'timeout'; phase: TimedPhase; round: number };

/** A command as typed, before the adapter says who typed it. */
export type InfluenceCommand = InfluenceEvent extends infer E ? (E extends { player: PlayerId } ? Omit<E, 'player'> : never) : never;

/** What the adapter must do, in order; the FSM only describes it. `public` is the game room. */
export type InfluenceEffect =
  /** Post in the game room or a DM channel: as the House, or as player `from` (its own words, never a system line). */
  | { kind: 'post'; channel: 'public' | string; text: string; from?: PlayerId; image?: string }
  /** A private answer to one player (guidance, acknowledgement, `!status`, `!audit`); `refused` when a command was turned down. */
  | { kind: 'reply'; to: PlayerId; text: string; refused: boolean }
  /** Create the private room of these members (the House sees it too). */
  | { kind: 'openChannel'; channel: string; members: PlayerId[] }
  /** No one may post in this DM room any more; its members keep reading it. */
  | { kind: 'lockChannel'; channel: string }
  /** The player may no longer post in this channel (the eliminated in the game room). */
  | { kind: 'leaveChannel'; channel: 'public' | string; player: PlayerId }
  /** Arm a timer; when it fires send `{type: 'timeout', phase, round}`. A newer schedule does not cancel older ones: stale timeouts are ignored. */
  | { kind: 'schedule'; phase: TimedPhase; round: number; ms: number }
  /** The game is over: publish the log's chain head (also posted in the game room). */
  | { kind: 'publishHead'; head: string; entries: number }
  | { kind: 'gameOver'; winner: PlayerId | null };
