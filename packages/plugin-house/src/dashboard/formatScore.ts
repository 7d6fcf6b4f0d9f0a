import { gameById } from '@the-house/games/registry.ts';

/** Café's tokens: always two decimals, thousands grouped (1,450.00), so a column of banks lines up. */
export function tokensText(tokens: number): string {
  return tokens.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A score as its game counts it: with the game's decimals (Café's tokens two, grouped); other whole numbers as they are, anything else to two decimals. */
export function formatScore(game: string, score: number): string {
  if (gameById(game)?.presentation.scoreDecimals === 2) return tokensText(score);
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}
