import type { MatchEnd } from '../matchEnd.ts';
import type { RemoteTurn } from '../remoteTurn.ts';
import { referenceAnswer, type AgentMode } from './referenceMove.ts';
import type { ReferenceAgentOptions, RunningAgent } from './referenceA2aAgent.ts';
import { unsigned } from './unsigned.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A reference plain HTTP bot: takes the House's POSTed turn, answers
 * `{turn_id, action}` from its view as a baseline would (or as broken as
 * `mode` says), and keeps its answers by turn id; given the House's key, it
 * answers 401 to a POST that key did not sign.
 */
export function referenceHttpBot(opts: ReferenceAgentOptions = {}): RunningAgent {
  const mode: AgentMode = opts.mode ?? 'good';
  const answers = new Map<string, unknown>();
  const turns: string[] = [];
  const ends: MatchEnd[] = [];
  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: opts.hostname ?? '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      if (req.method !== 'POST') return new Response('POST a turn here', { status: 405 });
      const body = await req.text();
      const refused = unsigned(body, req, opts.key);
      if (refused) return refused;
      const turn = JSON.parse(body) as RemoteTurn | MatchEnd;
      if ('kind' in turn) {
        ends.push(turn);
        return Response.json({ ok: true });
      }
      turns.push(turn.turn_id);
      let answer = answers.get(turn.turn_id);
      if (answer === undefined) {
        if (mode === 'slow') await sleep(opts.delayMs ?? 1_000);
        if (mode === 'silent') await sleep(3_600_000);
        answer = referenceAnswer(turn, mode, opts.strategy);
        answers.set(turn.turn_id, answer);
      }
      return typeof answer === 'string' ? new Response(answer, { headers: { 'content-type': 'text/plain' } }) : Response.json(answer);
    },
  });
  return { url: `http://${server.hostname}:${server.port}/turn`, turns, ends, stop: async () => void (await server.stop(true)) };
}
