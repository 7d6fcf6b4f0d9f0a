import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { describeEvents } from '@the-house/lab/report/describeEvent.ts';
import { isOver } from '../records/audience.ts';
import type { MatchDetail, RoundHistoryEntry } from '../types.ts';
import { cafeBoard } from './cafeBoard.ts';
import { goldmineBoard } from './goldmineBoard.ts';
import { influenceBoard } from './influenceBoard.ts';
import { seatColor } from './palette.ts';
import { trustBoard } from './trustBoard.ts';

/** One player's line on the board after a round. */
export interface BoardRow {
  player: string;
  /** One text per column of the board. */
  cells: string[];
  /** Out of the game by then. */
  out: boolean;
  /** Short words beside the name: `empowered`, `exposed`, `winner`. */
  marks: string[];
  color: string;
}

/** The board after one round, as a person reads it, and that round in words. */
export interface BoardFrame {
  round: number;
  rows: BoardRow[];
  /** Gold mining: each plot's owner after the round, by seat (-1: unowned), row by row. */
  owner?: number[];
  /** Influence: the round's vote counts, one per player in `players` order. */
  votes?: { players: string[]; empower: number[]; expose: number[] };
  /** The round's events in the game's words, as this reader may read them. */
  lines: string[];
}

/** Every round's board of a match. */
export interface MatchBoard {
  /** The column headers after the player's name. */
  columns: string[];
  /** Gold mining's map side, when the board has a map. */
  size: number | null;
  /** The seats in order, with their colours (for the map's legend). */
  seats: Array<{ name: string; color: string }>;
  frames: BoardFrame[];
  /** What this reader's board leaves out while the match runs, in words; null when nothing is. */
  hidden: string | null;
}

/** What a game's board is made of: its columns, and one round's rows (and map, and votes) from that round's report and events. */
export interface GameBoard {
  columns: readonly string[];
  frame(entry: RoundHistoryEntry, events: readonly LogEntry[], seats: readonly string[]): Pick<BoardFrame, 'owner' | 'votes'> & { rows: Array<Omit<BoardRow, 'color'>> };
  /** Said while the match runs to a reader without the private report fields (Gold mining's gold). */
  hidden?: string;
  /** The report field the board reads that the game keeps secret while it runs. */
  secretField?: string;
}

const BOARDS: ReadonlyMap<string, GameBoard> = new Map([
  ['trust', trustBoard],
  ['cafe', cafeBoard],
  ['influence', influenceBoard],
  ['goldmine', goldmineBoard],
]);

/** A seat's colour; a unit spawned by a replicator (`ada#2`) takes its team's. */
function colorOf(player: string, seats: readonly string[]): string {
  const team = seats.indexOf(player.split('#')[0]!);
  return seatColor(team >= 0 ? team : seats.length);
}

/**
 * Every finished round's board of a match, built only from what the detail
 * holds for its reader (the round reports and the events it may read; the
 * state is never read, so a public detail of a running match, which has none,
 * draws the same board as the room is told): each round's rows, the map or
 * the votes where the game has them, and the round in words. `audience`:
 * `room` narrates as the room is told, while a match runs and its reader is
 * the public; `observer` otherwise. Null for a game with no board.
 */
export function matchBoard(detail: MatchDetail, audience: 'room' | 'observer'): MatchBoard | null {
  const { summary } = detail;
  const board = BOARDS.get(summary.game);
  if (!board) return null;
  const seats = summary.players.map((p) => p.name);
  const over = isOver(summary);
  const told = describeEvents(detail.events, { game: summary.game, players: seats, over, audience });
  const eventsOf = new Map<number, LogEntry[]>();
  const linesOf = new Map<number, string[]>();
  detail.events.forEach((e, i) => {
    eventsOf.set(e.round, [...(eventsOf.get(e.round) ?? []), e]);
    const line = told[i];
    if (line) linesOf.set(e.round, [...(linesOf.get(e.round) ?? []), line]);
  });
  const last = detail.history.at(-1)?.round;
  const frames = detail.history.map((entry): BoardFrame => {
    const made = board.frame(entry, eventsOf.get(entry.round) ?? [], seats);
    const final = over && entry.round === last;
    const rows = made.rows.map((r) => ({ ...r, color: colorOf(r.player, seats), marks: final && summary.winners.includes(r.player) ? [...r.marks, 'winner'] : r.marks }));
    return { round: entry.round, ...made, rows, lines: linesOf.get(entry.round) ?? [] };
  });
  const owner = frames.find((f) => f.owner)?.owner;
  const size = owner && Number.isInteger(Math.sqrt(owner.length)) ? Math.sqrt(owner.length) : null;
  const secretHidden = board.secretField !== undefined && detail.history.some((h) => Object.values(h.players).some((p) => !Object.hasOwn(p, board.secretField!)));
  return {
    columns: [...board.columns],
    size,
    seats: seats.map((name) => ({ name, color: colorOf(name, seats) })),
    frames,
    hidden: secretHidden ? (board.hidden ?? null) : null,
  };
}
