import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Everything needed to run a preset's result again: what ran, with what, from which code. */
export interface Provenance {
  preset: string;
  config: unknown;
  seeds: number[];
  commandLine: string;
  /** The commit checked out, with whether the tree had changes; null outside a git checkout. */
  git: { commit: string; dirty: boolean } | null;
  versions: Record<string, string>;
  startedAt: string;
  finishedAt: string;
}

const here = (path: string) => new URL(path, import.meta.url);

function git(args: string[]): string | null {
  const run = spawnSync('git', args, { cwd: here('.'), encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 ? run.stdout.trim() : null;
}

/** The commit of the checkout holding this file, or null (no git, or not a checkout). */
export function gitState(): Provenance['git'] {
  const commit = git(['rev-parse', 'HEAD']);
  if (!commit) return null;
  return { commit, dirty: (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '' };
}

/** The runtime's and the workspace packages' versions, and every dependency of lab as declared (exact versions, so as installed). */
export function versions(): Record<string, string> {
  const read = (path: string) => JSON.parse(readFileSync(here(path), 'utf8')) as { name: string; version: string; dependencies?: Record<string, string> };
  const lab = read('../../package.json');
  const games = read('../../../games/package.json');
  const out: Record<string, string> = { bun: typeof Bun === 'undefined' ? 'none' : Bun.version, node: process.version, [lab.name]: lab.version, [games.name]: games.version };
  for (const [name, version] of Object.entries(lab.dependencies ?? {})) if (!version.startsWith('workspace:')) out[name] = version;
  return out;
}

/** A command line as a person would type it again (arguments with spaces or quotes quoted). */
export function commandLine(argv: readonly string[]): string {
  const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  return ['bun', 'run', 'house', 'reproduce', ...argv.map(quote)].join(' ');
}
