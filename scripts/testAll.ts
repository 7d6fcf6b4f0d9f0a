// `bun run test`: the layering check, one typecheck of the whole repo (tsc --strict), and
// every package's tests (testGroups.ts), all side by side, then where the time went and
// one closing line for CI: `N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupsOf, runGroups, slowest, testJobs, total, type GroupResult } from './testGroups.ts';

const root = join(import.meta.dir, '..');
const workspaces = ['packages/games', 'packages/lab', 'packages/plugin-player', 'packages/plugin-competitor', 'packages/plugin-house', 'apps/agent'];
const matchDir = process.env.HOUSE_MATCH_DIR ?? mkdtempSync(join(tmpdir(), 'house-test-matches-'));
const env = { ...process.env, SENTRY_DSN: 'disabled', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', HOUSE_MATCH_DIR: matchDir };

/** A check that is one command: it passes or fails as a whole, its output printed when it ends. */
function check(label: string, command: string[]): Promise<GroupResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (text += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (text += c));
    child.on('close', (code) => {
      process.stderr.write(`\n== ${label}\n${text}`);
      resolve({ name: label, seconds: Math.round((Date.now() - started) / 100) / 10, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, failures: code === 0 ? [] : [`${label}:\n${text.split('\n').slice(-20).join('\n')}`] });
    });
  });
}

const started = Date.now();
const checks = Promise.all([
  check('layering (dependency-cruiser)', [process.execPath, 'scripts/checkLayers.ts']),
  check('typecheck (tsc --strict, every package)', [process.execPath, 'x', 'tsc', '-p', 'tsconfig.json']),
]);
// Runtime files first: they wait the longest (servers, timers, a browser); pure groups fill the cores around them.
const all = [{ cwd: root, files: ['scripts/checkLayers.test.ts', 'scripts/testGroups.test.ts'] }, ...workspaces.flatMap((w) => groupsOf(join(root, w)))];
const isRuntime = (g: { files: string[] }) => g.files.length === 1 && g.files[0]!.endsWith('.runtime.test.ts');
const groups = [...all.filter(isRuntime).reverse(), ...all.filter((g) => !isRuntime(g))];
const tests = await runGroups(groups, testJobs(cpus().length), root, env);
const results = [...(await checks), ...tests];
const { passed, failed, skipped } = total(results);
process.stderr.write(`\nslowest: ${slowest(results)}\nall tests and checks in ${Math.round((Date.now() - started) / 1000)} s\n`);
// CI keeps only a log's tail: what failed is repeated here, next to the closing line.
for (const failure of results.flatMap((r) => r.failures)) process.stderr.write(`\nFAILED ${failure}\n`);
if (skipped > 0) console.log(`${skipped} skipped (their tests say why)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
