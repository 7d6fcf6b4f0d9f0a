/**
 * A DM room's name, members first: the GUI cuts long names in *Groups*, and
 * what tells two rooms apart is who is in them; the match follows by its
 * title and the id's last part.
 */
export function dmRoomName(title: string, matchId: string, members: readonly string[]): string {
  const tail = matchId.split('-').at(-1) ?? matchId;
  return `DM ${[...members].sort().join(', ')} · ${title} ${tail}`;
}

/** The title of the direct chat the House opens for a person's seats when they have none with it. */
export function seatChatName(houseName: string): string {
  return `Your seats at ${houseName}`;
}
