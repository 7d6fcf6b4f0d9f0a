import { decodeRequest, type DecisionRequest } from '../decision/decisionRequest.ts';
import { offlineEmbedding } from '../decision/offlineEmbedding.ts';
import { strategyMove } from '../decision/strategyMove.ts';
import { countTokens } from '../models/countTokens.ts';
import { modelAnswer, type ModelAnswerKind, type ModelAnswerOptions } from './modelAnswer.ts';

/**
 * How the stub answers a House decision request: `model` reads the prompt's
 * move signatures and legal moves as a model would and answers from them
 * alone (`modelAnswer`: legal most of the time, with the fault rates of
 * `options.model`); `legal` plays the game's first baseline strategy from the
 * view (the marker's, or `viewOf`'s); `malformed` sends broken JSON;
 * `invalid` sends well-formed JSON that no decision schema accepts.
 */
export type StubMode = 'model' | 'legal' | 'malformed' | 'invalid';

export interface StubCall {
  path: string;
  /** All the text the client sent (system and user parts), joined. */
  prompt: string;
  request: DecisionRequest | null;
  mode: StubMode | null;
  /** In `model` mode: a legal answer, or which fault. */
  kind?: ModelAnswerKind;
  /** Prompt tokens a provider that caches prefixes would have found cached (see `cache`); on /messages, what the marked prefixes held. */
  cachedTokens: number;
  /** On /messages: prompt tokens its cache breakpoints wrote to the cache. */
  cacheWriteTokens?: number;
  answer: string;
  stream: boolean;
  /** performance.now() when the request arrived, and when its answer was sent. */
  receivedAt: number;
  answeredAt: number;
}

export interface OpenAiStubOptions {
  /** Delay before every text answer (/responses, /chat/completions), in ms. */
  latencyMs?: number;
  /** Delay before every embedding, in ms (none by default: the bench times decisions). */
  embeddingLatencyMs?: number;
  /** A mode, or one chosen per request (e.g. malformed first, legal on the repair round). */
  mode?: StubMode | ((request: DecisionRequest) => StubMode);
  /** Answers a prompt itself; `undefined` falls back to the mode and the chat defaults. */
  answer?: (prompt: string, request: DecisionRequest | null) => string | undefined;
  /** Baseline strategy that `legal` answers play (the game's first when absent or unknown). */
  strategy?: string;
  /** How `model` answers go wrong, and how often. */
  model?: ModelAnswerOptions;
  /**
   * Prompt caching as OpenAI documents it: a prompt's longest prefix shared
   * with a recent prompt counts as cached from `minTokens` on, in whole
   * `block`s (reported as usage's cached tokens). Defaults: 1024 and 128.
   */
  cache?: { minTokens: number; block: number };
  /**
   * The view a request is about, when its marker leaves it out (a model's
   * prompt has the view in words, not in the marker): the stub then answers
   * like a model that read the view. Tests point it at the House's live match.
   */
  viewOf?: (request: DecisionRequest) => unknown;
  /**
   * Whether answers carry token counts (on by default). A provider counts
   * tokens on its own machines; this stub counts them in the process it
   * runs in: o200k counts of the prompt, its cached prefix and the answer,
   * about 1 ms a call (0.34 ms per 400 tokens here) that no real House pays.
   * Off, usage says 0 and nothing is counted.
   */
  countUsage?: boolean;
  /** Length of the embeddings (plugin-openai checks it against OPENAI_EMBEDDING_DIMENSIONS). */
  embeddingDimensions?: number;
  /**
   * A fault for the n-th text request (0-based, counting every /responses and
   * /chat/completions request): an HTTP error with headers (a 429 with
   * retry-after-ms, a 401 refusal, a 503), or a delay before the normal answer.
   */
  fault?: (n: number, request: DecisionRequest | null) => StubFault | null;
}

export type StubFault = { status: number; headers?: Record<string, string>; message?: string } | { delayMs: number };

