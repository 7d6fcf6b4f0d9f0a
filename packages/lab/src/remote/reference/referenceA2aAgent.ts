import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, type AgentExecutor } from '@a2a-js/sdk/server';
import { TaskState, type AgentCard, type Message } from '@a2a-js/sdk';
import type { KeyObject } from 'node:crypto';
import { unsigned } from './unsigned.ts';
import type { MatchEnd } from '../matchEnd.ts';
import { HOUSE_EXTENSION_URI, type RemoteTurn } from '../remoteTurn.ts';
import { referenceAnswer, type AgentMode } from './referenceMove.ts';

export interface ReferenceAgentOptions {
  mode?: AgentMode;
  /** The baseline it plays (the game's first unless named). */
  strategy?: string;
  /** `slow`: how long it thinks. */
  delayMs?: number;
  /** Speak A2A v0.3 (its card and `message/send`) instead of v1.0. */
  v03?: boolean;
  port?: number;
  hostname?: string;
  /** Where it is reached, when that is a proxy in front of it: its card names this for turns (default: its own address, the `url` it gives). */
  publicUrl?: string;
  /** The House's public key: a POST not signed by it (`turnSignature.ts`) is answered 401. */
  key?: KeyObject;
}

export interface RunningAgent {
  url: string;
  /** Turns it was sent, by turn id, in order (a repeated id counted each time). */
  turns: string[];
  /** The ends of matches it was told (`MatchEnd`), in order. */
  ends: MatchEnd[];
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The turn a message carries under the House's extension, if any. */
function turnOf(message: Message): RemoteTurn | null {
  for (const part of message.parts) if (part.content?.$case === 'data' && part.content.value && typeof part.content.value === 'object' && 'turn_id' in part.content.value) return part.content.value as RemoteTurn;
  return null;
}

/** The end of a match a message carries (`kind: "match_over"`), if any. */
function endOf(message: Message): MatchEnd | null {
  for (const part of message.parts) if (part.content?.$case === 'data' && (part.content.value as { kind?: unknown } | undefined)?.kind === 'match_over') return part.content.value as MatchEnd;
  return null;
}

/**
 * A reference A2A agent on `Bun.serve`: the SDK's own server (v1.0, JSON-RPC)
 * or a v0.3 peer's wire (card with `url`, `message/send`, parts with
 * `kind`). It answers each turn from its view as a baseline would, in `mode`
 * (the broken ones are for fault tests and `seat-check`), and keeps its
 * answers by turn id: the same turn asked again gets the same answer.
 */
export function referenceA2aAgent(opts: ReferenceAgentOptions = {}): RunningAgent {
  const mode = opts.mode ?? 'good';
  const answers = new Map<string, unknown>();
  const turns: string[] = [];
  const ends: MatchEnd[] = [];
  const answerTo = async (turn: RemoteTurn): Promise<unknown> => {
    turns.push(turn.turn_id);
    const kept = answers.get(turn.turn_id);
    if (kept !== undefined) return kept;
    if (mode === 'slow') await sleep(opts.delayMs ?? 1_000);
    if (mode === 'silent') await sleep(3_600_000);
    const answer = referenceAnswer(turn, mode, opts.strategy);
    answers.set(turn.turn_id, answer);
    return answer;
  };
  let base = '';
  const card = (): AgentCard => ({
    name: 'reference agent',
    description: 'Plays a House baseline from each turn it is sent.',
    supportedInterfaces: [{ url: `${base}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: false, pushNotifications: false, extensions: [{ uri: HOUSE_EXTENSION_URI, description: 'House turns', required: false, params: undefined }] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json'],
    skills: [],
    signatures: [],
  });
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const end = endOf(ctx.userMessage);
      if (end) {
        // Nothing follows the end of a match: its task is done.
        ends.push(end);
        bus.publish(AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: new Date().toISOString() }, artifacts: [], history: [], metadata: undefined }));
        bus.finished();
        return;
      }
      const turn = turnOf(ctx.userMessage);
      const answer = turn ? await answerTo(turn) : 'send me a House turn';
      const part = typeof answer === 'string' ? { content: { $case: 'text' as const, value: answer }, metadata: undefined, filename: '', mediaType: 'text/plain' } : { content: { $case: 'data' as const, value: answer }, metadata: undefined, filename: '', mediaType: 'application/json' };
      bus.publish(AgentEvent.message({ messageId: crypto.randomUUID(), contextId: ctx.contextId, taskId: '', role: 2, parts: [part], metadata: undefined, extensions: [HOUSE_EXTENSION_URI], referenceTaskIds: [] }));
      bus.finished();
    },
    async cancelTask() {},
  };
  const rpc = new JsonRpcTransportHandler(new DefaultRequestHandler(card(), new InMemoryTaskStore(), executor));
  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: opts.hostname ?? '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === '/.well-known/agent-card.json') return Response.json(opts.v03 ? legacyCard(base) : card());
      if (req.method !== 'POST' || path !== '/a2a') return new Response('not found', { status: 404 });
      const body = await req.text();
      const refused = unsigned(body, req, opts.key);
      if (refused) return refused;
      if (opts.v03) return Response.json(await legacyAnswer(body, answerTo, ends));
      return Response.json(await rpc.handle(body, new ServerCallContext()));
    },
  });
  const own = `http://${server.hostname}:${server.port}`;
  base = opts.publicUrl ?? own;
  return { url: own, turns, ends, stop: async () => void (await server.stop(true)) };
}

/** A v0.3 agent card: one JSON-RPC `url`, `protocolVersion` 0.3.0. */
function legacyCard(base: string): Record<string, unknown> {
  return { protocolVersion: '0.3.0', name: 'reference agent (A2A v0.3)', description: 'Plays a House baseline from each turn it is sent.', url: `${base}/a2a`, preferredTransport: 'JSONRPC', version: '0.3.0', capabilities: {}, defaultInputModes: ['text/plain', 'application/json'], defaultOutputModes: ['application/json'], skills: [] };
}

/** `message/send` as a v0.3 peer answers it: parts with `kind`. */
async function legacyAnswer(body: string, answerTo: (turn: RemoteTurn) => Promise<unknown>, ends: MatchEnd[]): Promise<unknown> {
  const request = JSON.parse(body) as { id?: unknown; method?: string; params?: { message?: { contextId?: string; parts?: Array<{ kind?: string; data?: unknown }> } } };
  if (request.method !== 'message/send') return { jsonrpc: '2.0', id: request.id ?? null, error: { code: -32601, message: 'Method not found' } };
  const data = request.params?.message?.parts?.find((p) => p.kind === 'data')?.data as RemoteTurn | MatchEnd | undefined;
  if (data && 'kind' in data) {
    ends.push(data);
    return { jsonrpc: '2.0', id: request.id ?? null, result: { kind: 'task', id: crypto.randomUUID(), contextId: request.params?.message?.contextId, status: { state: 'completed' } } };
  }
  const answer = data ? await answerTo(data) : 'send me a House turn';
  const part = typeof answer === 'string' ? { kind: 'text', text: answer } : { kind: 'data', data: answer };
  return { jsonrpc: '2.0', id: request.id ?? null, result: { kind: 'message', messageId: crypto.randomUUID(), role: 'agent', contextId: request.params?.message?.contextId, parts: [part] } };
}
