import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { SeatResults } from '../results/seatResults.ts';
import { matchEndOf } from './matchEnd.ts';
import type { RemoteClient } from './remoteClient.ts';

/** How long the House gives an agent to take the end of its match: one try, then it goes on. */
export const MATCH_END_TIMEOUT_MS = 5_000;

/**
 * Tells every remote seat how its match ended, each its own result, all at
 * once: one try each within MATCH_END_TIMEOUT_MS. Best effort: an agent that
 * is gone, slow or refuses is only said in `onDetail` (the host log, stderr),
 * never held against its seat (its match is already over).
 */
export async function tellMatchEnd(seats: ReadonlyArray<{ seat: PlayerId; client: RemoteClient }>, results: SeatResults, at: { match: string; game: string; url?: string }, onDetail: (detail: string) => void = () => {}): Promise<void> {
  await Promise.all(
    seats.map(async ({ seat, client }) => {
      if (!client.over) return;
      try {
        await client.over(matchEndOf(results, { ...at, seat }), AbortSignal.timeout(MATCH_END_TIMEOUT_MS));
      } catch (error) {
        onDetail(`seat ${seat} of ${at.match} did not take the end of its match: ${(error instanceof Error ? error.message : String(error)).slice(0, 200)}`);
      }
    }),
  );
}
