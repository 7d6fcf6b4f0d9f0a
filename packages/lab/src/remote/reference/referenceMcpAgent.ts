import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { MatchEnd } from '../matchEnd.ts';
import type { RemoteTurn } from '../remoteTurn.ts';
import { referenceAnswer, type AgentMode } from './referenceMove.ts';

export interface McpAgentOptions {
  mode?: AgentMode;
  strategy?: string;
  delayMs?: number;
  /** Sent as `Authorization: Bearer <token>` as well as in the path. */
  bearer?: string;
  /** How long one wait_for_turn may hold (at most 25 s on the House's side). */
  pollMs?: number;
}

export interface McpAgentRun {
  /** Turn ids it handed in, in order. */
  submitted: string[];
  /** The end of its match, once `wait_for_turn` gave it (`{over: true, ...}`). */
  ends: MatchEnd[];
  /** Why it stopped: its match is over, the House refused its token, or it was told to stop. */
  done: Promise<string>;
  stop(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text of a tool's answer, and whether it was an error. */
function textOf(result: unknown): { text: string; error: boolean } {
  const r = result as { content?: Array<{ type: string; text?: string }>; isError?: boolean };
  return { text: r.content?.find((c) => c.type === 'text')?.text ?? '', error: r.isError === true };
}

/**
 * A reference MCP agent: connects to its seat's URL with the SDK's client
 * over Streamable HTTP, then loops: `wait_for_turn`, decide as a baseline
 * would (or as broken as `mode` says), `submit_action`, until
 * `wait_for_turn` says the match is over. A connection that
 * fails (or a 404 or 503 from a House still starting) is retried after a
 * pause; a refused token (HTTP 401 or 403) ends it.
 */
export function referenceMcpAgent(url: string, opts: McpAgentOptions = {}): McpAgentRun {
  const mode = opts.mode ?? 'good';
  const submitted: string[] = [];
  const ends: MatchEnd[] = [];
  let stopped = false;
  const done = (async (): Promise<string> => {
    let failures = 0;
    while (!stopped) {
      const client = new Client({ name: 'reference-mcp-agent', version: '1.0.0' });
      try {
        const transport = new StreamableHTTPClientTransport(new URL(url), opts.bearer ? { requestInit: { headers: { authorization: `Bearer ${opts.bearer}` } } } : undefined);
        await client.connect(transport);
        failures = 0;
        while (!stopped) {
          const waited = textOf(await client.callTool({ name: 'wait_for_turn', arguments: { timeout_ms: opts.pollMs ?? 25_000 } }, undefined, { timeout: 60_000 }));
          if (waited.error) return `refused: ${waited.text}`;
          if (!waited.text.startsWith('{')) continue;
          const turn = JSON.parse(waited.text) as RemoteTurn | (MatchEnd & { over: true });
          if ('over' in turn) {
            ends.push(turn);
            return 'over';
          }
          if (mode === 'silent') continue;
          if (mode === 'slow') await sleep(opts.delayMs ?? 1_000);
          const answer = referenceAnswer(turn, mode, opts.strategy);
          const action = typeof answer === 'string' ? answer : answer.action;
          const turnId = typeof answer === 'string' ? turn.turn_id : answer.turn_id;
          await client.callTool({ name: 'submit_action', arguments: { turn_id: turnId, action } });
          submitted.push(turn.turn_id);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const code = (error as { code?: unknown }).code;
        if (code === 401 || code === 403) return `refused (${code}): ${message.slice(0, 200)}`;
        failures += 1;
        if (failures > 600) return `gave up: ${message.slice(0, 200)}`;
        await sleep(250);
      } finally {
        await client.close().catch(() => undefined);
      }
    }
    return 'stopped';
  })();
  return { submitted, ends, done, stop: () => void (stopped = true) };
}
