import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import { providerGate } from '../models/gateRegistry.ts';
import { ModelHttpError } from '../models/httpModelClient.ts';
import type { ProviderGate } from '../models/providerGate.ts';
import { redactUrl, secretsRedactor } from '../models/redact.ts';
import type { OutboundPolicy } from '../net/outboundPolicy.ts';
import { policedFetch } from './policedFetch.ts';
import type { RemoteClient } from './remoteClient.ts';

export interface OpenAiSeatOptions {
  /** Base URL ending before `/chat/completions`. */
  baseUrl: string;
  model: string;
  /** Never recorded: errors are redacted of it before the recorder keeps them. */
  apiKey: string;
  policy?: OutboundPolicy;
  onDetail?: (detail: string) => void;
  onProblem?: (text: string) => void;
}

/**
 * A bare model behind an entrant's own OpenAI-compatible endpoint: it reads
 * the House's compact prompt (with the repair's, when there is one) and its
 * words go through the House's pipeline as a model seat's do. Its calls go
 * through a provider gate of its own (keyed by the entrant's URL and key,
 * never shared with the House's providers) and the outbound policy.
 */
export function openaiSeatClient(opts: OpenAiSeatOptions): RemoteClient & { free: false; gate: ProviderGate; redact(text: string): string; model: string } {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const redact = secretsRedactor(opts.apiKey, base);
  const send = policedFetch({ policy: opts.policy, home: base, onDetail: opts.onDetail });
  const gate = providerGate(`entrant|${redactUrl(base)}|${sha256Hex(`${base}\n${opts.apiKey}`).slice(0, 12)}`, base, opts.onProblem);
  return {
    kind: 'openai',
    provider: `openai@${redactUrl(base)}`,
    model: opts.model,
    free: false,
    gate,
    redact,
    async ask(turn, signal, onUsage) {
      const res = await send(`${base}/chat/completions`, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify({ model: opts.model, messages: [{ role: 'user', content: turn.prompt }] }),
      });
      const text = await res.text();
      if (!res.ok) {
        const headers: Record<string, string> = {};
        res.headers.forEach((value, key) => (headers[key] = value));
        throw new ModelHttpError(redact(`${res.status} ${res.statusText}: ${text.slice(0, 300)}`), res.status, headers);
      }
      let json: { choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens_details?: { cached_tokens?: unknown } } };
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error('the endpoint answered with something that is not JSON');
      }
      const cached = json.usage?.prompt_tokens_details?.cached_tokens;
      if (typeof cached === 'number' && Number.isFinite(cached) && cached >= 0) onUsage?.({ cachedTokens: cached });
      const content = json.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new Error('the answer has no choices[0].message.content');
      return content;
    },
  };
}
