import type { GameEvent, PlayedRun, PlayerId } from '../../engine/types.ts';
import { payoffsOf } from '../matrixConfig.ts';
import type { Move } from '../matrixDecision.ts';
import type { MatrixState } from '../matrixTypes.ts';

/** One side of a game as the metrics read it: what it meant, what landed. */
export interface Side {
  player: PlayerId;
  meant: Move;
  played: Move;
  got: number;
}

export interface MatrixGame {
  row: Side;
  column: Side;
}

export interface MatrixRound {
  round: number;
  games: readonly MatrixGame[];
  /** Answers the House replaced with the fallback this round. */
  fallbacks: number;
}

/** A run as the metrics read it: every round's games, and the best total a game can pay its two players. */
export interface MatrixHistory {
  rounds: readonly MatrixRound[];
  bestJoint: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asMove = (v: unknown): Move => (v === 'D' ? 'D' : 'C');
const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Reads each round's public `round` event (the games as they landed and what
 * they paid), its private `noise` events (what the movers meant) and
 * `fallback` events. Unknown events and fields are skipped.
 */
export function matrixHistory(run: PlayedRun<MatrixState>): MatrixHistory {
  const p = payoffsOf(run.state.config);
  const bestJoint = Math.max(p.row.R + p.column.R, p.row.S + p.column.T, p.row.T + p.column.S, p.row.P + p.column.P);
  return { rounds: run.rounds.map((r) => readRound(r.round, r.events)), bestJoint };
}

function readRound(round: number, events: readonly GameEvent[]): MatrixRound {
  const flipped = new Set<string>();
  let fallbacks = 0;
  let games: MatrixGame[] = [];
  for (const e of events) {
    const d = e.data ?? {};
    if (e.type === 'noise') flipped.add(`${String(d.player)}\u0000${String(d.opponent)}`);
    else if (e.type === 'fallback') fallbacks++;
    else if (e.type === 'round' && Array.isArray(d.games)) {
      games = d.games.filter(isRecord).map((g) => {
        const moves = typeof g.moves === 'string' ? g.moves : 'CC';
        const paid = Array.isArray(g.payoffs) ? g.payoffs : [];
        const side = (player: PlayerId, opponent: PlayerId, played: Move, got: unknown): Side => {
          const flip = flipped.has(`${player}\u0000${opponent}`);
          return { player, played, meant: flip ? (played === 'C' ? 'D' : 'C') : played, got: asNumber(got) };
        };
        const row = String(g.row);
        const column = String(g.column);
        return { row: side(row, column, asMove(moves[0]), paid[0]), column: side(column, row, asMove(moves[1]), paid[1]) };
      });
    }
  }
  return { round, games, fallbacks };
}

/** The round record of round `t` (1-based). */
export function roundOf(h: MatrixHistory, t: number): MatrixRound | undefined {
  return h.rounds[t - 1];
}
