import type { StoredMatch } from './types.ts';

/**
 * A match taken to a table by `host` (the House's host under a lease; null
 * without one, and nothing changes): a match it opens is marked its own, and
 * one last held by another host gets a `host-changed` entry (old host, new
 * host, the time since the old host's last save, the round it stood at),
 * which its match file carries and signs.
 */
export function noteHost(stored: StoredMatch, host: string | null, now: number): void {
  if (!host || stored.host === host) return;
  if (stored.host) {
    const round = (stored.state as { round?: unknown } | null)?.round;
    const change = { type: 'host-changed' as const, from: stored.host, to: host, gapMs: Math.max(0, now - stored.updatedAt), round: typeof round === 'number' ? round : null, at: now };
    stored.hostChanges = [...(stored.hostChanges ?? []), change];
  }
  stored.host = host;
}
