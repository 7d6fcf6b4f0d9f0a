import type { CafeMove } from '../cafeDecision.ts';
import type { CafeView, CafeViewPlayer } from '../cafeTypes.ts';

/** Level at or below which a player counts as in crisis for the archetypes (spec: "crisis level (-3 or worse)"). */
export const CRISIS_LEVEL = -3;

export function others(view: CafeView): CafeViewPlayer[] {
  return view.players.filter((p) => p.id !== view.you);
}

/** Living others in crisis, most desperate first (lowest level, then poorest, then seat). */
export function inCrisis(view: CafeView, level = CRISIS_LEVEL): CafeViewPlayer[] {
  return others(view)
    .filter((p) => p.alive && p.level <= level)
    .sort((a, b) => a.level - b.level || a.tokens - b.tokens);
}

/** A self-rescue when the level is at or below `at` and the bank covers it. */
export function rescueIfNeeded(view: CafeView, at: number, market: CafeMove[], spare = 0): number {
  if (view.level <= at && view.level < view.costs.maxLevel && view.tokens >= view.costs.rescue) {
    market.push({ type: 'rescue' });
    return view.tokens - view.costs.rescue - spare;
  }
  return view.tokens - spare;
}

/** Whole tokens, rounded down, so offers and gifts never exceed what is there. */
export function wholeTokens(amount: number): number {
  return Math.max(0, Math.floor(amount));
}
