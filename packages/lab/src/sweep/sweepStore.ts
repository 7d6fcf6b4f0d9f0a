import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cli/cliError.ts';
import { readTextFile } from '../cli/readTextFile.ts';
import { FILE_LIMITS } from '../files/readBoundedText.ts';
import { parseRunJson, runJson, type RunResult } from './runSpec.ts';

/**
 * An experiment's out directory (a sweep's or a tournament's): `plan.json`
 * names it, `runs.jsonl` holds one line per finished run, appended as runs
 * finish. A killed run leaves at worst a torn last line, which is dropped on
 * the next start, and that run is redone.
 */
export class SweepStore {
  readonly runsPath: string;

  private constructor(readonly dir: string) {
    this.runsPath = join(dir, 'runs.jsonl');
  }

  static open(dir: string, plan: unknown): SweepStore {
    const store = new SweepStore(dir);
    const planPath = join(dir, 'plan.json');
    const planJson = `${JSON.stringify(plan, null, 2)}\n`;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new CliError(`cannot create out dir '${dir}': ${error instanceof Error ? error.message : String(error)}`);
    }
    if (existsSync(planPath)) {
      if (readTextFile(planPath, 'sweep plan', FILE_LIMITS.scenario) !== planJson) throw new CliError(`out dir '${dir}' holds a different sweep (see its plan.json); choose another --out`);
    } else {
      writeFileSync(planPath, planJson);
    }
    return store;
  }

  /** The finished runs, by id; rewrites the file without a torn or foreign line if there is one. */
  completed(): Map<string, RunResult> {
    const done = new Map<string, RunResult>();
    if (!existsSync(this.runsPath)) return done;
    const text = readTextFile(this.runsPath, 'sweep results');
    const lines = text.split('\n').filter(Boolean);
    let clean = text.length === 0 || text.endsWith('\n');
    for (const line of lines) {
      try {
        const result = parseRunJson(line) as RunResult;
        if (typeof result.id === 'string' && Array.isArray(result.metrics)) done.set(result.id, result);
        else clean = false;
      } catch {
        clean = false;
      }
    }
    if (!clean) writeFileSync(this.runsPath, [...done.values()].map((r) => `${runJson(r)}\n`).join(''));
    return done;
  }

  append(result: RunResult): void {
    appendFileSync(this.runsPath, `${runJson(result)}\n`);
  }

  write(name: string, text: string): string {
    const path = join(this.dir, name);
    writeFileSync(path, text);
    return path;
  }
}
