import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { DEFAULT_WINDOW } from '../decision/playerView.ts';
import { emptyRecord, MatchRecorder } from '../models/matchRecorder.ts';
import { parseFetchAllow, type OutboundPolicy } from '../net/outboundPolicy.ts';
import { decideRemote } from '../remote/decideRemote.ts';
import type { RemoteClient } from '../remote/remoteClient.ts';
import { clockRulesSchema, newClock } from '../remote/seatClock.ts';
import { decisionRequest } from '../seats/decisionRequestFor.ts';
import { seatPrompter } from '../seats/seatPrompts.ts';

/** The outbound policy with loopback allowed on every port, as HOUSE_FETCH_ALLOW=127.0.0.1:* would: the tests' agents listen there. */
export const LOOPBACK_POLICY = (parseFetchAllow('127.0.0.1:*') as { ok: true; policy: OutboundPolicy }).policy;

/** The agents a test file starts, stopped together at its end (`afterAll(roster.stopAll)`). */
export function agentRoster(): { started<T extends { stop(): unknown }>(agent: T): T; stopAll(): Promise<void> } {
  const running: Array<{ stop(): unknown }> = [];
  return {
    started: (agent) => (running.push(agent), agent),
    stopAll: async () => {
      for (const agent of running) await agent.stop();
    },
  };
}

const compact = seatPrompter('compact');

/** One Trust turn for seat `a` (seed 7, against `b`) through the remote pipeline, with a minute to answer and Grudger as the fallback. */
export async function oneTrustTurn(client: RemoteClient, matchId: string) {
  const match = Match.create(trustGame, {}, 7, ['a', 'b']);
  const recorder = new MatchRecorder(matchId, emptyRecord());
  const view = trustGame.view(match.state, 'a');
  const ctx = brainContext(7, 'a', 1, match.state.phase);
  ctx.deadline = Date.now() + 60_000;
  const request = decisionRequest(trustGame, match.state, matchId, view, ctx);
  const line = { client, clock: newClock(clockRulesSchema.parse({})), entrant: 'ref@1', fallback: trustGame.strategies.grudger! };
  return decideRemote({ game: trustGame, state: match.state, view, ctx, request, table: matchId, line, recorder, prompt: (r) => compact.prompt('', r, null, DEFAULT_WINDOW).text, signal: new AbortController().signal });
}
