// One package's tests (run by turbo in the package's folder, or by hand): every
// `src/**/*.test.ts` and `test/**/*.test.ts` with `bun test`, then the package's closing line. Pure tests share
// one process; each `*.runtime.test.ts` (ElizaOS runtimes, PGLite, servers, browsers)
// runs in a process of its own, because PGLite keeps one database per process.
// The counts also go to test-results.json, which the root's `bun run test` adds up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Glob } from 'bun';

const all = [...new Glob('{src,test}/**/*.test.ts').scanSync({ cwd: process.cwd() })].filter((f) => !f.includes('node_modules')).sort();
const runtime = all.filter((f) => f.endsWith('.runtime.test.ts'));
const pure = all.filter((f) => !runtime.includes(f));
const groups = [pure, ...runtime.map((f) => [f])].filter((g) => g.length > 0);

// Match files the hosts under test write go to a scratch folder, not the repo's .eliza/.
const matchDir = process.env.HOUSE_MATCH_DIR ?? mkdtempSync(join(tmpdir(), 'house-test-matches-'));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const files of groups) {
  const run = spawnSync(process.execPath, ['test', '--timeout', '180000', ...files.map((f) => `./${f}`)], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, SENTRY_DSN: 'disabled', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', HOUSE_MATCH_DIR: matchDir },
  });
  const err = run.stderr ?? '';
  process.stderr.write(err);
  const count = (label: string) => Number(err.match(new RegExp(`^\\s*(\\d+) ${label}$`, 'm'))?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail');
  skipped += count('skip');
  // A process that died without saying which test failed counts as one failure.
  if (run.status !== 0 && count('fail') === 0) failed += 1;
}
writeFileSync('test-results.json', `${JSON.stringify({ passed, failed, skipped })}\n`);
if (skipped > 0) console.log(`${skipped} skipped (their tests say why)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
