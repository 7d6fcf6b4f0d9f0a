// How the tests run: each package's pure tests in a few shared `bun test` processes,
// each `*.runtime.test.ts` (ElizaOS runtimes, PGLite, servers, browsers) in a process of
// its own (PGLite keeps one database per process), and up to `jobs` processes at once:
// most of a runtime test's time is waiting on a server, a timer or a browser.
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';
import { Glob } from 'bun';

/** Pure test files per shared process: enough to load modules once, few enough to spread over the cores. */
const PURE_PER_PROCESS = 24;

export interface TestGroup {
  /** The package folder the group runs in. */
  cwd: string;
  files: string[];
}

export interface GroupResult {
  name: string;
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Each failed test with the lines bun printed just before it (the error), so a log's tail names what failed. */
  failures: string[];
}

/** A package's tests as groups: its pure files in chunks, then each runtime file alone. */
export function groupsOf(cwd: string): TestGroup[] {
  const all = [...new Glob('{src,test}/**/*.test.ts').scanSync({ cwd })].filter((f) => !f.includes('node_modules')).sort();
  const runtime = all.filter((f) => f.endsWith('.runtime.test.ts'));
  const pure = all.filter((f) => !runtime.includes(f));
  const chunks = Math.ceil(pure.length / PURE_PER_PROCESS);
  const pureGroups = Array.from({ length: chunks }, (_, i) => pure.filter((_, j) => j % chunks === i));
  return [...pureGroups, ...runtime.map((f) => [f])].filter((g) => g.length > 0).map((files) => ({ cwd, files }));
}

/** One `bun test` process; its output is printed whole when it ends, so groups run side by side never interleave. */
function runGroup(group: TestGroup, root: string, env: NodeJS.ProcessEnv): Promise<GroupResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['test', '--timeout', '180000', ...group.files.map((f) => `./${f}`)], { cwd: group.cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('close', (code) => {
      process.stdout.write(out);
      process.stderr.write(err);
      const count = (label: string) => Number(err.match(new RegExp(`^\\s*(\\d+) ${label}$`, 'm'))?.[1] ?? 0);
      const where = relative(root, group.cwd) || '.';
      const name = group.files.length === 1 ? join(where, group.files[0]!) : `${where}: ${group.files.length} pure test files`;
      // A process that died without saying which test failed counts as one failure.
      const failed = count('fail') || (code !== 0 ? 1 : 0);
      resolve({ name, seconds: Math.round((Date.now() - started) / 100) / 10, passed: count('pass'), failed, skipped: count('skip'), failures: failed > 0 ? failuresIn(name, err) : [] });
    });
  });
}

/** Lines of context kept before each `(fail)` line: enough for the error and where it was thrown. */
const CONTEXT_LINES = 14;

/** Each `(fail)` line of a process's output with the error printed above it; or the output's last lines when none says which. */
export function failuresIn(name: string, output: string): string[] {
  const lines = output.split('\n');
  const at = lines.flatMap((line, i) => (line.startsWith('(fail)') ? [i] : []));
  if (at.length === 0) return [`${name}: the process failed without naming a test; its last lines:\n${lines.slice(-CONTEXT_LINES).join('\n')}`];
  return at.map((i) => `${name}: ${lines[i]}\n${lines.slice(Math.max(0, i - CONTEXT_LINES), i).join('\n')}`);
}

/** Runs the groups, the longest-waiting kinds first, `jobs` at a time. */
export async function runGroups(groups: TestGroup[], jobs: number, root: string, env: NodeJS.ProcessEnv): Promise<GroupResult[]> {
  const queue = [...groups];
  const results: GroupResult[] = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push(await runGroup(next, root, env));
    }),
  );
  return results;
}

/** Processes at once: HOUSE_TEST_JOBS, else one more than the cores (at least 3). */
export function testJobs(cores: number): number {
  const asked = Number(process.env.HOUSE_TEST_JOBS);
  return Math.max(1, Math.min(16, Number.isInteger(asked) && asked > 0 ? asked : Math.max(3, cores + 1)));
}

export function total(results: GroupResult[]): { passed: number; failed: number; skipped: number } {
  return results.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
}

/** The slowest processes, for finding where the time goes. */
export function slowest(results: GroupResult[], n = 10): string {
  return [...results]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n)
    .map((r) => `${r.name} ${r.seconds} s`)
    .join('; ');
}
