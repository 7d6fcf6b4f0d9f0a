/**
 * Secrets out of what the House shows or logs. A provider's error text is
 * never recorded (`providerError.ts`: only its status and reason class are),
 * but it may reach the host log at debug level, and a provider's name (a
 * base URL that carries `user:password@` or `?api-key=`) is recorded; both
 * are redacted first, since a chained log cannot have a secret taken out.
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
 * ones in any form a server may echo (`knownForms`: any run of 8 or more of
 * their characters, in any case, with spaces between them or not, and the
 * same of their URL encoding, base64 and hex, alone or after `user:`), URL
 * credentials, secret-named parameters and fields, bearer and basic tokens,
 * and keys of well-known shapes. Status codes and the rest of the message
 * stay, so a debug log still says what went wrong.
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  return redactWith(text, secretWindows(known));
}

function redactWith(text: string, windows: SecretWindows): string {
  let out = redactRuns(text, windows);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement as string);
  return out;
}

/** A run of this many characters of a secret (or of an encoding of it) is taken for the secret. */
export const SECRET_RUN = 8;

/**
 * The forms a secret is echoed in, lower-cased: itself, URL-encoded, and its
 * base64 and hex, alone and as the tail of `user:secret` (a Basic header).
 * Base64 after an unknown `user:` depends on where the secret starts in a
 * three-byte group, so each of the three alignments is a form (without the
 * groups the prefix shares); base64url spells two characters otherwise.
 */
export function knownForms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms = [secret, encoded(secret), bytes.toString('hex')];
  for (const offset of [0, 1, 2]) {
    const aligned = Buffer.concat([Buffer.alloc(offset), bytes]);
    // The groups holding any prefix byte, and a last group the bytes after the secret would change, differ from echo to echo.
    const whole = Math.floor(aligned.length / 3) * 3;
    const b64 = aligned.subarray(0, whole).toString('base64').slice(offset === 0 ? 0 : 4);
    forms.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
    if (whole < aligned.length) forms.push(aligned.toString('base64').replace(/=+$/, '').slice(offset === 0 ? 0 : 4));
  }
  return [...new Set(forms.map((f) => f.replace(/\s+/g, '').toLowerCase()).filter((f) => f.length >= 4))];
}

/** The runs that give secrets away, by length: every `SECRET_RUN` characters of each form (the whole form when shorter). */
type SecretWindows = Map<number, Set<string>>;

function secretWindows(known: readonly string[]): SecretWindows {
  const windows: SecretWindows = new Map();
  for (const form of known.filter((s) => s.length >= 4).flatMap(knownForms)) {
    const size = Math.min(SECRET_RUN, form.length);
    let set = windows.get(size);
    if (!set) windows.set(size, (set = new Set()));
    for (let i = 0; i + size <= form.length; i++) set.add(form.slice(i, i + size));
  }
  return windows;
}

/**
 * `text` with every run of a secret's windows replaced, comparing without
 * case and without the whitespace a server may have put between the
 * characters.
 */
function redactRuns(text: string, windows: SecretWindows): string {
  if (windows.size === 0) return text;
  // The text's characters other than whitespace, lower-cased one for one, and where each stands in the text.
  const at: number[] = [];
  let flat = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) continue;
    const lower = c.toLowerCase();
    flat += lower.length === 1 ? lower : c;
    at.push(i);
  }
  const covered = new Uint8Array(flat.length);
  let any = false;
  for (const [size, set] of windows) {
    for (let i = 0; i + size <= flat.length; i++) {
      if (!set.has(flat.slice(i, i + size))) continue;
      covered.fill(1, i, i + size);
      any = true;
    }
  }
  if (!any) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < flat.length; i++) {
    if (!covered[i] || (i > 0 && covered[i - 1])) continue;
    let j = i;
    while (j + 1 < flat.length && covered[j + 1]) j++;
    out += `${text.slice(from, at[i])}${REDACTED}`;
    from = at[j]! + 1;
  }
  return out + text.slice(from);
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
  const windows = secretWindows([key, ...urlSecrets(baseUrl)]);
  return (text) => redactWith(text, windows);
}
