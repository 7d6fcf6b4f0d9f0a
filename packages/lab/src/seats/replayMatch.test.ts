import { describe, expect, test } from 'bun:test';
import { GENESIS, type ChainForm } from '@the-house/games/engine/eventLog.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { BUNDLE_FORMAT, type MatchBundle } from '../models/matchBundle.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import type { ModelClient } from '../models/modelCall.ts';
import { decodeRequest } from '../decision/decisionRequest.ts';
import { PROMPT_FORMAT } from '../decision/promptFormat.ts';
import { playRecorded, type HeadlessSeat } from './playRecorded.ts';
import { replayMatch } from './replayMatch.ts';

const trust = games.trust!;

/** A model that plays copycat from the view it is asked about, answering in prose, badly on request. */
function fakeModel(match: () => Match, badAt: (round: number, repair: boolean) => boolean = () => false): ModelClient {
  return {
    provider: 'fake@loopback',
    model: 'fake-1',
    free: false,
    async complete(prompt) {
      const request = decodeRequest(prompt)!;
      if (badAt(request.round, request.error !== undefined)) return 'I think I will juggle.';
      const m = match();
      const move = trust.strategies.copycat!.decide(trust.view(m.state, request.player), brainContext(m.state.seed, request.player, request.round, request.phase));
      return `Sure. ${JSON.stringify(move)}`;
    },
  };
}

async function record(seats: (m: () => Match) => Record<string, HeadlessSeat>, budget = {}, logForm?: ChainForm, strictAnswers = true) {
  const match = Match.create(trust, { maxRounds: 12 }, 9, ['mia', 'copycat'], { logForm });
  const recorder = new MatchRecorder('trust-9', emptyRecord(), { 'fake-1': { input: 1, output: 2 } });
  // A record made before issue 36 has no `strictAnswers`.
  if (!strictAnswers) delete recorder.record.strictAnswers;
  const result = await playRecorded(match, seats(() => match), recorder, { matchId: 'trust-9', budget, window: { historyRounds: 12 } });
  const bundle: MatchBundle = {
    format: BUNDLE_FORMAT,
    id: 'trust-9',
    game: 'trust',
    seed: 9,
    config: match.state.config,
    players: ['mia', 'copycat'],
    options: { historyRounds: 12 },
    status: 'finished',
    outcome: result.outcome,
    head: match.log!.head,
    log: [...match.log!.entries],
    record: recorder.record,
  };
  return { match, recorder, bundle, ...result };
}

/** The fake model, with a key no Trust decision has added to each first answer (a repair's answer comes clean). */
function chattyModel(match: () => Match): ModelClient {
  const model = fakeModel(match);
  return { ...model, complete: async (prompt, signal) => ((await model.complete(prompt, signal)) as string).replace(/\}$/, decodeRequest(prompt)!.error === undefined ? ',"mood":"calm"}' : '}') };
}

const modelSeat = (match: () => Match, badAt?: (round: number, repair: boolean) => boolean): HeadlessSeat => ({
  kind: 'model',
  client: fakeModel(match, badAt),
  gate: null,
  persona: 'You are mia.',
  system: 'Play well.',
  fallback: trust.strategies.grudger!,
});

