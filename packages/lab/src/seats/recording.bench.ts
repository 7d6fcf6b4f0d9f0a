import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { BUNDLE_FORMAT, type MatchBundle } from '../models/matchBundle.ts';
import { countTokens } from '../models/countTokens.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import type { ModelClient } from '../models/modelCall.ts';
import { decisionPrompt } from '../decision/decisionPrompt.ts';
import { decisionRequest } from './decisionRequestFor.ts';
import { NotesBook } from './notesBook.ts';
import { playRecorded, type HeadlessSeat } from './playRecorded.ts';
import { replayMatch } from './replayMatch.ts';

const goldmine = games.goldmine!;
const POLICIES = ['greedy-mine', 'defend-then-mine', 'tit-for-tat-raid', 'random'];
const players = Array.from({ length: 10 }, (_, i) => `p${i}`);
const strategyOf = (i: number) => goldmine.strategies[POLICIES[i % POLICIES.length]!]!;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** A 10-player, 200-round gold-mining match played by baselines with every answer recorded, as a match file. */
async function recordedMatch(seed: number): Promise<MatchBundle> {
  const match = Match.create(goldmine, {}, seed, players);
  const recorder = new MatchRecorder(`goldmine-${seed}`, emptyRecord());
  const seats: Record<PlayerId, HeadlessSeat> = Object.fromEntries(players.map((p, i) => [p, { kind: 'offline', strategy: strategyOf(i) }]));
  const { outcome } = await playRecorded(match, seats, recorder, { matchId: `goldmine-${seed}`, budget: {}, window: { historyRounds: 12 } });
  return { format: BUNDLE_FORMAT, id: `goldmine-${seed}`, game: 'goldmine', seed, config: match.state.config, players, options: {}, status: 'finished', outcome, head: match.log!.head, log: [...match.log!.entries], record: recorder.record };
}

/**
 * What recording model calls costs, and what a replay costs:
 * - the House's work around one model call (hash, token counts, cost, the
 *   record), with a model that answers at once and a 3,000-character prompt;
 * - replaying a recorded 10-player, 200-round gold-mining match from its
 *   file, against playing the same match with offline brains (log on);
 * - prompt tokens of a model seat's decision at rounds 1, 50 and 200 of
 *   that match (the history window keeps them flat).
 */
export async function bench(): Promise<Record<string, number>> {
  const prompt = `You are a miner. ${'The map and the rules, in words. '.repeat(90)}`;
  const answer = '{"actions": [{"type": "mine", "plot": 12, "k": 3}, {"type": "defend", "plot": 12}]}';
  const instant: ModelClient = { provider: 'bench@loopback', model: 'bench-1', free: false, complete: async () => answer };
  const bare: number[] = [];
  const recorded: number[] = [];
  for (let rep = 0; rep < 5; rep++) {
    const recorder = new MatchRecorder('bench', emptyRecord(), { 'bench-1': { input: 0.15, output: 0.6 } }, () => {});
    const n = 400;
    let t = performance.now();
    for (let i = 0; i < n; i++) await instant.complete(prompt);
    bare.push((performance.now() - t) / n);
    t = performance.now();
    for (let i = 0; i < n; i++) await recorder.call(instant, null, { caller: 'p0', purpose: 'decision', round: i, phase: 'act', system: 'Play well.' }, `${prompt}${i}`);
    recorded.push((performance.now() - t) / n);
  }

  const bundle = await recordedMatch(7);
  const offline: number[] = [];
  const replays: number[] = [];
  let reproduced = 1;
  for (let rep = 0; rep < 5; rep++) {
    let t = performance.now();
    const match = Match.create(goldmine, {}, 7, players);
    runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, strategyOf(i)])));
    // A replay checks the head it reaches, so the offline match hashes its chain too (a log chains when first read).
    void match.log!.head;
    offline.push(performance.now() - t);
    t = performance.now();
    const replayed = await replayMatch(games, bundle);
    replays.push(performance.now() - t);
    if (!replayed.ok || !replayed.report.reproduced) reproduced = 0;
  }

  const tokensAt: Record<number, number> = {};
  const match = Match.create(goldmine, {}, 7, players);
  const notes = new NotesBook('goldmine-7');
  const strategies = Object.fromEntries(players.map((p, i) => [p, strategyOf(i)]));
  runMatchSync(match, strategies, (record) => {
    notes.afterRound(match, players);
    const next = record.round + 1;
    if (next === 50 || next === 200) tokensAt[next] = promptTokens(match, notes, next);
  });
  const fresh = Match.create(goldmine, {}, 7, players);
  tokensAt[1] = promptTokens(fresh, new NotesBook('goldmine-7'), 1);

  return {
    'record.call_bare_ms': median(bare),
    'record.call_recorded_ms': median(recorded),
    'record.overhead_per_call_ms': median(recorded) - median(bare),
    'replay.goldmine_10p_200r_offline_ms': median(offline),
    'replay.goldmine_10p_200r_replay_ms': median(replays),
    'replay.goldmine_10p_200r_ratio': median(replays) / median(offline),
    'replay.reproduced': reproduced,
    'prompt.goldmine_10p_tokens_round_1': tokensAt[1] ?? 0,
    'prompt.goldmine_10p_tokens_round_50': tokensAt[50] ?? 0,
    'prompt.goldmine_10p_tokens_round_200': tokensAt[200] ?? 0,
  };
}

/** Tokens of p0's model prompt for the round about to be played. */
function promptTokens(match: Match, notes: NotesBook, round: number): number {
  const view = goldmine.view(match.state, 'p0');
  const request = decisionRequest(goldmine, match.state, 'goldmine-7', view, { player: 'p0', round, phase: match.state.phase });
  return countTokens(decisionPrompt('You are p0, a miner.', request, notes.of('p0'), { forModel: true, historyRounds: 12 }));
}
