import type { SeatResultRow } from './seatResults.ts';

const whose = { seat: 'its own fault', house: "the House's fault", provider: "its provider's fault" } as const;

/** A forfeit or void seat's result in one line (`Ada forfeits from round 3: substituted: ...`); null for a decided seat. */
export function resultNote(row: SeatResultRow): string | null {
  if (row.class === 'decided' || !row.cause) return null;
  const from = row.cause.at ? ` from round ${row.cause.at.round}` : '';
  if (row.class === 'forfeit') return `${row.player} forfeits${from}: ${row.cause.why}`;
  return `${row.player} is void${from} (${whose[row.cause.by]}: ${row.cause.why}); not rated`;
}
