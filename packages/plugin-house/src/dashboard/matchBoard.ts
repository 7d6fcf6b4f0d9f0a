import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { BoardFrame, MatchBoard } from './boardTypes.ts';
import { houseGameOf } from '../games/houseGames.ts';
import { describeEvents } from '@the-house/lab/report/describeEvent.ts';
import { isOver } from '../records/audience.ts';
import type { MatchDetail } from '../types.ts';
import { seatColor } from './palette.ts';

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
  const board = houseGameOf(summary.game)?.board;
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
    const made = board.frame(entry, eventsOf.get(entry.round) ?? [], seats, over);
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
