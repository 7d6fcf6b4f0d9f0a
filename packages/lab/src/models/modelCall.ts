import type { ProviderFailure } from './providerError.ts';

/** Why a model was asked. */
export type CallPurpose = 'decision' | 'repair' | 'judge' | 'challenge' | 'prose';

/** One retry the provider gate made before the call's final answer or error. */
export interface RetryNote {
  /** The status and reason class (`401 unauthorized`, `timeout`), never the provider's text. */
  error: string;
  waitMs: number;
}

/**
 * One model call of a match, as recorded with it. The prompt itself is kept
 * apart (a side file keyed by `promptHash`) so the record stays small.
 */
export interface ModelCallRecord {
  seq: number;
  matchId: string;
  /** The seat that asked, or `house` for the House's own calls (judge, prose). */
  caller: string;
  purpose: CallPurpose;
  round: number;
  phase: string;
  /** Which provider answered: a plugin name and its base URL without credentials or query, never a key. */
  provider: string;
  model: string;
  promptHash: string;
  params: Record<string, unknown>;
  response: string | null;
  /** A remote seat's answer that was not a valid turn: kept as its size and hash only (`response` null), never its body, which may be anything the agent's address served. */
  responseDigest?: { bytes: number; sha256: string };
  /** Why there is no answer: status, reason class and provider (`401 unauthorized from openai@...`), never the provider's text, which may echo the key. */
  error: string | null;
  /** The same, as fields (absent when answered, and in records older than the field). */
  failure?: ProviderFailure;
  tokensIn: number;
  tokensOut: number;
  /** Prompt tokens the provider said it read from its prompt cache (usage.prompt_tokens_details.cached_tokens), when it says. */
  cachedIn?: number;
  /** Prompt tokens the provider said it wrote to its cache (Anthropic's cache_creation_input_tokens), when it says. */
  cacheWriteIn?: number;
  latencyMs: number;
  retries: RetryNote[];
  cost: number;
  at: number;
}

/** What a provider reported about one answer's prompt, when it reports it: tokens read from its prompt cache, and (Anthropic) written to it. */
export interface ProviderUsage {
  cachedTokens?: number;
  cacheWriteTokens?: number;
}

/**
 * A prompt in pieces whose concatenation is its text (a conversation's head,
 * turns and answers), and the pieces after which a provider with explicit
 * cache breakpoints (Anthropic) should set one. Clients that send one text
 * ignore it.
 */
export interface PromptShape {
  blocks: string[];
  cacheAt: number[];
}

/**
 * Who answers a prompt: a model behind a provider. `complete` resolves with
 * the text or throws; it tells `onUsage` what the provider reported, if
 * anything; `shape`, when given, is the same text in pieces.
 */
export interface ModelClient {
  provider: string;
  model: string;
  /** Tokens are counted for budgets and costs; offline brains cost nothing and skip the count. */
  free: boolean;
  complete(prompt: string, signal?: AbortSignal, onUsage?: (usage: ProviderUsage) => void, shape?: PromptShape): Promise<string>;
  /** Takes the client's own secrets (its key, its URL's credentials) out of a text, in any form it knows: what reaches `debug` has been through it. */
  redact?(text: string): string;
  /** The host log at debug level: the only place a provider's error text may go (redacted), never the record. */
  debug?(line: string): void;
}