export interface OpenAiStub {
  /** Base URL for OPENAI_BASE_URL, ending in `/v1`. */
  baseUrl: string;
  port: number;
  /** Every model call answered, in order. */
  calls: StubCall[];
  /** Every fault served, in order. */
  faults: Array<{ n: number; fault: StubFault }>;
  /** Live options: change them between calls. */
  options: OpenAiStubOptions;
  /** Settings that point @elizaos/plugin-openai at this stub. */
  env(): Record<string, string>;
  stop(): Promise<void>;
}

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'];

/** Text of a Responses `input` or a chat `messages` list: strings and text parts, in order. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join('\n');
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.text === 'string') return v.text;
    if ('content' in v) return textOf(v.content);
  }
  return '';
}

/** The text pieces of an Anthropic request's messages, each marked when it carries a cache breakpoint. */
function anthropicPieces(messages: unknown): Array<{ text: string; mark: boolean }> {
  const out: Array<{ text: string; mark: boolean }> = [];
  for (const m of Array.isArray(messages) ? messages : []) {
    const content = (m as { content?: unknown } | null)?.content;
    if (typeof content === 'string') out.push({ text: content, mark: false });
    else if (Array.isArray(content)) for (const c of content) if (c && typeof c.text === 'string') out.push({ text: c.text, mark: Boolean(c.cache_control) });
  }
  return out;
}

/** What the stub says to a prompt that carries no House request: the bootstrap's shouldRespond and reply formats. */
function chatAnswer(prompt: string): string {
  if (prompt.includes('RESPOND | IGNORE | STOP')) return '<response><name>stub</name><reasoning>Game talk goes through The House.</reasoning><action>IGNORE</action></response>';
  return '<response><thought>Stub model.</thought><actions>REPLY</actions><providers></providers><text>Stub model here.</text></response>';
}

function decisionAnswer(request: DecisionRequest, mode: Exclude<StubMode, 'model'>, strategy: string | null, viewOf: OpenAiStubOptions['viewOf']): string {
  if (mode === 'malformed') return '{"action": "HIGH_FIVE", "target": ';
  if (mode === 'invalid') return JSON.stringify({ action: 'JUGGLE', with: 'everyone' });
  const view = request.view ?? viewOf?.(request) ?? null;
  if (view === null) return JSON.stringify({ note: 'the stub has no view to play from' });
  return JSON.stringify(strategyMove({ ...request, view }, strategy ? { [request.game]: strategy } : null));
}

/** Usage as a provider reports it; all 0 when the stub does not count (`countUsage: false`), which `cached` already is then. */
function usage(prompt: string, answer: string, cached: number, counted = true) {
  return { input_tokens: counted ? countTokens(prompt) : 0, output_tokens: counted ? countTokens(answer) : 0, input_tokens_details: { cached_tokens: cached } };
}

/** The Responses API's answer to a non-streaming request, as @ai-sdk/openai parses it. */
function responseBody(model: string, answer: string, prompt: string, cached: number, counted: boolean) {
  const id = `resp_${crypto.randomUUID()}`;
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model,
    status: 'completed',
    output: [{ type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: answer, annotations: [] }] }],
    usage: usage(prompt, answer, cached, counted),
  };
}

