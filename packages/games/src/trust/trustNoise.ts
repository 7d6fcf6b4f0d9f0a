import { Rng } from '../engine/rng.ts';
import type { PlayerId } from '../engine/types.ts';
import type { TrustState } from './trustTypes.ts';
import { validateTrustDecision } from './validateTrustDecision.ts';
import { ownValue } from '../engine/safeKey.ts';

/**
 * Whether noise (RULES Trust 8) turns `unit`'s intended action into DO_NOTHING
 * in the state's round. The draw has a stream of its own (seed, round, 'noise',
 * unit), so it is known before the round is played: the House asks the
 * observer only about the BEGs that will happen.
 */
export function noiseStrikes(state: Pick<TrustState, 'seed' | 'round' | 'config'>, unit: PlayerId): boolean {
  return Rng.derivedChance(state.config.noise, state.seed, state.round, 'noise', unit);
}

export interface Beg {
  player: PlayerId;
  amount: number;
  reason: string;
}

/** The BEGs this round's decisions make happen: legal ones that noise does not turn into DO_NOTHING, in board order. */
export function begsThisRound(state: TrustState, decisions: Record<PlayerId, unknown>): Beg[] {
  const begs: Beg[] = [];
  for (const unit of state.units) {
    const raw = ownValue(decisions, unit.id);
    if (!unit.alive || raw === undefined) continue;
    const checked = validateTrustDecision(state, unit.id, raw);
    if (!checked.ok || checked.decision.action !== 'BEG' || noiseStrikes(state, unit.id)) continue;
    begs.push({ player: unit.id, amount: checked.decision.amount, reason: checked.decision.reason });
  }
  return begs;
}
