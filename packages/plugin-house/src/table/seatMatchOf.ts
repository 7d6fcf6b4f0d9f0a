import type { SeatMatch } from '@the-house/lab/seats/seat.ts';
import type { TableCore } from './tableCore.ts';

/** What a seat sees of its table, read live: a resume replaces the table's stop, and options may change on `!resume`. */
export function seatMatchOf(table: TableCore): SeatMatch {
  return {
    get match() {
      return table.match!;
    },
    matchId: table.stored.id,
    recorder: table.recorder,
    get signal() {
      return table.abort.signal;
    },
    get window() {
      return { historyRounds: table.stored.options.historyRounds };
    },
  };
}
