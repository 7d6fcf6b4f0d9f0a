/** What a game's score counts, for column headers and axis titles. */
export function scoreUnit(game: string): string {
  return ({ trust: 'sats', goldmine: 'gold', cafe: 'tokens' } as Record<string, string>)[game] ?? 'score';
}
