/** Every how many rounds a round's post in the room points to the match page (a GUI room shows its last 30 messages; a late watcher finds the start there). */
export const PAGE_LINK_EVERY = 10;

/**
 * A link to a page of this host in a web GUI post: relative, so it opens on the
 * address the person reached the GUI by (the GUI asks "Open external link?"
 * and opens it in a new tab, as it does for every link).
 */
export function guiLink(path: string): string {
  return `[${path}](${path})`;
}

/** The match page at a round (`#round=N`, which the page opens at), as the last line of a round's post in the GUI's room. */
export function matchPageLine(id: string, round: number): string {
  return `Every round so far, on the match page: ${guiLink(`/house/matches/${encodeURIComponent(id)}#round=${round}`)}`;
}

/** The last line of a match's first post in its GUI room: where a watcher follows it round by round. */
export function matchPageStartLine(id: string): string {
  return `Follow it round by round on its page: ${guiLink(`/house/matches/${encodeURIComponent(id)}`)}`;
}
