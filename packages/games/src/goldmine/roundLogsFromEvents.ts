import type { RoundLedger, RoundLog, RoundMap } from './goldmineTypes.ts';

/** The Step 4 logs of a match, read off its events: each public `round` event joined with its private `ledger`, in round order. */
export function roundLogsFromEvents(events: ReadonlyArray<{ type: string; data?: unknown }>): RoundLog[] {
  const ledgers = new Map<number, RoundLedger>();
  for (const e of events) if (e.type === 'ledger' && e.data) ledgers.set((e.data as RoundLedger).round, e.data as RoundLedger);
  const logs: RoundLog[] = [];
  for (const e of events) {
    if (e.type !== 'round' || !e.data) continue;
    const map = e.data as RoundMap;
    const ledger = ledgers.get(map.round);
    if (ledger) logs.push({ ...map, ...ledger });
  }
  return logs;
}
