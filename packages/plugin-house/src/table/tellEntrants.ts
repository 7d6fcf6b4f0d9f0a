import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { RemoteClient } from '@the-house/lab/remote/remoteClient.ts';
import { tellMatchEnd } from '@the-house/lab/remote/tellMatchEnd.ts';
import type { SeatResults } from '@the-house/lab/results/seatResults.ts';
import { EntrantSeat } from './entrantSeat.ts';
import type { TableCore } from './tableCore.ts';

/**
 * A finished match's outside agents each hear its end with their own result
 * and the match's page (`tellMatchEnd`: one try each, a few seconds at most);
 * what fails is only said in the host log.
 */
export async function tellEntrants(table: TableCore, results: SeatResults): Promise<void> {
  const { stored, host } = table;
  const warn = (detail: string) => host.runtime.logger.warn(`House: ${detail}`);
  const seats: Array<{ seat: PlayerId; client: RemoteClient }> = [];
  for (const id of stored.players) {
    const seat = table.seats.of(id);
    if (!(seat instanceof EntrantSeat)) continue;
    try {
      seats.push({ seat: id, client: await seat.endClient() });
    } catch (error) {
      warn(`seat ${id} of ${stored.id} is not told the end of its match: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const url = host.settings.publicUrl ? `${host.settings.publicUrl}/house/matches/${stored.id}` : undefined;
  await tellMatchEnd(seats, results, { match: stored.id, game: stored.game, ...(url ? { url } : {}) }, warn);
}
