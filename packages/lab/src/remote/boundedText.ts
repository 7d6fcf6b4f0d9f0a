import { boundedBytes } from '../net/boundedBytes.ts';

/** The most a remote seat's response body may hold; a body that grows past it is cut off and refused. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * A response's body as text, read at most `limit` bytes: a flooding agent
 * (an endless or huge body) costs the House `limit` bytes and a refusal,
 * never its memory. Null when the body passes the limit.
 */
export async function boundedText(response: Response, limit = MAX_BODY_BYTES): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const bytes = await boundedBytes(response.body, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
