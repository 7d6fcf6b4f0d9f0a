import { cpus } from 'node:os';
import { hashSeed } from '@the-house/games/engine/rng.ts';
import { CliError } from '../cli/cliError.ts';
import { runOnQueue } from '../queue/queueRuns.ts';
import { runRuns } from '../sweep/runRuns.ts';
import type { RunResult, RunSpec } from '../sweep/runSpec.ts';
import type { RunContext } from './preset.ts';

/**
 * A preset's runs played by the experiment runner (worker threads, as a sweep
 * does) or, with `--queue`, by queue workers under a name made from the preset
 * and its plan (a rerun continues it); the results in spec order. A failed
 * run stops the preset: a report with a hole in it would answer a different
 * question.
 */
export async function playSpecs(preset: string, game: string, plan: unknown, specs: readonly RunSpec[], context: RunContext): Promise<RunResult[]> {
  const done = new Map<string, RunResult>();
  const failed: string[] = [];
  if (context.queue !== null) {
    const name = `reproduce-${preset}-${(hashSeed(0, JSON.stringify(plan)) >>> 0).toString(16)}`;
    const outcome = await runOnQueue(context.queue, { name, kind: 'sweep', game, plan: JSON.stringify(plan), specs, label: `reproduce ${preset}`, unit: 'runs' }, true);
    for (const [id, result] of outcome?.results ?? []) done.set(id, result);
    failed.push(...(outcome?.failed ?? []).map((f) => `${f.id}: ${f.error}`));
  } else {
    let finished = 0;
    await runRuns(specs, { workers: specs.length >= 64 ? cpus().length : 0 }, (reply) => {
      if (reply.ok) done.set(reply.result.id, reply.result);
      else failed.push(`${reply.id}: ${reply.error}`);
      finished += 1;
      if (finished % 500 === 0 || finished === specs.length) context.progress(`${preset}: ${finished} of ${specs.length} runs`);
    });
  }
  if (failed.length) throw new CliError(`${failed.length} run${failed.length > 1 ? 's' : ''} of ${preset} failed, the first: ${failed[0]}`, 1);
  return specs.map((s) => done.get(s.id)!);
}
