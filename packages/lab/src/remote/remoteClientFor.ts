import type { KeyObject } from 'node:crypto';
import type { OutboundPolicy } from '../net/outboundPolicy.ts';
import { a2aSeatClient } from './a2aSeatClient.ts';
import { httpBotClient } from './httpBotClient.ts';
import { openaiSeatClient } from './openaiSeatClient.ts';
import type { RemoteClient } from './remoteClient.ts';
import type { RemoteSpec } from './remoteSpec.ts';

export interface RemoteClientContext {
  policy?: OutboundPolicy;
  /** An OpenAI-compatible entrant's key (given privately; never recorded). */
  apiKey?: string;
  /** Where each kind's failure details go (the host log, stderr): never the record. */
  onDetail?: (detail: string) => void;
  /** The key that signs every request to an A2A agent or an HTTP bot (the House's own, or headless play's local one), asked for at the first request. */
  signingKey?: () => KeyObject | null;
}

/** The one place a remote spec becomes its client; an MCP seat has none (the House serves it: `McpSeatDesk`). */
export function remoteClientFor(spec: RemoteSpec, context: RemoteClientContext): RemoteClient | null {
  const { policy, onDetail, signingKey } = context;
  if (spec.kind === 'a2a') return a2aSeatClient(spec.url!, { policy, onDetail, signingKey });
  if (spec.kind === 'http') return httpBotClient(spec.url!, { policy, onDetail, signingKey });
  if (spec.kind === 'openai') return openaiSeatClient({ baseUrl: spec.url!, model: spec.model ?? '', apiKey: context.apiKey ?? '', policy, onDetail, onProblem: onDetail });
  return null;
}
