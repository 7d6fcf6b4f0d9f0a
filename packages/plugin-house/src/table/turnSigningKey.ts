import type { KeyObject } from 'node:crypto';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { houseSigningKey } from '../signingKey.ts';
import type { TableCore } from './tableCore.ts';

/**
 * The House's own signing key (the one `/house/signing-key` publishes) for
 * the turns a seat pushes. A key it cannot read sends them unsigned: tried
 * again on the next request, and said once in the log, not on every request.
 */
export function turnSigningKey(table: Pick<TableCore, 'id' | 'host'>, id: PlayerId): () => KeyObject | null {
  let key: KeyObject | null = null;
  let warned = false;
  return () => {
    if (key) return key;
    try {
      return (key = houseSigningKey(table.host.settings.keyDir, table.host.settings.matchDir));
    } catch (error) {
      if (!warned) table.host.runtime.logger.warn(`House: seat ${id} of ${table.id}: its turns go unsigned: ${error instanceof Error ? error.message : String(error)}`);
      warned = true;
      return null;
    }
  };
}
