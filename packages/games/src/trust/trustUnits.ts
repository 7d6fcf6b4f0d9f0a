import type { PlayerId } from '../engine/types.ts';
import type { TrustState, TrustUnit } from './trustTypes.ts';

export function findUnit(state: Pick<TrustState, 'units'>, id: PlayerId): TrustUnit | undefined {
  for (const u of state.units) if (u.id === id) return u;
  return undefined;
}

/** Every living unit a player may aim at (teammates included: the spec lets a team high-five itself). */
export function targetsOf(state: Pick<TrustState, 'units'>, player: PlayerId): PlayerId[] {
  const out: PlayerId[] = [];
  for (const u of state.units) if (u.alive && u.id !== player) out.push(u.id);
  return out;
}

/** Living units of other teams. */
export function opponentsOf(state: Pick<TrustState, 'units'>, player: PlayerId): PlayerId[] {
  const team = findUnit(state, player)?.team ?? player;
  const out: PlayerId[] = [];
  for (const u of state.units) if (u.alive && u.team !== team) out.push(u.id);
  return out;
}

/**
 * The target a HIGH_FIVE or ATTACK means when it names none: the only living
 * opponent, else the only other living unit; null when the choice is open.
 */
export function impliedTarget(state: Pick<TrustState, 'units'>, player: PlayerId): PlayerId | null {
  const opponents = opponentsOf(state, player);
  if (opponents.length === 1) return opponents[0]!;
  const targets = targetsOf(state, player);
  return targets.length === 1 ? targets[0]! : null;
}

/** Sats of each team's living units, in board order of the teams; teams with no living unit are left out. */
export function livingTeamSats(state: Pick<TrustState, 'units'>): Map<PlayerId, number> {
  const totals = new Map<PlayerId, number>();
  for (const u of state.units) if (u.alive) totals.set(u.team, (totals.get(u.team) ?? 0) + u.sats);
  return totals;
}

/** Whether two teams are allied (house rule `alliances`). */
export function allied(state: Pick<TrustState, 'alliances'>, a: PlayerId, b: PlayerId): boolean {
  for (const [x, y] of state.alliances.pairs) if ((x === a && y === b) || (x === b && y === a)) return true;
  return false;
}

/** The teams allied with `team`, in the order the alliances were made. */
export function alliesOf(state: Pick<TrustState, 'alliances'>, team: PlayerId): PlayerId[] {
  const out: PlayerId[] = [];
  for (const [x, y] of state.alliances.pairs) if (x === team) out.push(y);
  else if (y === team) out.push(x);
  return out;
}

/** The unit a team's shared sats go to: its original unit while alive, else its first living unit. */
export function teamHolder(state: Pick<TrustState, 'units'>, team: PlayerId): TrustUnit | undefined {
  let first: TrustUnit | undefined;
  for (const u of state.units) {
    if (!u.alive || u.team !== team) continue;
    if (u.id === team) return u;
    first ??= u;
  }
  return first;
}
