import { games } from '@the-house/games/registry.ts';
import { runRuns } from '../sweep/runRuns.ts';
import { parseSweepArgs, planRuns } from '../sweep/sweepPlan.ts';

/** Each game's sweep in the bench: a mixed population at its default size, 2 treatments, enough seeds for a few seconds on 2 cores. */
const SWEEPS: Record<string, string[]> = {
  trust: ['--seeds', '200', '--population', 'copycat:1,always-cheat:1', '--treatment', 'missChance=0,0.15'],
  cafe: ['--seeds', '100', '--population', 'credit-union:2,free-rider:2', '--treatment', 'interestRate=0,0.05'],
  influence: ['--seeds', '50', '--population', 'alliance:4,random:4', '--treatment', 'maxDmRecipients=2,4'],
  goldmine: ['--seeds', '20', '--population', 'greedy-mine:5,defend-then-mine:5', '--treatment', 'truce=1,3'],
};

/** Runs per second of one game's sweep through the experiment runner on 2 worker threads, metrics included, no disk. */
async function runsPerSecond(id: string): Promise<number> {
  const { plan } = parseSweepArgs([id, ...SWEEPS[id]!]);
  const specs = planRuns(plan, games[id]!);
  const start = performance.now();
  await runRuns(specs, { workers: 2 }, (reply) => {
    if (!reply.ok) throw new Error(reply.error);
  });
  return specs.length / ((performance.now() - start) / 1000);
}

/** Sweep throughput per game (runs per second, 2 workers): trust 2 players x 30 rounds, cafe 4 x 20, influence 8 players, gold mining 10 x 200. */
export async function bench(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const id of Object.keys(SWEEPS)) figures[`sweep.${id}_runs_per_sec_2w`] = await runsPerSecond(id);
  return figures;
}
