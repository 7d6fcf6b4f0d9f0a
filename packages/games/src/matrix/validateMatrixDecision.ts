import { formatZodError } from '../engine/errors.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import type { Checked, PlayerId } from '../engine/types.ts';
import { matrixDecisionSchema, type MatrixDecision, type Move } from './matrixDecision.ts';
import { opponentsOf } from './matrixOpponents.ts';
import type { MatrixState } from './matrixTypes.ts';
import { moveWords } from './matrixWords.ts';
import { presetOf } from './matrixConfig.ts';

/**
 * zod results for frozen decisions: a frozen object cannot change, so its
 * shape is checked once. Strategies hand out frozen decisions, which keeps
 * tournaments fast; the round's checks below still run every time.
 */
const shapeChecked = new WeakMap<object, MatrixDecision>();

const fail = (error: string): Checked<MatrixDecision> => ({ ok: false, error });

/** An outside key as a message shows it: quoted, on one line, cut to a name's length. */
const shown = (key: string): string => JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}...` : key);

const EXAMPLE = 'send {"action": "C"} or {"action": "D"}, or a move per opponent: {"moves": {"<opponent>": "C"}}';

/**
 * zod shape first, then the round: `moves` may name only this round's
 * opponents and must name all of them unless `action` covers the rest. A
 * legal decision comes back whole: `{action}`, or `{moves}` with every
 * opponent of the round.
 */
export function validateMatrixDecision(state: MatrixState, player: PlayerId, raw: unknown): Checked<MatrixDecision> {
  if (state.result.over) return fail('the match is over');
  if (!state.players.includes(player)) return fail(`'${player}' does not play in this match`);
  const opponents = opponentsOf(state, player);
  if (opponents.length === 0) return fail(`${player} sits this round out: there is nothing to decide`);
  const known = raw !== null && typeof raw === 'object' ? shapeChecked.get(raw) : undefined;
  const shaped = known ? { ok: true as const, decision: known } : checkShape(raw, opponents.map((o) => o.id));
  return shaped.ok ? checkRound(shaped.decision, opponents.map((o) => o.id)) : shaped;
}

function checkShape(raw: unknown, opponents: readonly PlayerId[]): Checked<MatrixDecision> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return fail(`decision is not valid JSON (${error instanceof Error ? error.message : String(error)}); ${EXAMPLE}`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail(`decision must be a JSON object: ${EXAMPLE}`);
  const moves = (value as { moves?: unknown }).moves;
  if (moves !== undefined) {
    if (moves === null || typeof moves !== 'object' || Array.isArray(moves)) return fail(`"moves" must be an object of a move per opponent, such as {"${opponents[0]}": "C"}`);
    // Read before zod: a `__proto__` key would vanish from the parsed record instead of being refused.
    for (const key of Object.keys(moves)) {
      if (!opponents.includes(key)) return fail(`"moves" names ${shown(key)}, who is not your opponent this round (opponents: ${opponents.join(', ')})`);
    }
  }
  const parsed = matrixDecisionSchema.safeParse(value);
  if (!parsed.success) return fail(`${formatZodError(parsed.error)}; ${EXAMPLE}`);
  if (Object.isFrozen(value) && (moves === undefined || Object.isFrozen(moves))) shapeChecked.set(value, parsed.data);
  return { ok: true, decision: parsed.data };
}

function checkRound(d: MatrixDecision, opponents: readonly PlayerId[]): Checked<MatrixDecision> {
  if (d.moves === undefined) return { ok: true, decision: d };
  for (const key of Object.keys(d.moves)) if (!opponents.includes(key)) return fail(`"moves" names ${shown(key)}, who is not your opponent this round (opponents: ${opponents.join(', ')})`);
  const missing = opponents.filter((id) => ownValue(d.moves!, id) === undefined);
  if (missing.length && d.action === undefined) return fail(`"moves" leaves out ${missing.join(', ')}: give each opponent a move, or add "action" for the rest`);
  if (!missing.length && d.action === undefined) return { ok: true, decision: d };
  const whole = nullRecord<Move>(opponents.map((id) => [id, ownValue(d.moves!, id) ?? d.action!]));
  return { ok: true, decision: d.reason === undefined ? { moves: whole } : { moves: whole, reason: d.reason } };
}

/** The moves a player may make now, in words, for prompts and refusals. */
export function matrixLegalMoves(state: MatrixState, player: PlayerId): string[] {
  if (state.result.over) return [];
  const opponents = opponentsOf(state, player).map((o) => o.id);
  if (opponents.length === 0) return [];
  const words = moveWords(presetOf(state.config));
  const against = opponents.length > 1 ? 'every opponent' : opponents[0];
  const out = [`C, ${words.C}, against ${against}: {"action": "C"}`, `D, ${words.D}, against ${against}: {"action": "D"}`];
  if (opponents.length > 1) out.push(`a move per opponent: {"moves": {${opponents.map((o, i) => `"${o}": "${i % 2 ? 'D' : 'C'}"`).join(', ')}}} (opponents this round: ${opponents.join(', ')})`);
  return out;
}

/**
 * The documented fallback: against each opponent of the round, the move the
 * player last meant to play against it, or C at a first meeting (a player
 * who says nothing keeps to what it did).
 */
export function matrixFallback(state: MatrixState, player: PlayerId): MatrixDecision {
  const opponents = opponentsOf(state, player);
  const mine = ownValue(state.memory, player);
  const moves = opponents.map((o) => [o.id, ((mine && ownValue(mine, o.id)?.meant.at(-1)) ?? 'C') as Move] as const);
  if (moves.every(([, m]) => m === moves[0]?.[1])) return { action: moves[0]?.[1] ?? 'C' };
  return { moves: nullRecord(moves) };
}
