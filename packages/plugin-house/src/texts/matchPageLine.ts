/** Every how many rounds a round's post in the room points to the match page (a GUI room shows its last 30 messages; a late watcher finds the start there). */
export const PAGE_LINK_EVERY = 10;

/** The match page at a round (`#round=N`, which the page opens at), as the last line of a round's post. */
export function matchPageLine(publicUrl: string, id: string, round: number): string {
  return `Every round so far, on the match page: ${publicUrl}/house/matches/${encodeURIComponent(id)}#round=${round}`;
}

/** The last line of a match's first post in its room: where a watcher follows it round by round. */
export function matchPageStartLine(publicUrl: string, id: string): string {
  return `Follow it round by round on its page: ${publicUrl}/house/matches/${encodeURIComponent(id)}`;
}
