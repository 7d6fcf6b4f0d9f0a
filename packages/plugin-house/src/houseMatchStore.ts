import { join } from 'node:path';
import type { IAgentRuntime } from '@elizaos/core';
import type { HouseConfig } from './houseConfig.ts';
import { houseLog } from './houseLog.ts';
import { LiveMatchFiles } from './liveMatchFiles.ts';
import { MatchStore } from './matchStore.ts';
import { rowWriterFor } from './rowWriter.ts';

/** The House's match store: its retries, its running matches' files under HOUSE_DATA_DIR/live, its own lines in the House's log, and the host's row writer (fenced by a lease, when the host has one). */
export function houseMatchStore(runtime: IAgentRuntime, settings: HouseConfig): MatchStore {
  const dir = settings.dataDir;
  const live = dir
    ? new LiveMatchFiles(join(dir, 'live'), (id, why) => houseLog(runtime, `${id}: its running files could not be written (${why}); the database still holds the match, but a damaged row of it cannot be rebuilt from them`, 'warn'))
    : null;
  return new MatchStore(runtime, { attempts: settings.saveAttempts, backoffMs: settings.saveBackoffMs, live, log: (line) => houseLog(runtime, line, 'error'), setRow: rowWriterFor(runtime) });
}
