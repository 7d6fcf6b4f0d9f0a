import type { IAgentRuntime, Plugin, Route, RouteRequest, RouteResponse } from '@elizaos/core';
import type { AgentCard, Message } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, type AgentExecutor } from '@a2a-js/sdk/server';
import { HOUSE_EXTENSION_URI, type RemoteTurn } from '@the-house/lab/remote/remoteTurn.ts';
import { competitorMove } from './competitorMove.ts';

/** The longest A2A request the agent reads (a House turn with a Gold mining view is a few tens of kB). */
const MAX_REQUEST_CHARS = 512 * 1024;

/** The House's turn a message carries (its data part under the House's extension), if any. */
function turnOf(message: Message): RemoteTurn | null {
  for (const part of message.parts) {
    const value = part.content?.$case === 'data' ? part.content.value : undefined;
    if (value && typeof value === 'object' && typeof (value as { turn_id?: unknown }).turn_id === 'string' && typeof (value as { game?: unknown }).game === 'string') return value as RemoteTurn;
  }
  return null;
}

/** This agent's card, its JSON-RPC endpoint on the address the caller used. */
function cardOf(runtime: IAgentRuntime, base: string): AgentCard {
  const version = (runtime.character.settings as { competitorVersion?: unknown } | undefined)?.competitorVersion;
  return {
    name: runtime.character.name,
    description: `${runtime.character.name}, an ElizaOS agent that plays at The House's tables.`,
    supportedInterfaces: [{ url: `${base}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    provider: undefined,
    version: typeof version === 'string' ? version : '1.0.0',
    capabilities: { streaming: false, pushNotifications: false, extensions: [{ uri: HOUSE_EXTENSION_URI, description: "The House's turns: a data part with the seat's view, legal moves and schema; answered {turn_id, action}", required: false, params: undefined }] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json'],
    skills: [{ id: 'house-turn', name: 'Play a House turn', description: "Answers The House's turn with a move", tags: ['game'], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
    signatures: [],
  };
}

const handlers = new WeakMap<IAgentRuntime, JsonRpcTransportHandler>();

/** The agent's A2A server (the SDK's own request handler over JSON-RPC), made once per runtime. */
function rpcOf(runtime: IAgentRuntime): JsonRpcTransportHandler {
  let rpc = handlers.get(runtime);
  if (!rpc) {
    const executor: AgentExecutor = {
      async execute(ctx, bus) {
        const turn = turnOf(ctx.userMessage);
        const answer = turn ? await competitorMove(runtime, turn, ctx.contextId) : null;
        const part = answer
          ? { content: { $case: 'data' as const, value: answer }, metadata: undefined, filename: '', mediaType: 'application/json' }
          : { content: { $case: 'text' as const, value: 'I play turns The House sends under its extension.' }, metadata: undefined, filename: '', mediaType: 'text/plain' };
        bus.publish(AgentEvent.message({ messageId: crypto.randomUUID(), contextId: ctx.contextId, taskId: '', role: 2, parts: [part], metadata: undefined, extensions: [HOUSE_EXTENSION_URI], referenceTaskIds: [] }));
        bus.finished();
      },
      async cancelTask() {},
    };
    rpc = new JsonRpcTransportHandler(new DefaultRequestHandler(cardOf(runtime, ''), new InMemoryTaskStore(), executor));
    handlers.set(runtime, rpc);
  }
  return rpc;
}

/** The address the caller reached this agent at (its routes sit under /competitor, then its own path). */
function baseOf(req: RouteRequest, path: string): string {
  const host = req.headers?.host;
  const text = (Array.isArray(host) ? host[0] : host) ?? '127.0.0.1';
  const proto = req.headers?.['x-forwarded-proto'];
  return `${proto === 'https' ? 'https' : 'http'}://${text}/competitor${path}`;
}

const routesAt = (path: string): Route[] => [
  {
    type: 'GET',
    path: `${path}/.well-known/agent-card.json`,
    public: true,
    handler: async (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime) => {
      res.status(200).json(cardOf(runtime, baseOf(req, path)));
    },
  },
  {
    type: 'POST',
    path: `${path}/a2a`,
    handler: async (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime) => {
      try {
        const body = req.body ?? null;
        if (JSON.stringify(body).length > MAX_REQUEST_CHARS) return void res.status(413).json({ error: 'request too large' });
        res.status(200).json(await rpcOf(runtime).handle(body as Record<string, unknown>, new ServerCallContext()));
      } catch (error) {
        runtime.logger?.error?.(`competitor: a turn failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) res.status(500).json({ error: 'the agent could not answer that turn' });
      }
    },
  },
];

/**
 * Serves an ElizaOS agent as an A2A endpoint on its own server, so it can sit
 * at a House table from anywhere (`!enter NAME a2a https://its-server/competitor`):
 * the card at `/competitor/.well-known/agent-card.json`, JSON-RPC at
 * `/competitor/a2a`. Each House turn is answered with the agent's own model,
 * or with its offline baseline when it has none, and remembered with its match.
 */
export const competitorPlugin: Plugin = competitorPluginAt('');

/**
 * The same for one of several agents of one server: ElizaOS 1.7.2 hands a
 * plugin route's request to the first agent whose routes match its path
 * (an `?agentId=` query picks one, but an A2A client drops the query when it
 * reads the card under the address entered), so each agent answers under a
 * path of its own: `path` `/mod1` serves `/competitor/mod1/.well-known/agent-card.json`
 * and `/competitor/mod1/a2a`, entered as `https://its-server/competitor/mod1`.
 */
export function competitorPluginAt(path: string): Plugin {
  return {
    name: 'competitor',
    description: "Plays at The House's tables over A2A with this agent's model or its offline baseline",
    routes: routesAt(path),
  };
}
