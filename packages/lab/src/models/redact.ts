/**
 * Secrets out of anything the House records. A provider's error text goes
 * into the match's record, its hash-chained log, the database, match files
 * and REST answers; once chained it cannot be taken out. A server that echoes
 * the key (a 401 body, a proxy's debug page) or a base URL that carries
 * `user:password@` or `?api-key=` would put the secret in all of them, so
 * texts are redacted before they are recorded, never after.
 */

export const REDACTED = '[redacted]';

/**
 * Names of parameters, fields and headers that carry secrets: `api-key`,
 * `access_token`, `X-Goog-Signature`, `password`, `client_secret`... A whole
 * name, or one ending in `-`, `_` or `.` and such a word, so `monkey` and
 * `author` are left alone.
 */
const SECRET_NAME = String.raw`(?<![\w.-])(?:[\w.-]*[-_.])?(?:api[-_]?key|apikey|key|token|secret|password|passwd|pwd|auth|signature|sig|credentials?|session)(?![\w])`;

const PATTERNS: ReadonlyArray<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  // user:password@ (or a lone token@) in any URL.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"<>]+@/gi, `$1${REDACTED}@`],
  // ?api-key=..., &token=..., ;sig=...
  [new RegExp(String.raw`([?&;]${SECRET_NAME}=)[^&#\s'"<>]*`, 'gi'), `$1${REDACTED}`],
  // Authorization: Bearer x, Basic x, Token x (a header line, or a field of a JSON dump).
  [/\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|token|digest)\s+)?[^\s"',;}]+/gi, (_m, head: string, scheme?: string) => `${head}${scheme ? `${scheme} ` : ''}${REDACTED}`],
  // A bearer token anywhere else.
  [/\b(bearer)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  // "api_key": "x", 'client_secret': 'x', x-api-key: x, password=x.
  [new RegExp(String.raw`(["']?${SECRET_NAME}["']?\s*[:=]\s*["']?)(?!\[redacted\])[^\s"',;}&<>]{4,}`, 'gi'), `$1${REDACTED}`],
  // Keys by their well-known shapes: OpenAI/Anthropic sk-, Google AIza, Groq gsk_, xAI, Hugging Face, GitHub, Slack, AWS, JWTs.
  [/\b(?:sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,}|gsk_[A-Za-z0-9]{16,}|xai-[A-Za-z0-9]{16,}|hf_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g, REDACTED],
];

/**
 * `text` with every secret it may hold replaced by `[redacted]`: the `known`
 * ones (the key a client was given, also URL-encoded and base64'd in a Basic
 * header), URL credentials, secret-named parameters and fields, bearer and
 * basic tokens, and keys of well-known shapes. Status codes and the rest of
 * the message stay, so the record still says what went wrong.
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const secret of known) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encoded(secret), Buffer.from(secret).toString('base64')])) out = out.split(form).join(REDACTED);
  }
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement as string);
  return out;
}

/** A secret as a URL carries it; a lone surrogate has no such form (encodeURIComponent would throw), so it stays as it is. */
function encoded(secret: string): string {
  try {
    return encodeURIComponent(secret);
  } catch {
    return secret;
  }
}

/** A provider's base URL as it may be shown or stored: no credentials, no query, no fragment. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const credentials = parsed.username || parsed.password ? `${REDACTED}@` : '';
    const query = parsed.search ? `?${REDACTED}` : '';
    return `${parsed.protocol}//${credentials}${parsed.host}${parsed.pathname === '/' && !url.endsWith('/') ? '' : parsed.pathname}${query}`;
  } catch {
    return redactSecrets(url);
  }
}

/** The secrets a base URL carries: its user name and password, and every query value. */
export function urlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    const decoded = (part: string) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    };
    return [parsed.username, decoded(parsed.username), parsed.password, decoded(parsed.password), ...parsed.searchParams.values()].filter((s) => s.length >= 4);
  } catch {
    return [];
  }
}

/** A client's `redact`: its own key and its URL's secrets out of a text, whatever their shape. */
export function secretsRedactor(key: string, baseUrl: string): (text: string) => string {
  const known = [key, ...urlSecrets(baseUrl)].filter((s) => s.length >= 4);
  return (text) => redactSecrets(text, known);
}
