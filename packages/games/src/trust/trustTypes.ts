import type { BaseState, Outcome, PlayerId } from '../engine/types.ts';
import type { TrustConfig } from './trustConfig.ts';
import type { TrustAction } from './trustDecision.ts';

/** One body on the board: an original player, or a unit spawned by its team (`a#2`). */
export interface TrustUnit {
  id: PlayerId;
  /** The original player id the unit plays for; equal to `id` for originals. */
  team: PlayerId;
  sats: number;
  alive: boolean;
  /** Consecutive DO_NOTHING rounds, for the idleness penalty. */
  idle: number;
  /** BEGs made so far, for the `wary` observer. */
  begs: number;
  /** Rounds in a row in which its high five was matched (the shocks' synergy reads it). */
  fives: number;
}

/** An alliance of two teams (spec 7.5), by their original player ids: the one who proposed, then the one who accepted. */
export type AlliancePair = [PlayerId, PlayerId];

/** The alliance house rule's public state: alliances in force, and proposals waiting for an answer. */
export interface Alliances {
  pairs: AlliancePair[];
  offers: Array<{ from: PlayerId; to: PlayerId }>;
}

/** A shock as everyone saw it: the sats every living unit gained (or lost), and who got the synergy bonus. */
export interface SeenShock {
  delta: number;
  synergy: PlayerId[];
}

/**
 * One unit's move in a round as some player remembers it. Others see a missed
 * HIGH_FIVE as an ATTACK and a BEG only as `granted`; the actor itself also sees
 * `missed`, `intended` (noise), the amount asked and the observer's answer.
 */
export interface SeenAct {
  action: TrustAction;
  target?: PlayerId;
  /** Own memory only: the HIGH_FIVE missed and landed as an ATTACK. */
  missed?: true;
  /** Own memory only: what was intended before noise or a refusal turned it into DO_NOTHING. */
  intended?: TrustAction;
  /** BEG: whether the observer gave anything. */
  granted?: boolean;
  /** Own memory only: BEG amount asked and given, and the observer's reason. */
  asked?: number;
  got?: number;
  answer?: string;
  /** Alliance moves, public: an alliance proposed or accepted, one left, sats shared with an ally. */
  ally?: PlayerId;
  leave?: PlayerId;
  share?: { to: PlayerId; amount: number };
}

export interface SeenRound {
  round: number;
  acts: Record<PlayerId, SeenAct>;
  /** Public scoreboard after the round. */
  sats: Record<PlayerId, number>;
  /** An environmental shock of the round (house rule `shocks`). */
  shock?: SeenShock;
}

export interface TrustState extends BaseState<TrustConfig> {
  game: 'trust';
  phase: 'act';
  /** Units in board order: originals first, spawned units in order of birth. */
  units: TrustUnit[];
  /** Each unit's own memory of the match (shared entries where nothing private differs). */
  memory: Record<PlayerId, SeenRound[]>;
  /** Private messages for each unit about the last round (fallbacks, refusals, beg answers). */
  notices: Record<PlayerId, string[]>;
  /** House rule `alliances` (empty while it is off). */
  alliances: Alliances;
  result: Outcome;
}

export interface TrustView {
  game: 'trust';
  you: PlayerId;
  team: PlayerId;
  round: number;
  maxRounds: number;
  sats: number;
  alive: boolean;
  /** Consecutive DO_NOTHING rounds so far; the 3rd and later cost 3 each. */
  idle: number;
  canReplicate: boolean;
  rules: Pick<TrustConfig, 'startSats' | 'observer' | 'missChance' | 'replicateAt' | 'replicateCost' | 'begMax' | 'replicate' | 'noise' | 'shocks' | 'alliances'>;
  /** Public scoreboard (idleness streaks and beg counts are public too: everyone saw those moves). Read-only. */
  units: readonly Readonly<TrustUnit>[];
  /** Living units of other teams, the usual targets. */
  opponents: PlayerId[];
  /** Whether HIGH_FIVE and ATTACK must name a target (more than one possible target). */
  targetRequired: boolean;
  history: SeenRound[];
  notices: string[];
  /** House rule `alliances`: teams allied with mine, and every proposal still open (public). */
  allies: readonly PlayerId[];
  offers: Alliances['offers'];
}
