/** What the House tells a match's owner, in one line each, when its storage fails or comes back. */

/** A damaged row was rebuilt: nothing was lost. `from`: the match's running files or its signed match file. */
export function rebuiltText(id: string, damage: string, from: 'running files' | 'match file'): string {
  return `Match ${id} was damaged in the House's database (${damage}); it was rebuilt from its ${from} and nothing was lost.`;
}

/** A damaged match could not be rebuilt: what is intact of it is still shown. */
export function damagedText(id: string, damage: string, rounds: number, page: string): string {
  const kept = rounds > 0 ? `its first ${rounds} round${rounds === 1 ? '' : 's'} are still shown at ${page}` : `what is left of it is shown at ${page}`;
  return `Match ${id} is damaged in the House's database and could not be rebuilt (${damage}); ${kept}.`;
}

/** The database refused a save: the match waits, and goes on by itself once the database answers again. */
export function databasePausedText(id: string): string {
  return `Match ${id} is paused: the House's database refused to save it. It goes on by itself once the database answers again (or try !resume ${id}).`;
}

/** The database answers again: the match goes on where it was saved. */
export function databaseBackText(id: string, round: number): string {
  return `The House's database answers again: match ${id} goes on at round ${round}.`;
}
