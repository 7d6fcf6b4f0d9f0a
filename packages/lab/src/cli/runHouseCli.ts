import { join } from 'node:path';

/** The headless CLI's entry point (`bun run house ...`). */
export const HOUSE_MAIN = join(import.meta.dir, 'main.ts');

/** Runs `bun run house <args>` in a process of its own, for tests of the CLI as users run it. */
export function runHouseCli(...args: string[]): { code: number; stdout: string; stderr: string } {
  const run = Bun.spawnSync([process.execPath, HOUSE_MAIN, ...args], { stdout: 'pipe', stderr: 'pipe' });
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}
