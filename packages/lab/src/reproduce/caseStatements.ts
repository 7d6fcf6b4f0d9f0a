/**
 * What Nicky Case's The Evolution of Trust (2017) says each experiment gives,
 * in his words (en/words.html of github.com/ncase/trust), for the report to
 * set beside our figures.
 */
export const CASE_SOURCE = 'Nicky Case, The Evolution of Trust (2017), ncase.me/trust; text from github.com/ncase/trust en/words.html, set-ups from js/slides and js/sims';

export const CASE_TOURNAMENT = 'And the winner is... COPYCAT!';

export const CASE_EVOLUTION = '...Copycat inherits the earth.';

/** Case's finding for a mistake rate (0..0.5), quoted from the "Making Mistaeks" chapter, with the strategy it names (null: nobody). */
export function caseOnMistakes(rate: number): { quote: string; winner: string | null } {
  if (rate === 0) return { quote: 'At 0%, the fair Copycat wins!', winner: 'copycat' };
  if (rate < 0.1) return { quote: 'At 1% to 9%, the forgiving Copykitten wins!', winner: 'copykitten' };
  if (rate < 0.5) return { quote: 'At 10% to 49%: the unfair, unforgiving Always Cheat wins.', winner: 'cheater' };
  return { quote: 'At 50%, nobody wins ever.', winner: null };
}
