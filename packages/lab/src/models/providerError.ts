/**
 * What the House keeps of a provider's error (issue 23): its HTTP status, a
 * reason from a fixed list and, where it is recorded, the provider's name.
 * Never the error's text: a provider or a proxy may echo the key in its body
 * in any form (upper-cased, cut short, split by spaces, base64 of `user:key`,
 * hex), and no redaction can know every form, so the body is simply not kept.
 * It may reach the host log at debug level (`failureDetail`, redacted).
 */

/** Why a call failed, in words that never come from the provider. */
export type FailureReason = 'rate-limited' | 'unauthorized' | 'refused' | 'server error' | 'timeout' | 'network' | 'invalid answer' | 'cancelled' | 'failed';

export interface ProviderFailure {
  /** The HTTP status, when the provider answered with one. */
  status: number | null;
  reason: FailureReason;
}

/** A call the gate gave up waiting for. */
export class CallTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** An answer without the text a client looks for (no choices, no content): the provider answered, but not with an answer. */
export class InvalidAnswer extends Error {}

interface ErrorShape {
  name?: unknown;
  statusCode?: unknown;
  status?: unknown;
  isRetryable?: unknown;
  lastError?: unknown;
  cause?: unknown;
  message?: unknown;
  code?: unknown;
  responseBody?: unknown;
  responseHeaders?: Record<string, string>;
}

/** The provider's error itself: SDKs wrap the last HTTP error of their own retries. */
export function innermost(error: unknown): ErrorShape {
  let e = (error ?? {}) as ErrorShape;
  for (let i = 0; i < 4 && e.lastError && typeof e.lastError === 'object'; i++) e = e.lastError as ErrorShape;
  return e;
}

const isStatus = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 599;

/** The HTTP status an error carries: a field of the error or its cause, else a 429 or 5xx its message names (some SDKs keep only the text). */
export function statusOf(error: unknown): number | null {
  const e = innermost(error);
  for (const v of [e.statusCode, e.status, (e.cause as ErrorShape | undefined)?.statusCode]) if (isStatus(v)) return v;
  const m = /\b(429|5\d\d)\b/.exec(String(e.message ?? ''));
  return m ? Number(m[1]) : null;
}

const NETWORK = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EPIPE|fetch failed|socket|network|Unable to connect|connection (?:refused|closed|reset)/i;
const TIMEOUT = /timed? ?out|no answer within/i;
/** AI SDK errors that mean the provider answered with something that is not an answer. */
const INVALID = /NoContentGenerated|JSONParse|TypeValidation|InvalidResponseData|NoObjectGenerated|EmptyResponseBody/;

/**
 * The status and reason class of an error (`aborted`: the caller stopped
 * waiting). The message is read to tell a dropped connection or a timeout
 * from anything else, never kept.
 */
export function classifyFailure(error: unknown, aborted = false): ProviderFailure {
  if (aborted) return { status: null, reason: 'cancelled' };
  if (error instanceof CallTimeout) return { status: null, reason: 'timeout' };
  if (error instanceof InvalidAnswer) return { status: null, reason: 'invalid answer' };
  const status = statusOf(error);
  if (status !== null) return { status, reason: reasonOfStatus(status) };
  const e = innermost(error);
  const name = typeof e.name === 'string' ? e.name : '';
  const text = `${name} ${typeof e.code === 'string' ? e.code : ''} ${typeof e.message === 'string' ? e.message : String(error)}`;
  if (name === 'AbortError') return { status: null, reason: 'cancelled' };
  if (INVALID.test(name)) return { status: null, reason: 'invalid answer' };
  if (TIMEOUT.test(text)) return { status: null, reason: 'timeout' };
  if (NETWORK.test(text)) return { status: null, reason: 'network' };
  return { status: null, reason: 'failed' };
}

function reasonOfStatus(status: number): FailureReason {
  if (status === 429) return 'rate-limited';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server error';
  return 'refused';
}

/** Worth another try: a rate limit, a timeout, a server error or a dropped connection; a refusal is not, nor an answer that is no answer. */
export function isRetryableFailure(error: unknown, failure: ProviderFailure): boolean {
  if (failure.reason === 'rate-limited' || failure.reason === 'timeout' || failure.reason === 'server error' || failure.reason === 'network') return true;
  return failure.status === null && failure.reason === 'failed' && innermost(error).isRetryable === true;
}

/** A failure as it is recorded and logged: `401 unauthorized`, `timeout`; with the provider's name, `401 unauthorized from openai@https://api.openai.com/v1`. */
export function failureText(failure: ProviderFailure, provider?: string): string {
  const what = failure.status === null ? failure.reason : `${failure.status} ${failure.reason}`;
  return provider ? `${what} from ${provider}` : what;
}

/**
 * What an error said, for the host log at debug level only (the caller
 * redacts it first): its message and the response body an SDK kept, cut to
 * a length a log line can hold.
 */
export function failureDetail(error: unknown): string {
  const e = innermost(error);
  const message = typeof e.message === 'string' ? e.message : String(error);
  const body = typeof e.responseBody === 'string' && !message.includes(e.responseBody) ? ` ${e.responseBody}` : '';
  const text = `${message}${body}`;
  return text.length > 600 ? `${text.slice(0, 600)}...` : text;
}
