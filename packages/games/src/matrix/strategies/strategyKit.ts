import { nullRecord, ownValue } from '../../engine/safeKey.ts';
import type { BrainContext, Strategy, StrategyTraits } from '../../engine/types.ts';
import type { MatrixDecision, Move } from '../matrixDecision.ts';
import type { Payoffs } from '../matrixPresets.ts';
import type { MatrixView, Opponent, Role } from '../matrixTypes.ts';

/**
 * What a classic strategy reads of one opponent: the moves so far as they
 * landed (its own included: under noise a strategy answers what happened,
 * as in Axelrod's library and Case's game), oldest first, one letter each,
 * its role and its own payoffs.
 */
export interface Seen {
  mine: string;
  theirs: string;
  role: Role;
  payoffs: Payoffs;
}

/** A strategy's rule against one opponent: its move, from what it has seen of that opponent and the seeded stream. */
export type Rule = (seen: Seen, rng: BrainContext['rng']) => Move;

const ALL: Record<Move, MatrixDecision> = { C: Object.freeze({ action: 'C' }), D: Object.freeze({ action: 'D' }) };

/**
 * Decisions of a move per opponent, by the round's opponents (one list per
 * table and player) and the moves: handed out again, frozen, so the
 * validator checks each shape once.
 */
const perOpponentDecisions = new WeakMap<readonly Opponent[], Map<string, MatrixDecision>>();
/** Distinct decisions kept per list of opponents before its map starts afresh. */
const KEPT = 4096;

function movesDecision(opponents: readonly Opponent[], moves: string): MatrixDecision {
  let known = perOpponentDecisions.get(opponents);
  if (!known) perOpponentDecisions.set(opponents, (known = new Map()));
  let decision = known.get(moves);
  if (!decision) {
    if (known.size >= KEPT) known.clear();
    decision = Object.freeze({ moves: Object.freeze(nullRecord(opponents.map((o, i) => [o.id, moves[i] as Move] as const))) });
    known.set(moves, decision);
  }
  return decision;
}

/**
 * A classic strategy played against each opponent of the round apart, as in
 * Axelrod's round robins: one move for all when the rule gives each the same
 * (a frozen decision the validator checks once), else a move per opponent.
 * A stochastic rule draws from the context's stream, opponent by opponent in
 * table order.
 */
export function perOpponent(spec: { name: string; description: string; traits: Omit<StrategyTraits, 'usesModel'> }, rule: Rule): Strategy<MatrixView, MatrixDecision> {
  return {
    name: spec.name,
    description: spec.description,
    traits: { ...spec.traits, usesModel: false },
    decide(view, ctx) {
      let moves = '';
      for (const o of view.opponents) {
        const m = ownValue(view.met, o.id);
        const payoffs = o.role === 'row' ? view.payoffs.row : view.payoffs.column;
        moves += rule(m ? { mine: m.mine, theirs: m.theirs, role: o.role, payoffs } : { mine: '', theirs: '', role: o.role, payoffs }, ctx.rng);
      }
      if (!moves.includes('D')) return ALL.C;
      if (!moves.includes('C')) return ALL.D;
      return movesDecision(view.opponents, moves);
    },
  };
}

/** The same rule under another name and description (Case's names for Axelrod's classics). */
export function alias(base: Strategy<MatrixView, MatrixDecision>, name: string, description: string): Strategy<MatrixView, MatrixDecision> {
  return { name, description, traits: base.traits, decide: base.decide };
}

/** The opponent's last move, or undefined before the first meeting. */
export const lastOf = (moves: string): Move | undefined => (moves.length ? (moves[moves.length - 1] as Move) : undefined);

/** How many times `move` appears in `moves`. */
export function count(moves: string, move: Move): number {
  let n = 0;
  for (let i = 0; i < moves.length; i++) if (moves[i] === move) n++;
  return n;
}
