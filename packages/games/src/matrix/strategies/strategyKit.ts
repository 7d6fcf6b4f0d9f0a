import { nullRecord, ownValue } from '../../engine/safeKey.ts';
import type { BrainContext, Strategy, StrategyTraits } from '../../engine/types.ts';
import type { MatrixDecision, Move } from '../matrixDecision.ts';
import type { Payoffs } from '../matrixPresets.ts';
import type { MatrixView, Role } from '../matrixTypes.ts';

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
      const moves: Array<readonly [string, Move]> = [];
      for (const o of view.opponents) {
        const m = ownValue(view.met, o.id);
        const payoffs = o.role === 'row' ? view.payoffs.row : view.payoffs.column;
        moves.push([o.id, rule(m ? { mine: m.mine, theirs: m.theirs, role: o.role, payoffs } : { mine: '', theirs: '', role: o.role, payoffs }, ctx.rng)]);
      }
      const first = moves[0]?.[1] ?? 'C';
      if (moves.every(([, m]) => m === first)) return ALL[first];
      return Object.freeze({ moves: Object.freeze(nullRecord(moves)) });
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
