import type { PlayerId } from '../../engine/types.ts';
import type { TrustAction, TrustDecision } from '../trustDecision.ts';
import type { SeenAct, SeenRound, TrustView } from '../trustTypes.ts';
import { ownValue } from '../../engine/safeKey.ts';

/**
 * Shared reading of a view for the baseline strategies. "Cooperate" is HIGH_FIVE
 * and "cheat" is ATTACK; an opponent's move counts only when it was aimed at
 * me, so with several opponents each one is answered for what it did to me.
 */

const untargeted = new Map<TrustAction, TrustDecision>();
const targeted = new Map<TrustAction, Map<PlayerId, TrustDecision>>();

/**
 * A decision without a BEG's free text. The same move is handed out as one
 * frozen object, so the validator checks its shape once (see validateTrustDecision).
 */
export function move(action: Exclude<TrustAction, 'BEG'>, target?: PlayerId): TrustDecision {
  if (target === undefined || (action !== 'HIGH_FIVE' && action !== 'ATTACK')) {
    let decision = untargeted.get(action);
    if (!decision) untargeted.set(action, (decision = Object.freeze({ action }) as TrustDecision));
    return decision;
  }
  let byTarget = targeted.get(action);
  if (!byTarget) targeted.set(action, (byTarget = new Map()));
  let decision = byTarget.get(target);
  if (!decision) {
    if (byTarget.size > 10_000) byTarget.clear();
    byTarget.set(target, (decision = Object.freeze({ action, target }) as TrustDecision));
  }
  return decision;
}

/** The n-th most recent round I remember (1 = last round). */
export function roundsAgo(view: TrustView, n: number): SeenRound | undefined {
  return view.history[view.history.length - n];
}

/** What `id` did in a remembered round, as this player saw it (ids never reach the prototype). */
export function actOf(round: SeenRound | undefined, id: PlayerId): SeenAct | undefined {
  return round ? ownValue(round.acts, id) : undefined;
}

export function attackedMe(round: SeenRound | undefined, me: PlayerId, opponent: PlayerId): boolean {
  const act = actOf(round, opponent);
  return act?.action === 'ATTACK' && act.target === me;
}

export function highFivedMe(round: SeenRound | undefined, me: PlayerId, opponent: PlayerId): boolean {
  const act = actOf(round, opponent);
  return act?.action === 'HIGH_FIVE' && act.target === me;
}

/** Living opponents who attacked me in the round n rounds ago. */
export function attackersAgo(view: TrustView, n = 1): PlayerId[] {
  const round = roundsAgo(view, n);
  return view.opponents.filter((o) => attackedMe(round, view.you, o));
}

/** Opponents I may attack: every living unit of another team, less my allies' (house rule `alliances`). */
export function hostile(view: TrustView): readonly PlayerId[] {
  if (view.allies.length === 0) return view.opponents;
  const teamOf = new Map(view.units.map((u) => [u.id, u.team]));
  return view.opponents.filter((o) => !view.allies.includes(teamOf.get(o) ?? o));
}

/** The opponent to deal with this round when nobody stands out: turns go round the table (allies skipped while others are left). */
export function focus(view: TrustView): PlayerId {
  const pool = hostile(view).length ? hostile(view) : view.opponents;
  return pool[(view.round - 1) % pool.length]!;
}

/** Whether the alliance house rule is in play for this view (on, with 3 or more players). */
export function alliancesInPlay(view: TrustView): boolean {
  return view.rules.alliances && view.units.filter((u) => u.id === u.team).length >= 3;
}

/**
 * The alliance move a strategy adds to its action (house rule `alliances`):
 * accept an open offer from a team it trusts, else offer an alliance to the
 * first trusted team it is not allied with and has not asked yet. `trusts`
 * gets a team id; null when there is nothing to add.
 */
export function allianceMove(view: TrustView, trusts: (team: PlayerId) => boolean): PlayerId | null {
  if (!alliancesInPlay(view)) return null;
  const myTeam = view.team;
  const living = new Set(view.units.filter((u) => u.alive && u.team !== myTeam).map((u) => u.team));
  const offer = view.offers.find((o) => o.to === myTeam && living.has(o.from) && !view.allies.includes(o.from) && trusts(o.from));
  if (offer) return offer.from;
  for (const team of living) {
    if (view.allies.includes(team) || view.offers.some((o) => o.from === myTeam && o.to === team) || !trusts(team)) continue;
    return team;
  }
  return null;
}

/** A move with the alliance part added, when there is one. */
export function withAlly(decision: TrustDecision, ally: PlayerId | null): TrustDecision {
  return ally === null ? decision : { ...decision, ally };
}

/** Extra sats a careful strategy keeps against shocks (house rule `shocks`): the largest shock, while they can happen. */
export function shockReserve(view: TrustView): number {
  return view.rules.shocks.chance > 0 ? view.rules.shocks.size : 0;
}

/** Partner for a high five: someone who high-fived me last round, else the one whose turn it is. */
export function friend(view: TrustView): PlayerId {
  const last = roundsAgo(view, 1);
  return view.opponents.find((o) => highFivedMe(last, view.you, o)) ?? focus(view);
}

/** My own move n rounds ago, as I remember it (a missed high five is still a high five to me). */
export function myMove(view: TrustView, n = 1): TrustAction | undefined {
  return actOf(roundsAgo(view, n), view.you)?.action;
}

/**
 * What every strategy does before its own logic: take the win when REPLICATE is
 * legal, and, alone on the board (spec 5.2: the survivor plays on), avoid the
 * idleness penalty. Returns null when the strategy should decide.
 */
export function obvious(view: TrustView): TrustDecision | null {
  if (view.canReplicate) return move('REPLICATE');
  if (view.opponents.length === 0) return move(view.idle >= 2 ? 'BLOCK' : 'DO_NOTHING');
  return null;
}

/** Rounds since my last BEG (Infinity if never). */
export function roundsSinceBeg(view: TrustView): number {
  for (let n = 1; n <= view.history.length; n++) if (actOf(roundsAgo(view, n), view.you)?.action === 'BEG') return n;
  return Infinity;
}
