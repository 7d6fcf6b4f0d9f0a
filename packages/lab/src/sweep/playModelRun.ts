import { Match, type RoundRecord } from '@the-house/games/engine/match.ts';
import { halves } from '@the-house/games/engine/runMetrics.ts';
import type { MetricRow, PlayerId } from '@the-house/games/engine/types.ts';
import { modelSeat, remoteSeat } from '../cli/seatsArg.ts';
import { isRemoteEntry } from '../remote/remoteEntry.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import type { PriceTable } from '../models/priceTable.ts';
import { playRecorded, type HeadlessSeat } from '../seats/playRecorded.ts';
import { measureRun } from './measureRun.ts';
import { gameById } from './playRun.ts';
import { seatIds, type RunResult, type RunSpec } from './runSpec.ts';
import { seatResults } from '../results/seatResults.ts';
import type { SeatClockState } from '../remote/seatClock.ts';
import { seatOwner } from '../seats/seatOwner.ts';

/**
 * A run with model seats (or remote agents'): played through the recorded runner (the House's
 * prompts, repair round and fallbacks, each call paced by its provider's
 * gate), measured like any run, plus what the models cost: `usage:calls`,
 * `usage:tokens`, `usage:cost`, `usage:fallbacks` over the run and each half,
 * and each seat's result class (`seatResults`), which its ratings follow.
 */
export async function playModelRun(spec: RunSpec, prices: PriceTable, env: Record<string, string | undefined> = process.env): Promise<RunResult> {
  const game = gameById(spec.game);
  const config = game.configSchema.parse(spec.config);
  const ids = seatIds(spec);
  const seats: Record<PlayerId, HeadlessSeat> = Object.fromEntries(
    spec.lineup.map((name, i) => {
      if (name.startsWith('model:')) return [ids[i]!, modelSeat(game, name, env)[1]];
      if (isRemoteEntry(name)) return [ids[i]!, remoteSeat(game, name, env)[1]];
      const strategy = Object.hasOwn(game.strategies, name) ? game.strategies[name] : undefined;
      if (!strategy) throw new Error(`unknown ${game.id} strategy '${name}'`);
      return [ids[i]!, { kind: 'offline' as const, strategy }];
    }),
  );
  const match = Match.create(game, config, spec.seed, ids);
  const rounds: RoundRecord[] = [];
  const track: number[][] = [ids.map((id) => game.score(match.state, id))];
  const recorder = new MatchRecorder(spec.id, emptyRecord(), prices);
  const { outcome } = await playRecorded(match, seats, recorder, {
    matchId: spec.id,
    budget: {},
    window: { historyRounds: 12 },
    onRound: (record) => {
      rounds.push(record);
      track.push(ids.map((id) => game.score(match.state, id)));
    },
  });
  const result = measureRun(game, spec, ids, { state: match.state, rounds }, outcome, track);
  const clocks = new Map<PlayerId, SeatClockState>(ids.flatMap((id) => { const seat = seats[id]!; return seat.kind === 'remote' ? [[id, seat.line.clock] as const] : []; }));
  const scores = Object.fromEntries(ids.map((id, i) => [id, result.scores[i]!]));
  result.seatResults = seatResults(outcome, recorder.record, { players: ids, scores, ownerOf: (id) => seatOwner(match.state, id), clocks });
  const { first, second } = halves(rounds.length);
  const calls = recorder.record.calls.filter((c) => c.caller !== 'house');
  const fallbacks = recorder.record.phases.map((p) => ({ round: p.round, n: Object.values(p.answers).filter((a) => a.outcome === 'fallback' || a.kind === 'baseline').length }));
  const over = <T extends { round: number }>(items: readonly T[], value: (t: T) => number, from = 1, to = Infinity) =>
    items.filter((t) => t.round >= from && t.round <= to).reduce((s, t) => s + value(t), 0);
  const row = <T extends { round: number }>(metric: string, items: readonly T[], value: (t: T) => number): MetricRow => ({
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
