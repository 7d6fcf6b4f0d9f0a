import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { RoundHistoryEntry } from '../types.ts';

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
  /** The game's own drawing of the round under the board (Influence: its whisper graph and vote flow), HTML escaped on the server. */
  part?: string;
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
  /** `over`: the match is over, so what its game keeps secret until then (Influence's ballots) may be drawn from the events given. */
  frame(entry: RoundHistoryEntry, events: readonly LogEntry[], seats: readonly string[], over: boolean): Pick<BoardFrame, 'owner' | 'votes' | 'part'> & { rows: Array<Omit<BoardRow, 'color'>> };
  /** Said while the match runs to a reader without the private report fields (Gold mining's gold). */
  hidden?: string;
  /** The report field the board reads that the game keeps secret while it runs. */
  secretField?: string;
}
