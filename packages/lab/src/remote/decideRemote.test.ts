import { afterEach, describe, expect, setSystemTime, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { DEFAULT_WINDOW } from '../decision/playerView.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { seatPrompter } from '../seats/seatPrompts.ts';
import { decideRemote } from './decideRemote.ts';
import type { RemoteClient } from './remoteClient.ts';
import type { RemoteTurn } from './remoteTurn.ts';
import { clockRulesSchema, newClock, type SeatClockState } from './seatClock.ts';

const compact = seatPrompter('compact');
const PHASE_MS = 30_000;

/** An entrant's line (as its client reads the answer) that answers each turn at once with a high five, or, with `hang`, never (until the House's signal ends the ask); it keeps the turns it was sent. */
function entrant(hang = false): RemoteClient & { turns: RemoteTurn[] } {
  const turns: RemoteTurn[] = [];
  return {
    kind: 'http',
    provider: 'http@entrant.test/turn',
    turns,
    ask: (turn, signal) => {
      turns.push(turn);
      if (!hang) return Promise.resolve(JSON.stringify({ action: 'HIGH_FIVE', target: 'b' }));
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));
    },
  };
}

/** Seat `a`'s round-3 turn of one Trust match, its phase deadline set as the runner sets it when the phase is asked (now plus the phase's time). */
function turn(clock: SeatClockState, client: RemoteClient, signal: AbortSignal) {
  const match = Match.create(trustGame, {}, 7, ['a', 'b']);
  const view = trustGame.view(match.state, 'a');
  const ctx = brainContext(7, 'a', 3, match.state.phase);
  ctx.deadline = Date.now() + PHASE_MS;
  const request = decisionRequest(trustGame, match.state, 'm-clock', view, ctx);
  const line = { client, clock, entrant: 'ref@1', fallback: trustGame.strategies.grudger! };
  return decideRemote({ game: trustGame, state: match.state, view, ctx, request, table: 'm-clock', line, recorder: new MatchRecorder('m-clock', emptyRecord()), prompt: (r) => compact.prompt('', r, null, DEFAULT_WINDOW).text, signal });
}

afterEach(() => setSystemTime());

describe("an entrant's clock across a restart", () => {
  test('the time the House was away is not charged: the cut turn costs nothing, and the resumed turn has its move time, its whole saved bank and a fresh phase', async () => {
    const rules = clockRulesSchema.parse({ moveMs: 1_000, bankMs: 5_000, maxMisses: 3 });
    // State in: the clock as the last phase's save holds it (2 s of the bank spent earlier, one miss in a row).
    const saved = JSON.stringify({ ...newClock(rules), bankLeftMs: 3_000, missesInRow: 1, timeouts: 1 });

    // The old host asks the turn, then stops (the House's own signal, as a stop or a lost lease) before any answer.
    setSystemTime(new Date('2026-11-29T06:00:00Z'));
    const oldClock = JSON.parse(saved) as SeatClockState;
    const stop = new AbortController();
    const cut = turn(oldClock, entrant(true), stop.signal);
    stop.abort();
    expect((await cut).houseFault).toBe(true);
    expect(oldClock).toEqual(JSON.parse(saved));

    // Ten minutes later another host resumes the phase from the save.
    setSystemTime(new Date('2026-11-29T06:10:00Z'));
    const clock = JSON.parse(saved) as SeatClockState;
    const client = entrant();
    const resumed = await turn(clock, client, new AbortController().signal);
    expect(resumed.trace.errors).toEqual([]);
    expect(resumed.trace.outcome).toBe('valid');
    const [asked] = client.turns;
    expect(asked!.deadline).toBe(Date.now() + 1_000 + 3_000);
    expect(asked!.ms_left).toBe(4_000);
    expect(asked!.bank_ms_left).toBe(3_000);
    // State out: the bank as saved, the miss run ended by a valid answer, no timeout added.
    expect(clock).toEqual({ ...JSON.parse(saved), missesInRow: 0 });
  });
});
