// The layering check in `bun run test`: dependency-cruiser with the repo's
// .dependency-cruiser.json (no import cycles; games <- lab <- plugin-player <-
// plugin-house <- apps; ElizaOS only in the plugins and the app; each package
// imports only what its package.json declares). One line per violation.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: Array<{ name: string } | string>;
}

const bin = join(dirname(createRequire(import.meta.url).resolve('dependency-cruiser/package.json')), 'bin', 'dependency-cruise.mjs');

/** Violations of the rules in `config` among the files under `roots` of `dir`, each as one line; empty when the layering holds. */
export function checkLayers(dir: string, config = join(dir, '.dependency-cruiser.json'), roots = ['apps', 'packages', 'scripts']): { lines: string[]; modules: number } {
  const run = spawnSync(process.execPath, [bin, '--config', config, '--output-type', 'json', ...roots], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  let result: { summary: { violations: Violation[]; totalCruised: number } };
  try {
    result = JSON.parse(run.stdout);
  } catch {
    return { lines: [`dependency-cruiser failed (exit ${run.status}): ${(run.stderr || run.stdout).trim().split('\n')[0]}`], modules: 0 };
  }
  const lines = result.summary.violations.map((v) => {
    const cycle = v.cycle?.length ? ` (cycle: ${[v.from, ...v.cycle.map((c) => (typeof c === 'string' ? c : c.name))].join(' -> ')})` : '';
    return `${v.rule.name}: ${v.from} -> ${v.to}${cycle}`;
  });
  return { lines, modules: result.summary.totalCruised };
}

if (import.meta.main) {
  const { lines, modules } = checkLayers(join(import.meta.dir, '..'));
  for (const line of lines) console.error(`layering: ${line}`);
  console.log(lines.length ? `layering: ${lines.length} violation(s)` : `layering: ok (${modules} modules, no cycles, imports go down only)`);
  process.exit(lines.length ? 1 : 0);
}
