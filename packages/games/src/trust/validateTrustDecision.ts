import { formatZodError } from '../engine/errors.ts';
import type { Checked, PlayerId } from '../engine/types.ts';
import { MAX_SHARE, TRUST_ACTIONS, trustDecisionSchema, type TrustDecision } from './trustDecision.ts';
import type { TrustState } from './trustTypes.ts';
import { allied, findUnit, impliedTarget, targetsOf, teamHolder } from './trustUnits.ts';
import type { TrustUnit } from './trustTypes.ts';

/**
 * zod results for frozen decision objects: a frozen object cannot change, so its
 * shape needs checking once. Strategies hand out frozen, reused decisions, which
 * keeps experiments fast; state-dependent checks below still run every time.
 */
const shapeChecked = new WeakMap<object, TrustDecision>();

const fail = (error: string): Checked<TrustDecision> => ({ ok: false, error });
const ACTIONS = new Set<string>(TRUST_ACTIONS);
const allowedActions = TRUST_ACTIONS.join(', ');

function targetList(state: TrustState, player: PlayerId): string {
  const targets = targetsOf(state, player);
  return targets.length ? `targets: ${targets.join(', ')}` : 'no one is left to target';
}

/**
 * zod shape first, then the state's rules: targets must be other living units,
 * a BEG asks for 1..begMax, a REPLICATE needs replicateAt sats at the round's
 * start. An implied target is filled in, so a legal decision always names one.
 */
export function validateTrustDecision(state: TrustState, player: PlayerId, raw: unknown): Checked<TrustDecision> {
  const known = raw !== null && typeof raw === 'object' ? shapeChecked.get(raw) : undefined;
  return known ? checkRules(state, player, known) : checkShape(state, player, raw);
}

function checkShape(state: TrustState, player: PlayerId, raw: unknown): Checked<TrustDecision> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return fail(`decision is not valid JSON (${error instanceof Error ? error.message : String(error)}); send an object such as {"action": "HIGH_FIVE"}`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(`decision must be a JSON object with "action" (one of ${allowedActions})`);
  }
  const action = (value as { action?: unknown }).action;
  if (typeof action !== 'string' || !ACTIONS.has(action)) {
    return fail(`unknown action ${JSON.stringify(action ?? null)}: allowed actions are ${allowedActions}`);
  }
  const parsed = trustDecisionSchema.safeParse(value);
  if (!parsed.success) return fail(`${action}: ${formatZodError(parsed.error)}`);
  if (Object.isFrozen(value)) shapeChecked.set(value, parsed.data);
  return checkRules(state, player, parsed.data);
}

/** The state's rules for a decision of the right shape. */
function checkRules(state: TrustState, player: PlayerId, decision: TrustDecision): Checked<TrustDecision> {
  const unit = findUnit(state, player);
  if (!unit || !unit.alive) return fail(`'${player}' is not a living player in this match`);
  if (decision.ally !== undefined || decision.leave !== undefined || decision.share !== undefined) {
    const why = allianceProblem(state, unit, decision);
    if (why) return fail(why);
  }

  switch (decision.action) {
    case 'HIGH_FIVE':
    case 'ATTACK': {
      if (decision.target === undefined) {
        const implied = impliedTarget(state, player);
        if (implied === null) return fail(`${decision.action} needs a "target" (${targetList(state, player)})`);
        return { ok: true, decision: { ...decision, target: implied } };
      }
      const target = decision.target;
      if (target === player) return fail(`${decision.action} cannot target yourself (${targetList(state, player)})`);
      const aimed = findUnit(state, target);
      if (!aimed) return fail(`unknown target '${target}' (${targetList(state, player)})`);
      if (!aimed.alive) return fail(`target '${target}' is eliminated (${targetList(state, player)})`);
      if (decision.action === 'ATTACK' && state.alliances.pairs.length && allied(state, unit.team, aimed.team)) {
        return fail(`${target} is your ally: allies cannot attack each other (leave the alliance first)`);
      }
      return { ok: true, decision };
    }
    case 'BEG': {
      const max = state.config.begMax;
      if (decision.amount < 1 || decision.amount > max) return fail(`BEG amount must be a whole number from 1 to ${max}, got ${decision.amount}`);
      return { ok: true, decision: { ...decision, reason: decision.reason.trim() } };
    }
    case 'REPLICATE': {
      const need = state.config.replicateAt;
      if (unit.sats < need) return fail(`REPLICATE needs at least ${need} sats at the start of the round; you have ${unit.sats}`);
      return { ok: true, decision };
    }
    default:
      return { ok: true, decision };
  }
}

/**
 * Why the alliance fields of a decision cannot be played (house rule
 * `alliances`, spec 7.5), or null: the rule must be on with 3 or more
 * players; `ally` names another living team not yet allied; `leave` an ally;
 * `share` an ally and at most the unit's sats less one.
 */
function allianceProblem(state: TrustState, unit: TrustUnit, d: TrustDecision): string | null {
  if (!state.config.alliances) return 'alliances are off in this match (house rule `alliances`)';
  if (state.players.length < 3) return 'alliances need 3 or more players';
  const team = (name: string): string | null => {
    const named = findUnit(state, name);
    return named && teamHolder(state, named.team) ? named.team : null;
  };
  if (d.ally !== undefined) {
    const other = team(d.ally);
    if (!other) return `ally: '${d.ally}' is not a living player (players: ${state.players.join(', ')})`;
    if (other === unit.team) return 'ally: you cannot ally with your own team';
    if (allied(state, unit.team, other)) return `ally: you are already allied with ${other}`;
  }
  if (d.leave !== undefined) {
    const other = team(d.leave);
    if (!other || !allied(state, unit.team, other)) return `leave: you have no alliance with '${d.leave}'`;
  }
  if (d.share !== undefined) {
    const other = team(d.share.to);
    if (!other || !allied(state, unit.team, other)) return `share: '${d.share.to}' is not your ally; you share only with allies`;
    if (d.share.amount >= unit.sats) return `share: you have ${unit.sats} sats and may share at most ${unit.sats - 1}`;
  }
  return null;
}

/** The moves a player may make now, in words, for prompts and fallback messages. */
export function trustLegalMoves(state: TrustState, player: PlayerId): string[] {
  const unit = findUnit(state, player);
  if (!unit || !unit.alive || state.result.over) return [];
  const moves: string[] = [];
  const targets = targetsOf(state, player);
  const implied = impliedTarget(state, player);
  if (targets.length) {
    const how = implied === null ? ` with "target" one of ${targets.join(', ')}` : ` (target ${implied} is implied)`;
    moves.push(`HIGH_FIVE${how}`, `ATTACK${how}`);
  }
  moves.push('BLOCK', 'DO_NOTHING', `BEG with "amount" 1..${state.config.begMax} and a non-empty "reason"`);
  if (unit.sats >= state.config.replicateAt) moves.push(`REPLICATE (costs ${state.config.replicateCost})`);
  if (state.config.alliances && state.players.length >= 3) {
    const mine = state.alliances.pairs.filter((p) => p.includes(unit.team)).map((p) => (p[0] === unit.team ? p[1] : p[0]));
    moves.push(
      `with any move: "ally": "<player>" proposes an alliance (or accepts one proposed to you); allies cannot attack each other${mine.length ? `; your allies: ${mine.join(', ')}; "leave": "<ally>" ends one; "share": {"to": "<ally>", "amount": 1..${Math.min(MAX_SHARE, Math.max(1, unit.sats - 1))}} gives sats` : ''}`,
    );
  }
  return moves;
}
