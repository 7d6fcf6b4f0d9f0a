// `bun run test`: the layering check, the scripts' own typecheck and tests, then every
// package's typecheck and tests through turbo (dependency order, cached), and one
// closing line for CI: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const workspaces = ['packages/games', 'packages/lab', 'packages/plugin-player', 'packages/plugin-house', 'apps/agent'];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1', DO_NOT_TRACK: '1' };

function run(label: string, command: string[]): boolean {
  process.stderr.write(`\n== ${label}\n`);
  const child = spawnSync(command[0]!, command.slice(1), { cwd: root, stdio: 'inherit', env });
  return child.status === 0;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const count = (ok: boolean) => (ok ? passed++ : failed++);

count(run('layering (dependency-cruiser)', [process.execPath, 'scripts/checkLayers.ts']));
count(run('typecheck scripts/', [process.execPath, 'x', 'tsc', '-p', 'tsconfig.json']));
const scriptTests = spawnSync(process.execPath, ['test', './scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'], env });
process.stderr.write(scriptTests.stderr);
passed += Number(scriptTests.stderr.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
failed += Number(scriptTests.stderr.match(/^\s*(\d+) fail$/m)?.[1] ?? 0) || (scriptTests.status === 0 ? 0 : 1);

for (const w of workspaces) rmSync(join(root, w, 'test-results.json'), { force: true });
run('packages: typecheck and test (turbo)', [process.execPath, 'x', 'turbo', 'run', 'typecheck', 'test', '--continue', '--concurrency=2']);
for (const w of workspaces) {
  const file = join(root, w, 'test-results.json');
  if (!existsSync(file)) {
    process.stderr.write(`${w}: no test results (its typecheck or test run failed before counting)\n`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8')) as { passed: number; failed: number; skipped: number };
  process.stderr.write(`${w}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}\n`);
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
}
if (skipped > 0) console.log(`${skipped} skipped (their tests say why)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
