import type { ProviderUsage } from '../models/modelCall.ts';
import type { MatchEnd } from './matchEnd.ts';
import type { RemoteTurn } from './remoteTurn.ts';

/** The kinds of remote seat: an A2A agent, an MCP client the House serves, a plain HTTP bot, a bare model behind an OpenAI-compatible endpoint. */
export const REMOTE_KINDS = ['a2a', 'mcp', 'http', 'openai'] as const;
export type RemoteKind = (typeof REMOTE_KINDS)[number];

/**
 * One remote seat's line to its agent: `ask` sends a turn and resolves with
 * the decision's text (an action's JSON, or a model's words), or throws a
 * `RemoteCallError` (unreachable, refused, too large, no answer in time) or
 * an Error saying why the answer cannot be read. It must give up when
 * `signal` aborts: the House's deadline for the turn.
 */
export interface RemoteClient {
  readonly kind: RemoteKind;
  /** For the record: the kind and where, never a key or a token (`kind@host/path`). */
  readonly provider: string;
  ask(turn: RemoteTurn, signal: AbortSignal, onUsage?: (usage: ProviderUsage) => void): Promise<string>;
  /** The agent's answer to a turn as it came, unread (`seat-check` looks at what it echoes); kinds whose answer is text have none. */
  raw?(turn: RemoteTurn, signal: AbortSignal): Promise<unknown>;
  /** The match is over: tells the agent, once, its own result (`tellMatchEnd`); resolves when the agent took it, throws if it did not (never the seat's fault). */
  over?(end: MatchEnd, signal: AbortSignal): Promise<void>;
  /** Let go of whatever the client holds (an MCP desk's waiters). */
  close?(): void;
}
