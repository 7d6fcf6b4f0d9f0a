import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { InfluenceTable } from './influenceTable.ts';

/**
 * Posts a DM now for `from`. False when the table's rooms are not known yet
 * or the post failed: nothing is lost, since the turn's close carries the same
 * DM under the same key.
 */
export async function deliverNow(table: InfluenceTable, members: PlayerId[], text: string, from: PlayerId, key: string): Promise<boolean> {
  const { whisper } = table;
  if (!whisper) return false;
  try {
    await whisper(members, text, from, key);
    return true;
  } catch {
    return false;
  }
}
