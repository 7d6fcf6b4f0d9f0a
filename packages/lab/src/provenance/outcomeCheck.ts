import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import type { Outcome } from '@the-house/games/engine/types.ts';

const said = (over: boolean, kind: unknown, winners: readonly unknown[]) => (over ? `${String(kind ?? 'over')}, winners ${winners.map(String).join(', ') || 'none'}` : 'unfinished');

/**
 * Whether a match file's `outcome` is what its log's `match_over` event says
 * (winners, in any order, and the ending's kind). The outcome is outside the
 * hash chain, so only this ties it to the signed log. Gold mining and
 * Influence log no such event: their outcome is said to be unchecked.
 */
export function outcomeCheck(outcome: Outcome, log: readonly LogEntry[]): { ok: boolean; line: string } {
  const over = log.findLast((e) => e.type === 'match_over');
  const file = said(outcome.over, outcome.kind, outcome.winners);
  if (!over) return { ok: true, line: `outcome: ${file}; not checked (its log has no match_over event to check it against)` };
  const data = (over.data ?? {}) as { winners?: unknown; kind?: unknown };
  const winners = Array.isArray(data.winners) ? data.winners.map(String) : [];
  const logged = said(true, data.kind, winners);
  const same = outcome.over && [...outcome.winners].sort().join('\n') === [...winners].sort().join('\n') && (data.kind === undefined || data.kind === outcome.kind);
  return same ? { ok: true, line: `outcome: ${file}, as its log's match_over says` } : { ok: false, line: `outcome: the file says ${file}, but its log's match_over says ${logged}` };
}
