import type { TrustView } from './trustTypes.ts';

/** A probability as the rules text says it: 0.15 is "15%". */
export const percent = (p: number): string => `${Math.round(p * 10_000) / 100}%`;

/** What happens to a beg nobody answers in time, by the `observer` policy (answerBeg.ts). */
const UNANSWERED: Record<TrustView['rules']['observer'], string> = {
  decline: 'is declined',
  grant: 'is granted in full',
  wary: 'is granted with chance 1/(1 + its unit\'s earlier begs)',
};

/**
 * Trust's rules of one match in words, a line each: the room hears them as
 * the match begins (from the config) and a model reads them atop its prompt
 * (from the view's rules), so both state every setting the engine plays by.
 */
export function trustRulesText(r: TrustView['rules'], maxRounds: number): string[] {
  const replicate = r.replicate === 'win' ? 'wins the match' : 'gives your team a 25-sat unit';
  const lines = [
    `Trust, run by The House. Each round every unit moves at once. HIGH_FIVE both ways: +3 each; unanswered: -2. ATTACK takes 4 from its target, but against a BLOCK the attacker loses 3 and the blocker gains 2. BLOCK costs 1. DO_NOTHING: the 3rd in a row and later cost 3 each. BEG costs 1 and asks the observer for 1..${r.begMax} sats (give a reason); a beg the observer leaves unanswered ${UNANSWERED[r.observer]}.`,
    `A HIGH_FIVE misses ${percent(r.missChance)} of the time and lands as an ATTACK.${r.noise > 0 ? ` Noise: a move fails as DO_NOTHING ${percent(r.noise)} of the time.` : ''} REPLICATE with ${r.replicateAt}+ sats at the round's start costs ${r.replicateCost} and ${replicate}. Units start with ${r.startSats} sats; at 0 sats a unit is out; after ${maxRounds} rounds the richest team wins.`,
  ];
  if (r.shocks.chance > 0) {
    const synergy = r.shocks.synergy > 0 ? `; in a loss, units with ${r.shocks.streak}+ matched high fives in a row get ${r.shocks.synergy} back` : '';
    lines.push(`Shocks: each round, with chance ${percent(r.shocks.chance)}, every living unit gains or loses the same 1..${r.shocks.size} sats${synergy}.`);
  }
  if (r.alliances) lines.push('Alliances: add "ally" to propose one (or accept one proposed to you), "leave" to end one, "share" to give an ally sats; allies cannot attack each other (a missed high five still lands as an attack).');
  return lines;
}

/** The observer policy a rules text names, back. */
export function readObserver(text: string): TrustView['rules']['observer'] {
  for (const [policy, words] of Object.entries(UNANSWERED)) if (text.includes(`unanswered ${words}.`)) return policy as TrustView['rules']['observer'];
  return 'decline';
}
