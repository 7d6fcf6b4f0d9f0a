import { modelSeat } from '../cli/seatsArg.ts';
import { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import type { PriceTable } from '../models/priceTable.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { goldmineStrategies } from '@the-house/games/goldmine/goldmineStrategies.ts';
import { halves } from '@the-house/games/goldmine/metrics/roundCounts.ts';
import { matchHistory } from '@the-house/games/goldmine/metrics/goldmineMetrics.ts';
import { roundLogsFromEvents } from '@the-house/games/goldmine/roundLogsFromEvents.ts';
import { measureRun, type SweepJob, type SweepResult } from './sweepJob.ts';

/** Whether a run has a model in its line-up (it then runs on the main thread, its calls paced by the provider's gate). */
export function hasModelSeats(job: SweepJob): boolean {
  return job.lineup.some((name) => name.startsWith('model:'));
}

/**
 * A run with model seats: played through the recorded runner (the House's
 * prompts, repair round and fallbacks), measured like any run, plus what the
 * models cost: `usage:calls`, `usage:tokens`, `usage:cost`, `usage:fallbacks`
 * over the match and each half.
 */
export async function runModelSweepJob(job: SweepJob, prices: PriceTable, env: Record<string, string | undefined> = process.env): Promise<SweepResult> {
  const config = goldmineConfigSchema.parse(job.config);
  const ids: PlayerId[] = job.lineup.map((name, i) => `${name.replace(/[^\w.-]+/g, '-')}-${i + 1}`);
  const seats: Record<PlayerId, HeadlessSeat> = Object.fromEntries(
    job.lineup.map((name, i) => [ids[i]!, name.startsWith('model:') ? modelSeat(goldmineGame, name, env)[1] : { kind: 'offline' as const, strategy: goldmineStrategies[name]! }]),
  );
  const match = Match.create(goldmineGame, config, job.seed, ids);
  const recorder = new MatchRecorder(job.id, emptyRecord(), prices);
  await playRecorded(match, seats, recorder, { matchId: job.id, budget: {}, window: { historyRounds: 12 } });
  const logs = roundLogsFromEvents(match.log!.entries);
  const result = measureRun(job, config, logs);
  const { first, second } = halves(matchHistory(config, ids.length, logs));
  const calls = recorder.record.calls.filter((c) => c.caller !== 'house');
  const fallbacks = recorder.record.phases.map((p) => ({ round: p.round, n: Object.values(p.answers).filter((a) => a.outcome === 'fallback' || a.kind === 'baseline').length }));
  const over = <T extends { round: number }>(items: readonly T[], value: (t: T) => number, from = 1, to = Infinity) =>
    items.filter((t) => t.round >= from && t.round <= to).reduce((s, t) => s + value(t), 0);
  const row = <T extends { round: number }>(metric: string, items: readonly T[], value: (t: T) => number) => ({
    metric,
    whole: over(items, value),
    first: over(items, value, first.from, first.to),
    second: over(items, value, second.from, second.to),
  });
  result.metrics.push(
    row('usage:calls', calls, () => 1),
    row('usage:tokens', calls, (c) => c.tokensIn + c.tokensOut),
    row('usage:cost', calls, (c) => c.cost),
    row('usage:fallbacks', fallbacks, (f) => f.n),
  );
  return result;
}
