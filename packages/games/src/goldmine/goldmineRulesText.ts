import { HISTORY_K, TALK_MAX } from './goldmineConfig.ts';
import { seatLetter } from './goldminePrompt.ts';
import type { GoldmineState, GoldmineView } from './goldmineTypes.ts';

/**
 * The settings of a match as its players are told them (a view's fields, with
 * setup's seeded draws: each seat's stamina, each plot's yield), the number of
 * seats, and the reader's seat (null for the room, which is told no seat of its own).
 */
export type GoldmineRules = Pick<GoldmineView, 'rounds' | 'size' | 'stamina' | 'staminaOf' | 'cap' | 'alpha' | 'plotAlpha' | 'truce' | 'defense' | 'history' | 'talk' | 'authority'> & {
  seats: number;
  me: number | null;
};

/** A match's rules from its state, as the room reads them (goldmineView gives a player the same). */
export function goldmineRulesOf(state: GoldmineState): GoldmineRules {
  const c = state.config;
  const staminaOf = state.staminaOf;
  return {
    rounds: c.rounds,
    size: c.size,
    stamina: staminaOf[0] ?? 0,
    staminaOf: staminaOf.some((s) => s !== staminaOf[0]) ? staminaOf : null,
    cap: c.cap,
    alpha: c.alpha,
    plotAlpha: state.alphaOf,
    truce: c.truce,
    defense: c.defense,
    history: c.history,
    talk: c.talk,
    authority: c.authority > 0 ? { tenure: c.authority, fine: c.authorityFine } : null,
    seats: state.players.length,
    me: null,
  };
}

/** What the match's `history` shows a model (RULES G-f, as views do: G-d), in the rules' words. */
export const HISTORY_WORDS: Record<Exclude<GoldmineView['history'], 'none'>, string> = { last: 'the last round', k5: `the last ${HISTORY_K} rounds`, full: 'every round so far' };
export const NO_HISTORY = 'History: none; you see the map only.';

/** Plot yields as map rows when they fall in the three bands (`-` half, `o` plain, `+` one and a half), else the exceptions. */
function alphaLines(r: GoldmineRules): string[] {
  const alphas = r.plotAlpha;
  if (!alphas) return [];
  const codes = new Map([
    [0.5 * r.alpha, '-'],
    [r.alpha, 'o'],
    [1.5 * r.alpha, '+'],
  ]);
  if (alphas.every((a) => codes.has(a))) {
    const rows: string[] = [];
    for (let row = 0; row < r.size; row++) rows.push(`y${row} ${alphas.slice(row * r.size, (row + 1) * r.size).map((a) => codes.get(a)).join('')}`);
    return [`Plot yields (gold per mined stamina): - ${0.5 * r.alpha}, o ${r.alpha}, + ${1.5 * r.alpha}:`, ...rows];
  }
  return [`Plot yields: ${r.alpha} gold per mined stamina, except ${alphas.flatMap((a, p) => (a === r.alpha ? [] : [`${p}=${a}`])).join(' ')}.`];
}

/**
 * Gold mining's rules of one match in words, a line each: the room hears them
 * as the match begins (from its state) and a model reads them atop its prompt
 * (from the view, naming its seat and its own stamina), so both state every
 * setting the engine plays by.
 */
export function goldmineRulesText(r: GoldmineRules): string[] {
  const defense = r.defense === 'all' ? 'defended plots hold' : 'each defense stops one raider (lowest id first)';
  const truce =
    r.truce > 1
      ? `A claimed plot cannot be raided for ${r.truce} rounds counting its claim round; a plot gained this round can be mined from the next.`
      : r.truce === 1
        ? 'A plot gained this round can be mined, and a claimed one raided, from the next round.'
        : 'A claimed plot can be raided at once; a plot gained this round can be mined from the next.';
  const byPlayer = r.staminaOf ? ` (by player: ${r.staminaOf.map((s, i) => `${seatLetter(i)} ${s}`).join(', ')})` : '';
  const stamina = r.staminaOf && r.me === null ? 'Stamina' : `${r.stamina} stamina`;
  const lines = [
    `Gold mining, run by The House: ${r.rounds} rounds, players ${seatLetter(0)}-${seatLetter(r.seats - 1)}${r.me === null ? '' : `, you are ${seatLetter(r.me)}`}; map ${r.size}x${r.size}, plot = row*${r.size} + column.`,
    `${stamina} a round, unused lost${byPlayer}. Actions in priority order (cost): claim an unowned plot (1), raid another's (1), defend yours (1), mine yours k = 0..${r.cap} (k; ${r.plotAlpha ? "the plot's yield in" : r.alpha} gold per unit if you keep the plot). Illegal or repeated actions are dropped, then the last ones until the cost fits. Claims resolve, then raids: ${defense}, undefended ones go to the raider (ties: seeded draw). ${truce} Most gold wins.`,
  ];
  if (r.authority) lines.push(`Authority: a plot raided from a holder of ${r.authority.tenure}+ rounds goes back to it, and each of its raiders is fined ${r.authority.fine} gold.`);
  lines.push(...alphaLines(r));
  if (r.talk) lines.push(`Talk: "talk" is one public line (at most ${TALK_MAX} characters), shown to everyone next round; it binds no one.`);
  lines.push(r.history === 'none' ? NO_HISTORY : `History: ${HISTORY_WORDS[r.history]}, a line each: claims plot:claimants>winner; raids plot:raiders>taker or blocked/truce/returned (plot(X): your plot); defended plots.`);
  return lines;
}
