// Runs every test file with `bun test`, then prints the closing line CI reads.
// Each test directory runs in its own `bun test` process because PGLite keeps one
// database per process (see ELIZAOS-NOTES.md), and ElizaOS tests must not share it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const groups = [
  ['packages/plugin-house/src/engine', 'packages/plugin-house/src/games', 'packages/plugin-house/src/cli'],
  ['packages/plugin-house/src/house', 'packages/plugin-house/src/player', 'apps/agent'],
];

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const dirs of groups) {
  const existing = dirs.filter((d) => existsSync(d));
  const run = spawnSync(process.execPath, ['test', '--timeout', '120000', ...existing], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, SENTRY_DSN: 'disabled', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
  });
  const err = run.stderr ?? '';
  process.stderr.write(err);
  const count = (label: string) => Number(err.match(new RegExp(`^\\s*(\\d+) ${label}$`, 'm'))?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail');
  skipped += count('skip');
  if (run.status !== 0) exitCode = run.status ?? 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : exitCode);