describe('recorded play and replay-match', () => {
  test('a match with a model seat replays offline to the same log, every prompt rebuilt identically', async () => {
    const { bundle, recorder } = await record((m) => ({ mia: modelSeat(m, (round, repair) => round === 3 && !repair), copycat: { kind: 'offline', strategy: trust.strategies.copycat! } }));
    const usage = recorder.usage().mia!;
    expect(usage).toMatchObject({ calls: 13, invalid: 1, repairs: 1, fallbacks: 0 });
    expect(usage.tokensIn).toBeGreaterThan(0);
    expect(usage.cost).toBeCloseTo((usage.tokensIn + 2 * usage.tokensOut) / 1e6, 12);
    // A copy: bun's toMatchObject writes its asymmetric matchers into the object it checks.
    const round3 = structuredClone(bundle.record.phases[2]!.answers.mia!);
    expect(round3).toMatchObject({ kind: 'model', outcome: 'repaired', texts: ['I think I will juggle.', expect.stringMatching(/^Sure\. \{/)] });

    const replayed = await replayMatch(games, bundle);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report).toMatchObject({ reproduced: true, phases: 12, divergence: null, prompts: { checked: 13, changed: [] } });
    expect(replayed.report.head).toBe(bundle.head);
  });

  test('a seat playing in conversation mode replays with every prompt of its conversation rebuilt, the repair included, and its cached tokens kept', async () => {
    const base = modelSeat(() => match!, (round, repair) => round === 3 && !repair) as Extract<HeadlessSeat, { kind: 'model' }>;
    const shapes: number[] = [];
    // A provider that says what its cache held and wrote (Anthropic's two figures), and sees the prompt's pieces.
    const client: ModelClient = { ...base.client, complete: (prompt, signal, onUsage, shape) => (shapes.push(shape?.blocks.length ?? 0), onUsage?.({ cachedTokens: 1024, cacheWriteTokens: 64 }), base.client.complete(prompt, signal)) };
    const seat = { ...base, client, prompts: 'conversation' as const };
    let match: Match | null = null;
    const { bundle, recorder } = await record((m) => {
      match = m();
      return { mia: seat, copycat: { kind: 'offline', strategy: trust.strategies.copycat! } };
    });
    expect(bundle.record.seats.mia).toMatchObject({ brain: 'model', prompts: 'conversation' });
    const calls = bundle.record.calls;
    expect(calls.map((c) => c.params.turn)).toEqual(calls.map((_, i) => i));
    expect(calls[1]).toMatchObject({ cachedIn: 1024, cacheWriteIn: 64 });
    // The head, then a turn and an answer per call before it.
    expect(shapes).toEqual(calls.map((_, i) => 2 + 2 * i));
    expect(recorder.usage().mia).toMatchObject({ calls: 13, repairs: 1, fallbacks: 0 });
    const replayed = await replayMatch(games, bundle);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report).toMatchObject({ reproduced: true, divergence: null, prompts: { checked: 13, changed: [] } });
    // A House that started the conversation afresh (after a restart) records turn 0 there; the replay starts afresh at the same call.
    const resumed: MatchBundle = structuredClone(bundle);
    resumed.record.calls[6]!.params.turn = 0;
    const again = await replayMatch(games, resumed);
    if (!again.ok) throw new Error(again.error);
    expect(again.report.prompts.changed.map((c) => c.call)).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  test('a changed answer shows where the replay first diverges; a changed prompt is named', async () => {
    const { bundle } = await record((m) => ({ mia: modelSeat(m), copycat: { kind: 'offline', strategy: trust.strategies.copycat! } }));
    const edited: MatchBundle = structuredClone(bundle);
    edited.record.phases[4]!.answers.copycat!.texts = ['{"action":"ATTACK"}'];
    edited.record.calls[2]!.promptHash = 'f'.repeat(64);
    const replayed = await replayMatch(games, edited);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report.reproduced).toBe(false);
    expect(replayed.report.divergence).toMatchObject({ round: 5, phase: 'act', expected: { type: 'round' }, got: { type: 'round' } });
    expect(replayed.report.prompts.changed).toEqual([{ round: 3, phase: 'act', player: 'mia', call: 2 }]);
  });

  test('a match logged before issue 26 (chain form 1) replays into a form 1 log, entry for entry', async () => {
    const { bundle } = await record((m) => ({ mia: modelSeat(m), copycat: { kind: 'offline', strategy: trust.strategies.copycat! } }), {}, 1);
    expect(bundle.log[0]!.prev).toBe(GENESIS);
    const replayed = await replayMatch(games, bundle);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report).toMatchObject({ reproduced: true, divergence: null });
    expect(replayed.report.head).toBe(bundle.head);
  });

  test('a match recorded in an older prompt format replays its answers and says which format it was, without comparing prompts', async () => {
    const { bundle } = await record((m) => ({ mia: modelSeat(m), copycat: { kind: 'offline', strategy: trust.strategies.copycat! } }));
    expect(bundle.record.promptFormat).toBe(PROMPT_FORMAT);
    const old: MatchBundle = structuredClone(bundle);
    delete old.record.promptFormat;
    for (const call of old.record.calls) call.promptHash = '0'.repeat(64);
    const replayed = await replayMatch(games, old);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report).toMatchObject({ reproduced: true, prompts: { checked: 0, changed: [], format: { recorded: 1, current: PROMPT_FORMAT } } });
  });

  test('a key no decision has is refused with a repair turn naming it, and the match replays; a record from before strict answers replays them as they were taken', async () => {
    const chatty = (m: () => Match): Record<string, HeadlessSeat> => ({ mia: { ...(modelSeat(m) as Extract<HeadlessSeat, { kind: 'model' }>), client: chattyModel(m) }, copycat: { kind: 'offline', strategy: trust.strategies.copycat! } });
    const strict = await record(chatty);
    expect(strict.recorder.usage().mia).toMatchObject({ calls: 24, invalid: 12, repairs: 12, fallbacks: 0 });
    const first = structuredClone(strict.bundle.record.phases[0]!.answers.mia!);
    expect(first).toMatchObject({ outcome: 'repaired', texts: [expect.stringContaining('"mood":"calm"'), expect.not.stringContaining('mood')] });
    expect(first.errors[0]).toStartWith('unknown key "mood" (a decision takes action, target, reason, ally, leave, share). Allowed now: HIGH_FIVE');
    const replayed = await replayMatch(games, strict.bundle);
    expect(replayed.ok && replayed.report).toMatchObject({ reproduced: true, prompts: { checked: 24, changed: [] } });

    const old = await record(chatty, {}, undefined, false);
    expect(old.recorder.usage().mia).toMatchObject({ calls: 12, invalid: 0 });
    const again = await replayMatch(games, old.bundle);
    expect(again.ok && again.report).toMatchObject({ reproduced: true, prompts: { checked: 12, changed: [] } });
    // Held to the schema, the same answers part from the record where the first one was taken.
    const held: MatchBundle = { ...structuredClone(old.bundle), record: { ...structuredClone(old.bundle.record), strictAnswers: true } };
    const parted = await replayMatch(games, held);
    expect(parted.ok && parted.report).toMatchObject({ reproduced: false, divergence: { round: 1 } });
  });

  test("a seat over its budget plays its baseline and the log says so; over the match's budget, play pauses", async () => {
    const seats = (m: () => Match): Record<string, HeadlessSeat> => ({ mia: modelSeat(m), copycat: { kind: 'offline', strategy: trust.strategies.copycat! } });
    const first = await record(seats);
    const perCall = first.recorder.record.calls[0]!.tokensIn + first.recorder.record.calls[0]!.tokensOut;
    const capped = await record(seats, { playerTokens: perCall * 2 });
    const notices = capped.bundle.log.filter((e) => e.type === 'budget_exhausted');
    expect(notices[0]).toMatchObject({ round: 3, data: { player: 'mia', strategy: 'grudger' } });
    expect(capped.recorder.usage().mia).toMatchObject({ calls: 2, baseline: 10 });
    const replayed = await replayMatch(games, capped.bundle);
    expect(replayed.ok && replayed.report.reproduced).toBe(true);

    const paused = await record(seats, { tokens: perCall * 4 });
    expect(paused.paused).toStartWith("the match's token budget is spent");
    expect(paused.match.state.round).toBeLessThan(12);
  });
});
