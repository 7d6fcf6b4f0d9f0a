import { GENESIS, verifyChain, type LogEntry } from '../engine/eventLog.ts';

export interface AuditResult {
  ok: boolean;
  entries: number;
  head: string;
  /** One line for the chat: what was checked and what failed. */
  text: string;
}

/**
 * Recomputes the hash chain of `entries` and compares its end with the chain
 * head the House published (`null` while the game runs: the chain is checked
 * against itself). Anyone holding the log and the head can run it.
 */
export function auditLog(entries: readonly LogEntry[], publishedHead: string | null): AuditResult {
  const head = entries.length ? entries[entries.length - 1]!.hash : GENESIS;
  const result = verifyChain(entries, publishedHead ?? undefined);
  if (result.ok) {
    const against = publishedHead ? `matches the published head ${publishedHead}` : `ends at ${head} (no head published yet: the game is still running)`;
    return { ok: true, entries: entries.length, head, text: `Audit passed: ${entries.length} entries, the chain ${against}.` };
  }
  return { ok: false, entries: entries.length, head, text: `Audit FAILED at entry ${result.at}: ${result.reason}.` };
}
