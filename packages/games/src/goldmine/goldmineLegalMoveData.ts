import type { FieldSchema, LegalMoveData, MoveTemplate } from '../engine/legalMoveData.ts';
import type { PlayerId } from '../engine/types.ts';
import { TALK_MAX } from './goldmineConfig.ts';
import type { GoldmineState } from './goldmineTypes.ts';

const onPlot = (type: string, plots: readonly number[], note: string, more: Record<string, FieldSchema> = {}): MoveTemplate => ({
  move: type,
  is: { type },
  fields: { plot: { type: 'integer', enum: plots }, ...more },
  required: ['plot', ...Object.keys(more)],
  note,
});

/**
 * Gold mining's legal moves as data (the same moves as `goldmineLegalMoves`):
 * an ordered list of actions in `actions`, each on a plot it may target now,
 * and the `talk` line when the match has it. Repeats and the actions past
 * the round's stamina are dropped from the end of the list.
 */
export function goldmineLegalMoveData(state: GoldmineState, player: PlayerId): LegalMoveData {
  const me = state.players.indexOf(player);
  if (me < 0 || state.over) return { moves: [], fields: {}, required: [] };
  const mine: number[] = [];
  const free: number[] = [];
  const others: number[] = [];
  state.owner.forEach((o, p) => (o === me ? mine : o === -1 ? free : others).push(p));
  const moves: MoveTemplate[] = [];
  if (free.length) moves.push(onPlot('claim', free, '1 stamina: an unowned plot'));
  if (others.length) moves.push(onPlot('raid', others, "1 stamina: another player's plot"));
  if (mine.length) moves.push(onPlot('defend', mine, '1 stamina: a plot you own'), onPlot('mine', mine, 'k stamina: a plot you own', { k: { type: 'integer', minimum: 0, maximum: state.config.cap } }));
  const fields: Record<string, FieldSchema> = state.config.talk ? { talk: { type: 'string', maxLength: TALK_MAX } } : {};
  return { list: { field: 'actions' }, moves, fields, required: ['actions'], notes: [`the actions' total cost is at most ${state.staminaOf[me]} stamina; actions past it are dropped from the end of the list, and so are repeats`] };
}
