import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CafeLogEntry } from '@the-house/games/cafe/analysis/analyzeCafe.ts';
import { cafeRoundLogs } from './cafeRoundLogs.ts';

/** Writes `round_XX.json` files (pretty JSON) into `dir`, creating it; returns the paths written. */
export function writeRoundLogs(entries: readonly CafeLogEntry[], dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return cafeRoundLogs(entries).map(({ file, json }) => {
    const path = join(dir, file);
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
    return path;
  });
}
