import type { PlayerId } from '../engine/types.ts';
import { TALK_MAX } from './goldmineConfig.ts';
import type { GoldmineState } from './goldmineTypes.ts';

/** `0-3,7,9-10`: a sorted plot list in ranges, to keep prompts and messages short. */
export function plotRanges(plots: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < plots.length; i++) {
    let j = i;
    while (j + 1 < plots.length && plots[j + 1] === plots[j]! + 1) j++;
    parts.push(j > i ? `${plots[i]}-${plots[j]}` : `${plots[i]}`);
    i = j;
  }
  return parts.join(',');
}

/** The moves a player may make this round, in words, with the plots each may target. */
export function goldmineLegalMoves(state: GoldmineState, player: PlayerId): string[] {
  const me = state.players.indexOf(player);
  if (me < 0 || state.over) return [];
  const mine: number[] = [];
  const free: number[] = [];
  const others: number[] = [];
  state.owner.forEach((o, p) => (o === me ? mine : o === -1 ? free : others).push(p));
  const stamina = state.staminaOf[me]!;
  const { cap } = state.config;
  const moves: string[] = [];
  if (free.length) moves.push(`claim (1 stamina) an unowned plot: ${plotRanges(free)}`);
  if (others.length) moves.push(`raid (1 stamina) a plot another player owns: ${plotRanges(others)}`);
  if (mine.length) {
    moves.push(`defend (1 stamina) a plot you own: ${plotRanges(mine)}`);
    moves.push(`mine k = 0..${cap} (k stamina) on a plot you own: ${plotRanges(mine)}`);
  }
  moves.push(`total cost at most ${stamina}; actions past the budget are dropped from the end of the list`);
  if (state.config.talk) moves.push(`talk: one public line of at most ${TALK_MAX} characters (optional, free), shown to everyone next round`);
  return moves;
}
