import type { RemoteKind } from '@the-house/lab/remote/remoteClient.ts';
import type { SeatClockState } from '@the-house/lab/remote/seatClock.ts';
import type { OpenBudget } from './entrant.ts';

/**
 * A seat held by a registered entrant, as the match keeps it (saved after
 * every phase, so a restart goes on with the same clock and token): where
 * the House reaches it, its clock and fault counts, the baseline that takes
 * over, and for an MCP seat the hash of its token (never the token).
 */
export interface RemoteSeatRecord {
  entrant: string;
  version?: string;
  kind: RemoteKind;
  url: string | null;
  model?: string;
  owner: { id: string; name: string };
  clock: SeatClockState;
  fallback: string | null;
  tokenHash?: string;
  /** Seated by someone other than its owner or an admin: the budgets its owner allows others, which the House holds the seat to. */
  budget?: OpenBudget;
}
