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
}

export interface SeenRound {
  round: number;
  acts: Record<PlayerId, SeenAct>;
  /** Public scoreboard after the round. */
  sats: Record<PlayerId, number>;
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
  rules: Pick<TrustConfig, 'missChance' | 'replicateAt' | 'replicateCost' | 'begMax' | 'replicate' | 'noise'>;
  /** Public scoreboard (idleness streaks and beg counts are public too: everyone saw those moves). Read-only. */
  units: readonly Readonly<TrustUnit>[];
  /** Living units of other teams, the usual targets. */
  opponents: PlayerId[];
  /** Whether HIGH_FIVE and ATTACK must name a target (more than one possible target). */
  targetRequired: boolean;
  history: SeenRound[];
  notices: string[];
}
