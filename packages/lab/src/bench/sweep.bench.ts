import type { LabGame } from '../games/labGame.ts';
import { labGames } from '../games/labGames.ts';
import { runRuns } from '../sweep/runRuns.ts';
import { parseSweepArgs, planRuns } from '../sweep/sweepPlan.ts';

/** Runs per second of one game's sweep through the experiment runner on 2 worker threads, metrics included, no disk. */
async function runsPerSecond(lab: LabGame): Promise<number> {
  const { plan } = parseSweepArgs([lab.game.id, ...lab.benchSweep]);
  const specs = planRuns(plan, lab.game);
  const start = performance.now();
  await runRuns(specs, { workers: 2 }, (reply) => {
    if (!reply.ok) throw new Error(reply.error);
  });
  return specs.length / ((performance.now() - start) / 1000);
}

/** Sweep throughput per game (runs per second, 2 workers), each game's `benchSweep`: trust 2 players x 30 rounds, cafe 4 x 20, influence 8 players, gold mining 10 x 200, matrix 4 x 200. */
export async function bench(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const lab of labGames.values()) figures[`sweep.${lab.game.id}_runs_per_sec_2w`] = await runsPerSecond(lab);
  return figures;
}
