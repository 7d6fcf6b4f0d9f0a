import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import { httpError } from './httpModelClient.ts';
import type { ModelClient, PromptShape } from './modelCall.ts';
import { InvalidAnswer } from './providerError.ts';
import { redactUrl, secretsRedactor } from './redact.ts';

export interface AnthropicModelOptions {
  /** Base URL before `/v1/messages`, e.g. `https://api.anthropic.com`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The system message every call carries. */
  system: string;
  maxTokens?: number;
  temperature?: number;
  /** Where a failed call's own text goes, redacted (a debug log); nowhere when absent. */
  debug?: (line: string) => void;
}

/** Anthropic takes at most four cache breakpoints a request. */
const MAX_BREAKPOINTS = 4;

/**
 * The user message's content: the prompt's pieces (its shape, or the text
 * whole), a cache breakpoint after each piece the shape names (the last four
 * when it names more), so the prefix up to each is written to the cache and
 * a later request reads it (a conversation's head and its latest turn).
 */
export function anthropicContent(prompt: string, shape?: PromptShape): Array<{ type: 'text'; text: string; cache_control?: { type: 'ephemeral' } }> {
  const blocks = shape && shape.blocks.join('') === prompt ? shape.blocks : [prompt];
  const marks = new Set(shape && blocks === shape.blocks ? shape.cacheAt.filter((i) => i >= 0 && i < blocks.length).slice(-MAX_BREAKPOINTS) : []);
  return blocks.map((text, i) => (marks.has(i) ? { type: 'text', text, cache_control: { type: 'ephemeral' } } : { type: 'text', text }));
}

/**
 * A Claude model behind Anthropic's Messages API, for headless runs: the
 * prompt goes as one user message in pieces with the shape's cache
 * breakpoints (Anthropic caches only what a request marks), and the usage's
 * cache reads and writes reach the record. Errors carry the status and
 * headers, as `httpModelClient`'s do, for the provider gate.
 */
export function anthropicModelClient(opts: AnthropicModelOptions): ModelClient & { gateKey: string; baseUrl: string } {
  const base = opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const redact = secretsRedactor(opts.apiKey, base);
  return {
    provider: `anthropic@${redactUrl(base)}`,
    model: opts.model,
    free: false,
    gateKey: `anthropic|${redactUrl(base)}|${sha256Hex(`${base}\n${opts.apiKey}`).slice(0, 12)}`,
    baseUrl: base,
    async complete(prompt, signal, onUsage, shape) {
      const res = await fetch(`${base}/v1/messages`, {
        method: 'POST',
        signal,
        headers: { 'Content-Type': 'application/json', 'anthropic-version': '2023-06-01', ...(opts.apiKey ? { 'x-api-key': opts.apiKey } : {}) },
        body: JSON.stringify({
          model: opts.model,
          max_tokens: opts.maxTokens ?? 1024,
          temperature: opts.temperature ?? 0.7,
          ...(opts.system ? { system: opts.system } : {}),
          messages: [{ role: 'user', content: anthropicContent(prompt, shape) }],
        }),
      });
      if (!res.ok) throw await httpError(res, redact);
      const json = (await res.json()) as { content?: Array<{ type?: unknown; text?: unknown }>; usage?: { cache_read_input_tokens?: unknown; cache_creation_input_tokens?: unknown } };
      const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined);
      const read = count(json.usage?.cache_read_input_tokens);
      const written = count(json.usage?.cache_creation_input_tokens);
      if (read !== undefined || written !== undefined) onUsage?.({ ...(read === undefined ? {} : { cachedTokens: read }), ...(written === undefined ? {} : { cacheWriteTokens: written }) });
      const text = json.content?.filter((c) => c.type === 'text' && typeof c.text === 'string').map((c) => c.text as string).join('');
      if (!text) throw new InvalidAnswer('the answer has no text content');
      return text;
    },
    redact,
    ...(opts.debug ? { debug: opts.debug } : {}),
  };
}
