import type { FieldSchema, LegalMoveData, MoveTemplate } from '../engine/legalMoveData.ts';
import type { PlayerId } from '../engine/types.ts';
import { MAX_REASON, MOVES } from './matrixDecision.ts';
import { opponentsOf } from './matrixOpponents.ts';
import type { MatrixState } from './matrixTypes.ts';
import { moveWords } from './matrixWords.ts';
import { presetOf } from './matrixConfig.ts';

/** A move per opponent: all of them named (`every`), or those the decision's `action` leaves to it. */
const perOpponent = (opponents: readonly PlayerId[], every: boolean): FieldSchema => ({
  type: 'object',
  properties: Object.fromEntries(opponents.map((id) => [id, { type: 'string', enum: MOVES }])),
  ...(every ? { required: opponents } : {}),
  additionalProperties: false,
});

/**
 * A Matrix game's legal moves as data: C or D against every opponent of the
 * round (`{"action": "C"}`), with `moves` for those it plays otherwise, or a
 * move per opponent (`{"moves": {...}}`); a rationale may ride along.
 */
export function matrixLegalMoveData(state: MatrixState, player: PlayerId): LegalMoveData {
  const opponents = state.result.over ? [] : opponentsOf(state, player).map((o) => o.id);
  if (opponents.length === 0) return { moves: [], fields: {}, required: [] };
  const words = moveWords(presetOf(state.config));
  const against = (m: 'C' | 'D'): MoveTemplate => ({ move: m, is: { action: m }, fields: { moves: perOpponent(opponents, false) }, required: [], note: `${words[m]} against every opponent "moves" leaves out` });
  const each: MoveTemplate = { move: 'moves', is: {}, fields: { moves: perOpponent(opponents, true) }, required: ['moves'], note: 'a move against each opponent of the round' };
  return { moves: [against('C'), against('D'), each], fields: { reason: { type: 'string', maxLength: MAX_REASON } }, required: [] };
}
