import { alwaysCooperate } from './alwaysCooperate.ts';
import { alwaysDefect } from './alwaysDefect.ts';
import { pavlov } from './pavlov.ts';
import { alias } from './strategyKit.ts';
import { titForTat } from './titForTat.ts';
import { titForTwoTats } from './titForTwoTats.ts';

/**
 * Nicky Case's names (The Evolution of Trust, 2017) for the classics his game
 * plays, each the same rule as its Axelrod name, with Case's own words. His
 * Grudger, Random and Detective go by their own names already.
 */
export const caseAliases = [
  alias(titForTat, 'copycat', 'Copycat: "I start with Cooperate, and afterwards, I just copy whatever you did in the last round."'),
  alias(titForTwoTats, 'copykitten', 'Copykitten: like Copycat, but cheats back only after being cheated twice in a row.'),
  alias(alwaysDefect, 'cheater', 'Always Cheat: "the strong shall eat the weak".'),
  alias(alwaysCooperate, 'cooperator', 'Always Cooperate: "let\'s be best friends!"'),
  alias(pavlov, 'simpleton', 'Simpleton: starts with Cooperate; if you cooperate, repeats its last move, even if it was a mistake; if you cheat, does the opposite.'),
] as const;
