// One package's tests (by hand in its folder, or its `test` script): its groups (testGroups.ts),
// then the package's closing line `N passed, N failed`.
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupsOf, runGroups, slowest, testJobs, total } from './testGroups.ts';

// Match files the hosts under test write go to a scratch folder, not the repo's .eliza/.
const matchDir = process.env.HOUSE_MATCH_DIR ?? mkdtempSync(join(tmpdir(), 'house-test-matches-'));
const env = { ...process.env, SENTRY_DSN: 'disabled', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', HOUSE_MATCH_DIR: matchDir };
const results = await runGroups(groupsOf(process.cwd()), testJobs(cpus().length), process.cwd(), env);
const { passed, failed, skipped } = total(results);
process.stderr.write(`slowest: ${slowest(results, 5)}\n`);
for (const failure of results.flatMap((r) => r.failures)) process.stderr.write(`\nFAILED ${failure}\n`);
if (skipped > 0) console.log(`${skipped} skipped (their tests say why)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
