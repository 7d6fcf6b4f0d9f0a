import type { PlayerId } from '../engine/types.ts';
import type { Ballot, Channel, Elimination, InfluencePhase, InfluenceState, PublicPost, RoundSummary, WhisperTurnPhase } from './influenceTypes.ts';
import { basePhase, legalPowerActions, living, twoLeft, whisperTurn, type PowerChoice } from './influenceQueries.ts';
import { ownValue } from '../engine/safeKey.ts';

/** Everything one player may know: public history plus its own channels, ballot and last message. */
export interface InfluenceView {
  me: PlayerId;
  round: number;
  /** The spec's phase: every WHISPER turn reads as WHISPER (the turn is `whisperTurn`). */
  phase: Exclude<InfluencePhase, WhisperTurnPhase>;
  /** During WHISPER, the turn (1..whisperTurns, RULES I-a); null in other phases. */
  whisperTurn: number | null;
  whisperTurns: number;
  /** DMs this player may still send this WHISPER. */
  whispersLeft: number;
  alive: boolean;
  players: PlayerId[];
  living: PlayerId[];
  empowered: PlayerId | null;
  /** Current round's tallies, once VOTE has closed. */
  empowerVotes: Record<PlayerId, number>;
  exposeVotes: Record<PlayerId, number>;
  exposed: PlayerId[];
  /** Public empower votes received over the match. */
  empowerTotals: Record<PlayerId, number>;
  /** Who went out, when, why, and the last message each one left. */
  eliminations: Elimination[];
  rounds: RoundSummary[];
  posts: PublicPost[];
  /** Only channels this player is a member of (locked ones stay readable). */
  channels: Channel[];
  myBallot: Ballot;
  myLast: string | null;
  /** Whether this player has done the current phase's required action. */
  acted: boolean;
  twoLeft: boolean;
  /** Legal power actions; non-empty only for the empowered during POWER. */
  powerActions: PowerChoice[];
  maxDmRecipients: number;
  maxMessageLength: number;
  /** DMs one player may send in one WHISPER, over all its turns. */
  maxWhispers: number;
  /** Rounds in a row with an auto-filled action that eliminate (RULES I-c). */
  inactivityLimit: number;
  winner: PlayerId | null;
}

/**
 * Read-only by contract: the view shares arrays with the state it was made from.
 * That is safe because rules never edit a state in place (each step works on a
 * copy), and it keeps a 12-player game from copying the whole history per seat.
 */
export function influenceView(s: InfluenceState, me: PlayerId): InfluenceView {
  return {
    me,
    round: s.round,
    phase: basePhase(s.phase),
    whisperTurn: whisperTurn(s.phase),
    whisperTurns: s.config.whisperTurns,
    whispersLeft: Math.max(0, s.config.maxWhispers - (ownValue(s.dmsSent, me) ?? 0)),
    alive: Boolean(ownValue(s.alive, me)),
    players: s.players,
    living: living(s),
    empowered: s.empowered,
    empowerVotes: s.empowerVotes,
    exposeVotes: s.exposeVotes,
    exposed: s.exposed,
    empowerTotals: s.empowerTotals,
    eliminations: s.eliminations,
    rounds: s.rounds,
    posts: s.posts,
    channels: s.channels.filter((c) => c.members.includes(me)),
    myBallot: ownValue(s.ballots, me) ?? {},
    myLast: ownValue(s.lastWords, me) ?? null,
    acted: Boolean(ownValue(s.acted, me)),
    twoLeft: twoLeft(s),
    powerActions: s.empowered === me ? legalPowerActions(s) : [],
    maxDmRecipients: s.config.maxDmRecipients,
    maxMessageLength: s.config.maxMessageLength,
    maxWhispers: s.config.maxWhispers,
    inactivityLimit: s.config.inactivityLimit,
    winner: s.winner,
  };
}
