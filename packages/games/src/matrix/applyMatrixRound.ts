import { Rng } from '../engine/rng.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import type { GameEvent, Outcome, PhaseInput, PlayerId, Step } from '../engine/types.ts';
import { openEnded, payoffsOf } from './matrixConfig.ts';
import { flip, type MatrixDecision, type Move } from './matrixDecision.ts';
import { matrixOutcome } from './matrixOutcome.ts';
import { payoff } from './matrixPresets.ts';
import { drawPairs } from './matrixTable.ts';
import type { MatrixState, Meeting, Role } from './matrixTypes.ts';
import { opponentsOf } from './matrixOpponents.ts';
import { matrixFallback, matrixLegalMoves, validateMatrixDecision } from './validateMatrixDecision.ts';

/** One game of the round as everyone saw it: the moves as they landed and what each side got. */
export interface PlayedGame {
  row: PlayerId;
  column: PlayerId;
  /** The row's move then the column's, as played (after noise). */
  moves: `${Move}${Move}`;
  payoffs: [row: number, column: number];
}

const NO_DECISION = { ok: false as const, error: 'no decision arrived' };
const ONGOING: Outcome = { over: false, winners: [], kind: null };

/**
 * Plays one round (one phase, `play`): every decision checked (a bad or
 * missing one becomes the fallback, with a private `fallback` event saying
 * why), each intended move flipped by noise with the config's chance (the
 * stream seed, round, 'noise', mover, opponent; a private `noise` event to
 * the mover alone), every game paid from the matrix, the public `round`
 * event, and the ending: the length, or the cap, or the continuation draw
 * from the state's Rng.
 */
export function applyMatrixRound(state: MatrixState, input: PhaseInput): Step<MatrixState> {
  if (state.result.over) return { state, events: [] };
  const { config, seed, round } = state;
  const events: GameEvent[] = [];
  const notices: Record<PlayerId, string[]> = nullRecord();
  const tell = (id: PlayerId, text: string) => (notices[id] ??= []).push(text);
  const decided = new Map<PlayerId, MatrixDecision>();

  for (const player of state.players) {
    if (opponentsOf(state, player).length === 0) continue;
    const raw = ownValue(input.decisions, player);
    const checked = raw === undefined ? NO_DECISION : validateMatrixDecision(state, player, raw);
    const decision = checked.ok ? checked.decision : matrixFallback(state, player);
    if (!checked.ok) {
      const played = decision.action ?? Object.entries(decision.moves ?? {}).map(([id, m]) => `${m} against ${id}`).join(', ');
      const reason = `${checked.error}. You played ${played} this round (your last move against each opponent, C at a first meeting). Allowed: ${matrixLegalMoves(state, player).join('; ')}`;
      events.push({ type: 'fallback', data: { player, decision, reason }, to: [player] });
      tell(player, reason);
    }
    decided.set(player, decision);
  }
  const intended = (player: PlayerId, opponent: PlayerId): Move => {
    const d = decided.get(player)!;
    return d.moves ? (ownValue(d.moves, opponent) ?? d.action ?? 'C') : d.action!;
  };

  const payoffs = payoffsOf(config);
  const scores = nullRecord<number>(state.players.map((p) => [p, ownValue(state.scores, p) ?? 0]));
  const gains = nullRecord<number>(state.players.map((p) => [p, 0]));
  const memory: Record<PlayerId, Record<PlayerId, Meeting>> = nullRecord();
  const meetingsOf = (player: PlayerId): Record<PlayerId, Meeting> => (memory[player] ??= Object.assign(nullRecord<Meeting>(), ownValue(state.memory, player)));
  const rounds = config.pairing === 'pairs' ? round : null;
  const games: PlayedGame[] = [];

  for (let i = 0; i < state.table.length; i++) {
    const [row, column] = state.table[i]!;
    const meantRow = intended(row, column);
    const meantColumn = intended(column, row);
    const playedRow = land(state, row, column, meantRow, events, tell);
    const playedColumn = land(state, column, row, meantColumn, events, tell);
    const paid: [number, number] = [payoff(payoffs.row, playedRow, playedColumn), payoff(payoffs.column, playedColumn, playedRow)];
    games.push({ row, column, moves: `${playedRow}${playedColumn}`, payoffs: paid });
    scores[row]! += paid[0];
    scores[column]! += paid[1];
    gains[row]! += paid[0];
    gains[column]! += paid[1];
    const rowMeetings = meetingsOf(row);
    const columnMeetings = meetingsOf(column);
    rowMeetings[column] = met(ownValue(rowMeetings, column), 'row', playedRow, playedColumn, meantRow, rounds);
    columnMeetings[row] = met(ownValue(columnMeetings, row), 'column', playedColumn, playedRow, meantColumn, rounds);
  }
  for (const player of state.players) memory[player] ??= ownValue(state.memory, player) ?? nullRecord();

  events.push({ type: 'round', data: state.sitting === null ? { round, games, scores } : { round, games, scores, sitting: state.sitting } });
  const byes = state.sitting === null ? state.byes : nullRecord([...Object.entries(state.byes), [state.sitting, (ownValue(state.byes, state.sitting) ?? 0) + 1] as const]);
  const next: MatrixState = { ...state, scores, gains, memory, notices, byes, result: ONGOING };
  const end = ending(next);
  if (end.how) {
    next.result = matrixOutcome(state.players, new Map(Object.entries(scores)), end.how);
    next.table = [];
    next.sitting = null;
    events.push({ type: 'match_over', data: { winners: next.result.winners, kind: next.result.kind, rounds: round, scores } });
  } else {
    next.round = round + 1;
    if (config.pairing === 'pairs') Object.assign(next, drawPairs(state.players, seed, next.round, byes));
  }
  next.rng = end.rng;
  return { state: next, events };
}

/**
 * A move as it lands: flipped by noise with the config's chance, drawn from
 * the stream (seed, round, 'noise', mover, opponent) so no draw depends on
 * another; only the mover hears of a flip.
 */
function land(state: MatrixState, mover: PlayerId, opponent: PlayerId, meant: Move, events: GameEvent[], tell: (id: PlayerId, text: string) => void): Move {
  if (state.config.noise <= 0 || !Rng.derivedChance(state.config.noise, state.seed, state.round, 'noise', mover, opponent)) return meant;
  const played = flip(meant);
  events.push({ type: 'noise', data: { player: mover, opponent, meant, played }, to: [mover] });
  tell(mover, `Noise: your ${meant} against ${opponent} was flipped to ${played}; ${opponent} saw ${played}.`);
  return played;
}

/** A meeting one game longer, with the role of this game (drawn pairs may swap it). */
function met(before: Meeting | undefined, role: Role, mine: Move, theirs: Move, meant: Move, round: number | null): Meeting {
  const out: Meeting = before ? { role, mine: before.mine + mine, theirs: before.theirs + theirs, meant: before.meant + meant } : { role, mine, theirs, meant };
  if (round !== null) out.rounds = [...(before?.rounds ?? []), round];
  return out;
}

/** Whether the round just played ends the match: its length or cap, or else the continuation draw (from the state's Rng, stored back). */
function ending(state: MatrixState): { how: 'limit' | 'stopped' | null; rng: number[] } {
  if (state.round >= state.config.rounds) return { how: 'limit', rng: state.rng };
  if (!openEnded(state.config)) return { how: null, rng: state.rng };
  const rng = Rng.fromState(state.rng);
  const goesOn = rng.chance(state.config.continuation);
  return { how: goesOn ? null : 'stopped', rng: rng.state() };
}