/** The same answer as the server-sent events a streaming Responses request gets. */
function responseStream(model: string, answer: string, prompt: string, cached: number, counted: boolean): string {
  const id = `resp_${crypto.randomUUID()}`;
  const item = { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [] };
  const events = [
    { type: 'response.created', response: { id, created_at: Math.floor(Date.now() / 1000), model } },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.output_text.delta', item_id: item.id, delta: answer },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { usage: usage(prompt, answer, cached, counted) } },
  ];
  return events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

function chatCompletion(model: string, answer: string, prompt: string, cached: number, counted: boolean) {
  const u = usage(prompt, answer, cached, counted);
  return {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
    usage: { prompt_tokens: u.input_tokens, completion_tokens: u.output_tokens, total_tokens: u.input_tokens + u.output_tokens, prompt_tokens_details: { cached_tokens: cached } },
  };
}

/** A vector of the requested length from the offline brain's bag-of-characters embedding. */
function embedding(text: string, dimensions: number): number[] {
  const base = offlineEmbedding(text);
  return Array.from({ length: dimensions }, (_, i) => base[i % base.length]!);
}

/**
 * An OpenAI-compatible server on loopback (port 0) for tests and benches: GET
 * /models, POST /responses (plain and streaming), /chat/completions and
 * /embeddings; and Anthropic's POST /v1/messages, whose usage says what the
 * request's cache breakpoints read and wrote. Text answers wait `latencyMs`;
 * House requests are answered by mode, anything else with short
 * bootstrap-shaped replies. Usage counts tokens as the House does, with the
 * cached prefix of each prompt.
 */
export function startOpenAiStub(options: OpenAiStubOptions = {}): OpenAiStub {
  const calls: StubCall[] = [];
  const live: OpenAiStubOptions = { latencyMs: 0, mode: 'legal', embeddingDimensions: 1536, ...options };

  const counting = () => live.countUsage !== false;
  /** Recent prompts, for the cached prefix of the next. */
  const seen: string[] = [];
  const cachedTokens = (prompt: string): number => {
    if (!counting()) return 0;
    let shared = 0;
    for (const earlier of seen) {
      let i = 0;
      const n = Math.min(earlier.length, prompt.length);
      while (i < n && earlier.charCodeAt(i) === prompt.charCodeAt(i)) i++;
      shared = Math.max(shared, i);
    }
    seen.push(prompt);
    if (seen.length > 64) seen.shift();
    const { minTokens, block } = live.cache ?? { minTokens: 1024, block: 128 };
    const tokens = shared ? countTokens(prompt.slice(0, shared)) : 0;
    return tokens >= minTokens ? Math.floor(tokens / block) * block : 0;
  };

  /** Anthropic's cache: the prefixes requests marked (each at least `minTokens` long); a request reads the longest it shares up to 20 pieces before a mark of its own. */
  const marked = new Set<string>();
  const anthropicCache = (pieces: Array<{ text: string; mark: boolean }>): { read: number; written: number } => {
    const prefixes: string[] = [];
    for (const p of pieces) prefixes.push((prefixes.at(-1) ?? '') + p.text);
    const marks = pieces.flatMap((p, i) => (p.mark ? [i] : []));
    let hit = -1;
    for (const m of marks) for (let j = m; j >= Math.max(0, m - 20); j--) if (j > hit && marked.has(prefixes[j]!)) hit = j;
    const { minTokens } = live.cache ?? { minTokens: 1024 };
    const read = hit < 0 ? 0 : countTokens(prefixes[hit]!);
    let written = 0;
    for (const m of marks) {
      const tokens = countTokens(prefixes[m]!);
      if (tokens < minTokens) continue;
      marked.add(prefixes[m]!);
      if (m > hit) written = tokens - read;
    }
    return { read, written };
  };

  const answerFor = (path: string, prompt: string, stream: boolean, receivedAt: number): StubCall => {
    const request = decodeRequest(prompt);
    const own = live.answer?.(prompt, request);
    let mode: StubMode | null = null;
    let kind: ModelAnswerKind | undefined;
    let answer: string;
    if (own !== undefined) answer = own;
    else if (request) {
      mode = typeof live.mode === 'function' ? live.mode(request) : (live.mode ?? 'legal');
      if (mode === 'model') ({ text: answer, kind } = modelAnswer(prompt, live.model));
      else answer = decisionAnswer(request, mode, live.strategy ?? null, live.viewOf);
    } else answer = chatAnswer(prompt);
    const call: StubCall = { path, prompt, request, mode, ...(kind ? { kind } : {}), answer, cachedTokens: cachedTokens(prompt), stream, receivedAt, answeredAt: receivedAt };
    calls.push(call);
    return call;
  };

  const wait = (ms = live.latencyMs) => (ms ? Bun.sleep(ms) : Promise.resolve());
  let textRequests = 0;
  /** Every fault served, in order, for tests to compare with the House's record. */
  const faults: Array<{ n: number; fault: StubFault }> = [];
  const faultFor = async (prompt: string): Promise<Response | null> => {
    const n = textRequests++;
    const fault = live.fault?.(n, decodeRequest(prompt)) ?? null;
    if (!fault) return null;
    faults.push({ n, fault });
    if ('delayMs' in fault) {
      await Bun.sleep(fault.delayMs);
      return null;
    }
    return Response.json({ error: { message: fault.message ?? `stub fault ${fault.status}`, type: 'stub_fault', code: String(fault.status) } }, { status: fault.status, headers: fault.headers });
  };

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const receivedAt = performance.now();
      const path = new URL(req.url).pathname.replace(/^\/v1/, '');
      if (req.method === 'GET' && path === '/models') {
        return Response.json({ object: 'list', data: MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'stub' })) });
      }
      if (req.method !== 'POST') return Response.json({ error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error', code: 'not_found' } }, { status: 404 });
      const body = (await req.json().catch(() => ({}))) as Record<string, unknown>;
      const model = typeof body.model === 'string' ? body.model : 'gpt-4o';
      if (path === '/embeddings') {
        const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
        await wait(live.embeddingLatencyMs);
        return Response.json({
          object: 'list',
          model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text, live.embeddingDimensions ?? 1536) })),
          usage: { prompt_tokens: input.join(' ').length, total_tokens: input.join(' ').length },
        });
      }
      if (path === '/responses') {
        const prompt = [textOf(body.instructions), textOf(body.input)].filter(Boolean).join('\n');
        const faulted = await faultFor(prompt);
        if (faulted) return faulted;
        const stream = body.stream === true;
        const call = answerFor(path, prompt, stream, receivedAt);
        await wait();
        call.answeredAt = performance.now();
        if (stream) return new Response(responseStream(model, call.answer, prompt, call.cachedTokens, counting()), { headers: { 'Content-Type': 'text/event-stream' } });
        return Response.json(responseBody(model, call.answer, prompt, call.cachedTokens, counting()));
      }
      if (path === '/messages') {
        // Anthropic's Messages API: the system, then the user content's text pieces; what the pieces marked with cache_control hold.
        const pieces = anthropicPieces(body.messages);
        const prompt = [textOf(body.system), pieces.map((p) => p.text).join('')].filter(Boolean).join('\n');
        const faulted = await faultFor(prompt);
        if (faulted) return faulted;
        const call = answerFor(path, prompt, false, receivedAt);
        const cache = counting() ? anthropicCache(pieces) : { read: 0, written: 0 };
        call.cachedTokens = cache.read;
        call.cacheWriteTokens = cache.written;
        await wait();
        call.answeredAt = performance.now();
        return Response.json({
          id: `msg_${crypto.randomUUID()}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [{ type: 'text', text: call.answer }],
          stop_reason: 'end_turn',
          usage: { input_tokens: counting() ? countTokens(prompt) - cache.read - cache.written : 0, output_tokens: counting() ? countTokens(call.answer) : 0, cache_read_input_tokens: cache.read, cache_creation_input_tokens: cache.written },
        });
      }
      if (path === '/chat/completions') {
        const prompt = textOf(body.messages);
        const faulted = await faultFor(prompt);
        if (faulted) return faulted;
        const call = answerFor(path, prompt, false, receivedAt);
        await wait();
        call.answeredAt = performance.now();
        return Response.json(chatCompletion(model, call.answer, prompt, call.cachedTokens, counting()));
      }
      return Response.json({ error: { message: `no route POST ${path}`, type: 'invalid_request_error', code: 'not_found' } }, { status: 404 });
    },
  });

  const baseUrl = `http://127.0.0.1:${server.port}/v1`;
  return {
    baseUrl,
    port: server.port!,
    calls,
    faults,
    options: live,
    env: () => ({
      OPENAI_API_KEY: 'stub',
      OPENAI_BASE_URL: baseUrl,
      OPENAI_SMALL_MODEL: 'gpt-4o-mini',
      OPENAI_LARGE_MODEL: 'gpt-4o',
      OPENAI_EMBEDDING_DIMENSIONS: String(live.embeddingDimensions ?? 1536),
    }),
    stop: async () => {
      await server.stop(true);
    },
  };
}
