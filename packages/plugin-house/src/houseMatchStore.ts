import { join } from 'node:path';
import type { IAgentRuntime } from '@elizaos/core';
import type { HouseConfig } from './houseConfig.ts';
import { houseLog } from './houseLog.ts';
import { LiveMatchFiles } from './liveMatchFiles.ts';
import { MatchStore } from './matchStore.ts';

/** The House's match store: its retries, its running matches' files under HOUSE_DATA_DIR/live, and its own lines in the House's log. */
export function houseMatchStore(runtime: IAgentRuntime, settings: HouseConfig): MatchStore {
  const dir = settings.dataDir;
  const live = dir
    ? new LiveMatchFiles(join(dir, 'live'), (id, why) => houseLog(runtime, `${id}: its running files could not be written (${why}); the database still holds the match, but a damaged row of it cannot be rebuilt from them`, 'warn'))
    : null;
  return new MatchStore(runtime, { attempts: settings.saveAttempts, backoffMs: settings.saveBackoffMs, live, log: (line) => houseLog(runtime, line, 'error') });
}
