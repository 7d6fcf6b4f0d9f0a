import type { KeyObject } from 'node:crypto';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory, type Client } from '@a2a-js/sdk/client';
import type { Message, Task } from '@a2a-js/sdk';
import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import type { OutboundPolicy } from '../net/outboundPolicy.ts';
import { redactUrl } from '../models/redact.ts';
import { policedFetch, RemoteCallError } from './policedFetch.ts';
import { readAnswer } from './remoteAnswer.ts';
import type { MatchEnd } from './matchEnd.ts';
import type { RemoteClient } from './remoteClient.ts';
import { HOUSE_EXTENSION_URI, type RemoteTurn } from './remoteTurn.ts';

type Part = Message['parts'][number];

/** The turn as an A2A message: the compact prompt as text, the turn itself as data under the House's extension. */
export function turnMessage(turn: RemoteTurn, contextId: string): Message {
  const parts: Part[] = [
    { content: { $case: 'text', value: turn.prompt }, metadata: undefined, filename: '', mediaType: 'text/plain' },
    { content: { $case: 'data', value: turn }, metadata: { extension: HOUSE_EXTENSION_URI }, filename: '', mediaType: 'application/json' },
  ];
  // The message id is the turn's: the same turn asked again (after a House restart) is the same message.
  return { messageId: turn.turn_id, contextId, taskId: '', role: 1, parts, metadata: undefined, extensions: [HOUSE_EXTENSION_URI], referenceTaskIds: [] };
}

/** One A2A context per seat of a match, so an agent can keep its memory of the match by it. */
export const contextOf = (at: { table: string; seat: string }): string => sha256Hex(`house-context\n${at.table}\n${at.seat}`).slice(0, 32);

/**
 * The end of a match as an A2A message in the seat's context: its result in
 * words, and the same `MatchEnd` as data under the House's extension. The
 * House sends nothing after it, so an agent may mark its task for the match
 * completed (the reference agent answers with a task in
 * TASK_STATE_COMPLETED); whatever it answers is taken.
 */
export function endMessage(end: MatchEnd): Message {
  const words = `The match ${end.match} is over: you ${end.result.won ? 'won' : end.result.class === 'decided' ? 'did not win' : end.result.class === 'forfeit' ? 'forfeited' : 'are void'}${end.your_place !== null ? ` (place ${end.your_place})` : ''}.`;
  const parts: Part[] = [
    { content: { $case: 'text', value: words }, metadata: undefined, filename: '', mediaType: 'text/plain' },
    { content: { $case: 'data', value: end }, metadata: { extension: HOUSE_EXTENSION_URI }, filename: '', mediaType: 'application/json' },
  ];
  const messageId = sha256Hex(`house-end\n${end.match}\n${end.seat}`).slice(0, 32);
  return { messageId, contextId: contextOf({ table: end.match, seat: end.seat }), taskId: '', role: 1, parts, metadata: undefined, extensions: [HOUSE_EXTENSION_URI], referenceTaskIds: [] };
}

/** What an A2A answer carries: a data part `{turn_id, action}` first, else the first text part (JSON in words). */
export function answerOf(result: Message | Task): unknown {
  const parts: Part[] = [];
  if ('parts' in result) parts.push(...result.parts);
  else {
    for (const a of result.artifacts ?? []) parts.push(...a.parts);
    if (result.status?.message) parts.push(...result.status.message.parts);
  }
  const data = parts.find((p) => p.content?.$case === 'data');
  if (data?.content?.$case === 'data') return data.content.value;
  const text = parts.find((p) => p.content?.$case === 'text');
  return text?.content?.$case === 'text' ? text.content.value : undefined;
}

/**
 * An A2A agent (protocol v1.0, or a v0.3 peer through the SDK's compat
 * layer): the House reads its card at `/.well-known/agent-card.json` once,
 * then sends each turn as a message (`turnMessage`) in one context per seat
 * of a match, over JSON-RPC or HTTP+JSON as the card offers, every request
 * through the outbound policy with its body bounded.
 */
export function a2aSeatClient(baseUrl: string, opts: { policy?: OutboundPolicy; onDetail?: (detail: string) => void; signingKey?: () => KeyObject | null } = {}): RemoteClient {
  // The card's own address for the turns (`url`, `additionalInterfaces`) is the agent's word: only the address entered may be a listed local one.
  const fetchImpl = policedFetch({ ...opts, home: baseUrl });
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl, legacyCompat: { enabled: true } }), new RestTransportFactory({ fetchImpl, legacyCompat: { enabled: true } })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl, legacyCompat: { enabled: true } }),
    }),
  );
  // The card is read again after a failure: an agent that was down may be back with a new card.
  let client: Promise<Client> | null = null;
  return {
    kind: 'a2a',
    provider: `a2a@${redactUrl(baseUrl)}`,
    async ask(turn, signal) {
      const read = readAnswer(await this.raw!(turn, signal), turn.turn_id);
      if (!read.ok) throw new Error(read.error);
      return read.text;
    },
    async raw(turn, signal) {
      // The card is read under the URL given (`https://host/competitor` -> `https://host/competitor/.well-known/agent-card.json`), so an agent served under a path is found too.
      client ??= factory.createFromUrl(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      let result: Message | Task;
      try {
        result = await (await client).sendMessage({ tenant: '', message: turnMessage(turn, contextOf(turn)), configuration: undefined, metadata: undefined }, { signal });
      } catch (error) {
        client = null;
        if (error instanceof RemoteCallError) throw error;
        if (signal.aborted) throw new RemoteCallError('no answer in time', 'aborted');
        // Its own words stay out of the record (they could carry anything); the host log may have them.
        opts.onDetail?.(`A2A ${redactUrl(baseUrl)}: ${(error instanceof Error ? error.message : String(error)).slice(0, 200)}`);
        throw new RemoteCallError('the agent answered the turn with an error', 'status');
      }
      return answerOf(result);
    },
    async over(end, signal) {
      client ??= factory.createFromUrl(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      try {
        await (await client).sendMessage({ tenant: '', message: endMessage(end), configuration: undefined, metadata: undefined }, { signal });
      } catch (error) {
        if (error instanceof RemoteCallError) throw error;
        throw new RemoteCallError(signal.aborted ? 'no answer in time' : (error instanceof Error ? error.message : String(error)).slice(0, 200), signal.aborted ? 'aborted' : 'status');
      }
    },
  };
}
