import type { KeyObject } from 'node:crypto';
import type { OutboundPolicy } from '../net/outboundPolicy.ts';
import { redactUrl } from '../models/redact.ts';
import { policedFetch, RemoteCallError } from './policedFetch.ts';
import { readAnswer } from './remoteAnswer.ts';
import type { RemoteClient } from './remoteClient.ts';

/**
 * A plain HTTP bot (the shape Kaggle's URL agents use): the House POSTs the
 * turn as JSON (`turn_id`, `deadline`, `view`, `legal`, `schema`, `prompt`,
 * ...) to its URL and reads `{action}` (with `turn_id`, if it echoes it)
 * from the answer; through the outbound policy, with the body bounded.
 * After its last turn the House POSTs it the end of the match (`MatchEnd`).
 */
export function httpBotClient(url: string, opts: { policy?: OutboundPolicy; onDetail?: (detail: string) => void; signingKey?: () => KeyObject | null } = {}): RemoteClient {
  const send = policedFetch({ ...opts, home: url });
  return {
    kind: 'http',
    provider: `http@${redactUrl(url)}`,
    async raw(turn, signal) {
      const response = await send(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(turn), signal });
      const text = await response.text();
      if (!response.ok) throw new RemoteCallError(`the bot answered HTTP ${response.status}`, 'status');
      // Words rather than JSON go on as words: the game says what is wrong with them, and the repair quotes it.
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    },
    async ask(turn, signal) {
      const read = readAnswer(await this.raw!(turn, signal), turn.turn_id);
      if (!read.ok) throw new Error(read.error);
      return read.text;
    },
    // The end of the match, POSTed once like a turn; any 2xx is taken, its body unread.
    async over(end, signal) {
      const response = await send(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(end), signal });
      if (!response.ok) throw new RemoteCallError(`the bot answered HTTP ${response.status}`, 'status');
    },
  };
}
