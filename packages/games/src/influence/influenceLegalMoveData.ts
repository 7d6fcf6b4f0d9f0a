import type { FieldSchema, LegalMoveData, MoveTemplate } from '../engine/legalMoveData.ts';
import { ownValue } from '../engine/safeKey.ts';
import type { PlayerId } from '../engine/types.ts';
import { basePhase, legalPowerActions, living, twoLeft, whisperTurn } from './influenceQueries.ts';
import type { InfluenceState } from './influenceTypes.ts';

const NONE: LegalMoveData = { moves: [], fields: {}, required: [] };
const one = (ids: readonly PlayerId[]): FieldSchema => ({ type: 'string', enum: ids });
/** A phase whose decision is one move of these fields. */
const phase = (move: string, fields: Record<string, FieldSchema>, required: string[], note?: string): LegalMoveData => ({ moves: [{ move, is: {}, fields, required, ...(note ? { note } : {}) }], fields: {}, required: [] });

/** POWER: for each power the empowered may use now, the players it may use it on. */
function powerMoves(s: InfluenceState): MoveTemplate[] {
  const choices = legalPowerActions(s);
  return (['eliminate', 'protect'] as const).flatMap((action) => {
    const targets = choices.filter((c) => c.action === action).map((c) => c.target);
    if (targets.length === 0) return [];
    const power: FieldSchema = { type: 'object', properties: { action: { type: 'string', const: action }, target: one(targets) }, required: ['action', 'target'], additionalProperties: false };
    return [{ move: action, is: {}, fields: { power }, required: ['power'] }];
  });
}

/**
 * Influence's legal moves as data (the same as its legal moves in words):
 * what the phase asks of the player now. WHISPER: any number of DMs in
 * `whispers` (up to the DMs it has left), each to some of the living;
 * RUMOR: one public post; VOTE: whom to empower and (with three or more
 * left) to expose, and last words; POWER: the empowered's power on a target.
 */
export function influenceLegalMoveData(s: InfluenceState, player: PlayerId): LegalMoveData {
  if (!ownValue(s.alive, player)) return NONE;
  const others = living(s).filter((p) => p !== player);
  const text: FieldSchema = { type: 'string', maxLength: s.config.maxMessageLength };
  switch (basePhase(s.phase)) {
    case 'WHISPER': {
      const to: FieldSchema = { type: 'array', items: one(others), minItems: 1, maxItems: Math.min(s.config.maxDmRecipients, others.length), uniqueItems: true };
      const left = Math.max(0, s.config.maxWhispers - (ownValue(s.dmsSent, player) ?? 0));
      const whisper: MoveTemplate = { move: 'WHISPER', is: {}, fields: { to, text }, required: ['to', 'text'], note: `a DM; turn ${whisperTurn(s.phase)} of ${s.config.whisperTurns}: answer the DMs you received or write new ones` };
      return { list: { field: 'whispers', maxItems: left }, moves: [whisper], fields: {}, required: [] };
    }
    case 'RUMOR':
      return phase('RUMOR', { public: text }, ['public'], 'one public message, or img:<http(s) URL to a png/jpeg>');
    case 'VOTE': {
      const two = twoLeft(s);
      return phase('VOTE', { empower: one(others), ...(two ? {} : { expose: one(others) }), last: text }, two ? ['empower'] : ['empower', 'expose'], 'last: your last message, posted if you are eliminated');
    }
    case 'POWER':
      return s.empowered === player ? { moves: powerMoves(s), fields: {}, required: [] } : NONE;
    default:
      return NONE;
  }
}
