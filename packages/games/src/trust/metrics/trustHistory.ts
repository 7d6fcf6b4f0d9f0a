import type { GameEvent, PlayedRun, PlayerId } from '../../engine/types.ts';
import type { TrustState } from '../trustTypes.ts';

/** One unit's move in a round, as the metrics read it: what everyone saw, and what the unit chose. */
export interface TrustAct {
  unit: PlayerId;
  /** The action that resolved, as everyone saw it (a missed HIGH_FIVE shows as ATTACK). */
  seen: string;
  target: PlayerId | null;
  /**
   * What the unit chose: HIGH_FIVE for a missed one, the noise event's
   * `intended` for a move noise turned into DO_NOTHING, otherwise what it was
   * seen doing (a refused or missing decision is a DO_NOTHING chosen for it).
   */
  chose: string;
  /** A HIGH_FIVE that missed and landed as an ATTACK on `target`. */
  missed: boolean;
}

export interface TrustRound {
  round: number;
  /** Every unit alive at the round's start, in board order. */
  acts: ReadonlyMap<PlayerId, TrustAct>;
  /** Each unit's sats after the round (an eliminated unit keeps its last value, <= 0). */
  sats: ReadonlyMap<PlayerId, number>;
  /** Successful replications: units spawned (`spawn`), or teams that won by replicating (`win`). */
  replications: number;
}

/** A Trust run as the metrics read it: the teams (original players), each unit's team, and every round. */
export interface TrustHistory {
  teams: readonly PlayerId[];
  teamOf: ReadonlyMap<PlayerId, PlayerId>;
  rounds: readonly TrustRound[];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads each round's public `round` event (acts and sats), its private
 * `missed` and `noise` events (what was meant: only the actor saw those), and
 * the `spawned` and `match_over` events (replications). Unknown events and
 * fields are skipped, so a rule that adds events does not break the reading.
 */
export function trustHistory(run: PlayedRun<TrustState>): TrustHistory {
  const teamOf = new Map<PlayerId, PlayerId>();
  for (const p of run.state.players) teamOf.set(p, p);
  for (const u of run.state.units) teamOf.set(u.id, u.team);
  return { teams: [...run.state.players], teamOf, rounds: run.rounds.map((r) => readRound(r.round, r.events)) };
}

function readRound(round: number, events: readonly GameEvent[]): TrustRound {
  const missed = new Set<PlayerId>();
  const intended = new Map<PlayerId, string>();
  const acts = new Map<PlayerId, TrustAct>();
  const sats = new Map<PlayerId, number>();
  let replications = 0;
  let seen: Record<string, unknown> = {};
  for (const e of events) {
    const d = e.data ?? {};
    const player = str(d.player);
    if (e.type === 'missed' && player) missed.add(player);
    else if (e.type === 'noise' && player) intended.set(player, str(d.intended) ?? 'DO_NOTHING');
    else if (e.type === 'spawned') replications++;
    else if (e.type === 'match_over' && d.kind === 'replicate' && Array.isArray(d.winners)) replications += d.winners.length;
    else if (e.type === 'round') {
      if (isRecord(d.acts)) seen = d.acts;
      if (isRecord(d.sats)) for (const [id, v] of Object.entries(d.sats)) if (typeof v === 'number') sats.set(id, v);
    }
  }
  for (const [unit, raw] of Object.entries(seen)) {
    if (!isRecord(raw)) continue;
    const action = str(raw.action) ?? 'DO_NOTHING';
    const wasMiss = missed.has(unit) && action === 'ATTACK';
    acts.set(unit, { unit, seen: action, target: str(raw.target), chose: wasMiss ? 'HIGH_FIVE' : (intended.get(unit) ?? action), missed: wasMiss });
  }
  return { round, acts, sats, replications };
}

/** Whether `by` attacked `on` on purpose in this round (an ATTACK that resolved; a missed high five is no attack). */
export function attacked(round: TrustRound | undefined, by: PlayerId, on: PlayerId): boolean {
  const act = round?.acts.get(by);
  return act !== undefined && act.seen === 'ATTACK' && !act.missed && act.target === on;
}

/** The round record of round `t` (1-based). */
export function roundOf(h: TrustHistory, t: number): TrustRound | undefined {
  return h.rounds[t - 1];
}
