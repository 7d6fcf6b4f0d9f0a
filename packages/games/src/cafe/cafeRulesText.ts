import type { CafeConfig } from './cafeConfig.ts';
import type { CafeView } from './cafeTypes.ts';
import { formatRate } from './cents.ts';

/** The settings a player is told, as its view carries them. */
export type CafeRules = Pick<CafeView, 'rounds' | 'costs' | 'economy'>;

/** A config's rules as its players' views carry them. */
export function cafeRulesOf(cfg: CafeConfig): CafeRules {
  return {
    rounds: cfg.rounds,
    costs: { rescue: cfg.rescueCost, resurrect: cfg.resurrectCost, rescueLevels: cfg.rescueLevels, minLevel: cfg.minLevel, maxLevel: cfg.maxLevel },
    economy: { interestRate: cfg.interestRate, bestAward: cfg.bestAward, survivalBonus: cfg.survivalBonus, groupBonus: cfg.groupBonus, resurrectLevel: cfg.resurrectLevel, startTokens: cfg.startTokens },
  };
}

/**
 * Café's rules of one match in words, a line each: the room hears them as the
 * match begins (from the config) and a model reads them atop its prompt (from
 * the view), so both state every setting the engine plays by.
 */
export function cafeRulesText(r: CafeRules): string[] {
  const { costs: c, economy: e } = r;
  return [
    `Café, run by The House; ${r.rounds} rounds. Each round: ${formatRate(e.interestRate)} interest on living banks; loans due are repaid (amount x (1 + rate)) or default; the MARKET (your moves; a loan offer can be taken from the next round); everyone answers the challenge; the judge names a best (+1 level, +${e.bestAward} tokens) and a worst (-1 level; no answer is worst); survivors get +${e.survivalBonus}, and +${e.groupBonus} more if nobody is out.`,
    `Banks start at ${e.startTokens} tokens. Levels ${c.minLevel}..+${c.maxLevel}; below ${c.minLevel} you are out (bank frozen). Rescue: ${c.rescue} tokens, +${c.rescueLevels} levels. Resurrect: ${c.resurrect} tokens, back at level ${e.resurrectLevel}. End: all alive, all win; else the last survivor, or the richest.`,
  ];
}
