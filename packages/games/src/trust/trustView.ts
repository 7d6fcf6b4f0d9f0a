import type { PlayerId } from '../engine/types.ts';
import type { TrustConfig } from './trustConfig.ts';
import type { TrustState, TrustView } from './trustTypes.ts';
import { alliesOf, findUnit, impliedTarget, opponentsOf } from './trustUnits.ts';
import { ownValue } from '../engine/safeKey.ts';

const NONE: readonly string[] = [];

/**
 * What one player knows: the public scoreboard, its own memory of every round
 * (where its misses, noise, refusals and beg answers are its alone) and its
 * private notices from the last round. Another player's private facts never
 * appear: the memory entries other players share are the public ones.
 */
export function trustView(state: TrustState, player: PlayerId): TrustView {
  const unit = findUnit(state, player);
  const { config } = state;
  const alive = !!unit?.alive && !state.result.over;
  const opponents = opponentsOf(state, player);
  return {
    game: 'trust',
    you: player,
    team: unit?.team ?? player,
    round: state.round,
    maxRounds: config.maxRounds,
    sats: unit?.sats ?? 0,
    alive: !!unit?.alive,
    idle: unit?.idle ?? 0,
    canReplicate: alive && unit!.sats >= config.replicateAt,
    rules: rulesOf(config),
    units: state.units,
    opponents,
    // impliedTarget, from the opponents already found: one opponent, or one other unit at all.
    targetRequired: opponents.length !== 1 && impliedTarget(state, player) === null,
    history: ownValue(state.memory, player) ?? [],
    notices: ownValue(state.notices, player) ?? [],
    allies: state.alliances.pairs.length ? alliesOf(state, unit?.team ?? player) : NONE,
    offers: state.alliances.offers,
  };
}

const rulesCache = new WeakMap<TrustConfig, TrustView['rules']>();

/** The rules a player is told, built once per match config rather than per view. */
function rulesOf(config: TrustConfig): TrustView['rules'] {
  let rules = rulesCache.get(config);
  if (!rules) {
    const { startSats, observer, missChance, replicateAt, replicateCost, begMax, replicate, noise, shocks, alliances } = config;
    rules = { startSats, observer, missChance, replicateAt, replicateCost, begMax, replicate, noise, shocks, alliances };
    rulesCache.set(config, rules);
  }
  return rules;
}
