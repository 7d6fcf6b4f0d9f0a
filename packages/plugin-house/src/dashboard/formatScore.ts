/** Café's tokens: always two decimals, thousands grouped (1,450.00), so a column of banks lines up. */
export function tokensText(tokens: number): string {
  return tokens.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A score as its game counts it: Café's tokens with two decimals; other whole numbers as they are, anything else to two decimals. */
export function formatScore(game: string, score: number): string {
  if (game === 'cafe') return tokensText(score);
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}
