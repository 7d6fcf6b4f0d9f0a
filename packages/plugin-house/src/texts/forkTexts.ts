import type { ForkOrigin } from '../types.ts';

export const FORK_RESULT_NOTE = 'not rated: its first phases are its parent’s play';

/** A fork's first line in its room, in place of "begins": where it comes from and who plays what its parent's players did not. */
export function forkBeginsText(title: string, players: readonly string[], fork: ForkOrigin, round: number): string {
  const swaps = fork.swaps.length ? ` Now playing: ${fork.swaps.map((s) => `${s.seat} by ${s.by}`).join(', ')}; the other seats as before.` : ' Every seat is played as before.';
  const reseed = fork.reseeded.find((r) => r.phase === fork.parent.phase);
  return `${title} plays on from round ${round}: a fork of ${fork.parent.match} after its phase ${fork.parent.phase} (${players.join(', ')}).${swaps}${reseed ? ` Its chances are drawn anew from seed ${reseed.seed}.` : ''} It is ${FORK_RESULT_NOTE}.`;
}

/** `!fork`'s answer begins so, before the started line `!play` gives. */
export function forkOpenedText(parent: string, phase: number, round: number): string {
  return `Forked ${parent} after its phase ${phase}: it plays on from round ${round}.`;
}

export const forkWhichText = 'Which match? `!fork MATCH --phase N` forks a finished or stopped match (its id, or its first characters, as `!status` shows it).';

export function forkStillOpenText(id: string, status: string): string {
  return `Match ${id} is ${status}: a match is forked once it has finished or stopped.`;
}

export const forkNoFilesText = 'This House keeps no match files (HOUSE_MATCH_DIR is not set): a fork is made from a match’s signed file.';

export function forkRefusedText(id: string, why: string): string {
  return `Match ${id} cannot be forked: ${why}.`;
}

export function forkSeatUnknownText(seat: string, players: readonly string[]): string {
  return `'${seat.slice(0, 40)}' is not a seat of the match; its seats are ${players.join(', ')}`;
}

/** A seat that cannot play on as it played: whose it was, and how to name who plays it. */
export function forkSeatNeededText(seat: string, was: string): string {
  return `seat ${seat} was played by ${was}: name who plays it now with \`--seat ${seat}=me\`, \`--seat ${seat}=bot:STRATEGY\` or an entrant`;
}

export function forkAgentSeatText(seat: string, agent: string): string {
  return `${agent} is a player agent: it plays only its own seat, not ${seat}'s; a seat may be given to \`me\`, \`bot:STRATEGY\` or an entrant`;
}

export const forkTwoMeText = '`me` may take one seat of a fork';
