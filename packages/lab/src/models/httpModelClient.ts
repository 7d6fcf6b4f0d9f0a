import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import type { ModelClient } from './modelCall.ts';
import { InvalidAnswer } from './providerError.ts';
import { redactUrl, secretsRedactor } from './redact.ts';

/**
 * An HTTP error with what the gate reads to decide on a retry: the status and
 * the response's headers. The body (redacted by the client) is for the host
 * log at debug level: the record keeps only the status and its reason class.
 */
export class ModelHttpError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly responseHeaders: Record<string, string>,
    readonly responseBody?: string,
  ) {
    super(message);
  }
}

/** A failed response as a ModelHttpError: the status line and body through `redact` before they are held anywhere. */
export async function httpError(res: Response, redact: (text: string) => string): Promise<ModelHttpError> {
  const body = (await res.text().catch(() => '')).slice(0, 300);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return new ModelHttpError(redact(`${res.status} ${res.statusText}`), res.status, headers, redact(body));
}

export interface HttpModelOptions {
  /** Base URL ending before `/chat/completions`, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The system message every call carries. */
  system: string;
  temperature?: number;
  /** Where a failed call's own text goes, redacted (a debug log); nowhere when absent. */
  debug?: (line: string) => void;
}

/**
 * A model behind any OpenAI-compatible `/chat/completions` endpoint (OpenAI,
 * vLLM, llama.cpp, Ollama's compatible API...), for headless runs that boot no
 * ElizaOS runtime. Errors carry the status and headers so the provider gate
 * can tell a rate limit (retry) from a refusal (fall back).
 */
export function httpModelClient(opts: HttpModelOptions): ModelClient & { gateKey: string; baseUrl: string } {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const redact = secretsRedactor(opts.apiKey, base);
  return {
    provider: `http@${redactUrl(base)}`,
    model: opts.model,
    free: false,
    gateKey: `http|${redactUrl(base)}|${sha256Hex(`${base}\n${opts.apiKey}`).slice(0, 12)}`,
    baseUrl: base,
    async complete(prompt, signal, onUsage) {
      const res = await fetch(`${base}/chat/completions`, {
        method: 'POST',
        signal,
        headers: { 'Content-Type': 'application/json', ...(opts.apiKey ? { Authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify({
          model: opts.model,
          temperature: opts.temperature ?? 0.7,
          messages: [
            ...(opts.system ? [{ role: 'system', content: opts.system }] : []),
            { role: 'user', content: prompt },
          ],
        }),
      });
      if (!res.ok) throw await httpError(res, redact);
      const json = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens_details?: { cached_tokens?: unknown } } };
      const cached = json.usage?.prompt_tokens_details?.cached_tokens;
      if (typeof cached === 'number' && Number.isFinite(cached) && cached >= 0) onUsage?.({ cachedTokens: cached });
      const content = json.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new InvalidAnswer('the answer has no choices[0].message.content');
      return content;
    },
    redact,
    ...(opts.debug ? { debug: opts.debug } : {}),
  };
}
