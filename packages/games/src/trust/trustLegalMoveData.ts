import type { FieldSchema, LegalMoveData, MoveTemplate } from '../engine/legalMoveData.ts';
import type { PlayerId } from '../engine/types.ts';
import { MAX_SHARE } from './trustDecision.ts';
import type { TrustState, TrustUnit } from './trustTypes.ts';
import { allied, alliesOf, findUnit, impliedTarget, targetsOf, teamHolder } from './trustUnits.ts';

const reason: FieldSchema = { type: 'string' };
const move = (action: string, fields: Record<string, FieldSchema> = {}, required: string[] = [], note?: string): MoveTemplate => ({
  move: action,
  is: { action },
  fields: { reason, ...fields },
  required,
  ...(note ? { note } : {}),
});

/** The alliance fields any move may carry (house rule `alliances`, 3 or more players): whom it may ally with, leave, or share with now. */
function allianceFields(state: TrustState, unit: TrustUnit): Record<string, FieldSchema> {
  if (!state.config.alliances || state.players.length < 3) return {};
  const allies = alliesOf(state, unit.team);
  const open = state.units.filter((u) => u.id === u.team && u.team !== unit.team && teamHolder(state, u.team) && !allied(state, unit.team, u.team)).map((u) => u.id);
  const out: Record<string, FieldSchema> = {};
  if (open.length) out.ally = { type: 'string', enum: open };
  if (allies.length) out.leave = { type: 'string', enum: allies };
  if (allies.length && unit.sats > 1) {
    out.share = { type: 'object', properties: { to: { type: 'string', enum: allies }, amount: { type: 'integer', minimum: 1, maximum: Math.min(MAX_SHARE, unit.sats - 1) } }, required: ['to', 'amount'], additionalProperties: false };
  }
  return out;
}

/** Trust's legal moves as data: one action a round, with its target or amount, and the alliance fields beside it. */
export function trustLegalMoveData(state: TrustState, player: PlayerId): LegalMoveData {
  const unit = findUnit(state, player);
  if (!unit || !unit.alive || state.result.over) return { moves: [], fields: {}, required: [] };
  const targets = targetsOf(state, player);
  const hittable = targets.filter((t) => !state.alliances.pairs.length || !allied(state, unit.team, findUnit(state, t)!.team));
  const required = impliedTarget(state, player) === null ? ['target'] : [];
  const moves: MoveTemplate[] = [];
  if (targets.length) moves.push(move('HIGH_FIVE', { target: { type: 'string', enum: targets } }, required));
  if (hittable.length) moves.push(move('ATTACK', { target: { type: 'string', enum: hittable } }, required));
  moves.push(move('BLOCK'), move('DO_NOTHING'), move('BEG', { amount: { type: 'integer', minimum: 1, maximum: state.config.begMax }, reason: { type: 'string', minLength: 1 } }, ['amount', 'reason']));
  if (unit.sats >= state.config.replicateAt) moves.push(move('REPLICATE', {}, [], `costs ${state.config.replicateCost} sats`));
  return { moves, fields: allianceFields(state, unit), required: [] };
}
