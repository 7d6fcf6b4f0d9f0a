import { parseRemoteSpec, type RemoteSpec } from '@the-house/lab/remote/remoteSpec.ts';
import { ENTRANT_VERSION, entrantNameProblem } from './entrant.ts';

/** `!enter` as parsed: the entrant's name, where it is reached, its version, and a key when one was given (never echoed). */
export interface EnterArgs {
  name: string;
  spec: RemoteSpec;
  version?: string;
  key?: string;
}

export const ENTER_USAGE = 'usage: `!enter NAME a2a URL`, `!enter NAME mcp`, `!enter NAME http URL` or `!enter NAME openai BASE_URL MODEL [KEY]` (the key only in a direct message to the House), each with `[--version V]`';

/**
 * `!enter NAME KIND ...`: pure, never a throw, and a refusal never repeats a
 * key it was given. A key after an OpenAI-compatible endpoint's model is
 * taken as given; the desk refuses it outside a direct message.
 */
export function parseEnter(args: readonly string[]): { ok: true; value: EnterArgs } | { ok: false; error: string } {
  const rest = [...args];
  let version: string | undefined;
  const words: string[] = [];
  while (rest.length) {
    const token = rest.shift()!;
    if (token === '--version' || token.startsWith('--version=')) {
      const value = token.includes('=') ? token.slice(token.indexOf('=') + 1) : rest.shift();
      if (!value || !ENTRANT_VERSION.test(value)) return { ok: false, error: `--version needs letters, digits, dots or dashes (at most 32); ${ENTER_USAGE}` };
      version = value;
    } else words.push(token);
  }
  const [name, kindWord, ...more] = words;
  if (!name || !kindWord) return { ok: false, error: ENTER_USAGE };
  const badName = entrantNameProblem(name);
  if (badName) return { ok: false, error: `${badName}; ${ENTER_USAGE}` };
  const kind = kindWord.toLowerCase();
  let entry: string;
  let key: string | undefined;
  if (kind === 'mcp') {
    if (more.length) return { ok: false, error: `an MCP entrant takes no URL: its agent connects to the House with the seat token it is given; ${ENTER_USAGE}` };
    entry = 'mcp';
  } else if (kind === 'openai') {
    if (more.length < 2 || more.length > 3) return { ok: false, error: `an OpenAI-compatible entrant needs its base URL and model (and its key, privately); ${ENTER_USAGE}` };
    entry = `openai:${more[0]}#${more[1]}`;
    key = more[2];
  } else {
    if (more.length !== 1) return { ok: false, error: `an entrant of that kind needs one URL; ${ENTER_USAGE}` };
    entry = `${kind}:${more[0]}`;
  }
  const parsed = parseRemoteSpec(entry);
  // Said in fixed words: a key typed one word off its place would otherwise be quoted back where others may read it.
  if (!parsed.ok) return { ok: false, error: `${kind === 'openai' ? 'the base URL must be http or https with no user name or password, and the model one word' : `the ${kind === 'a2a' || kind === 'http' ? kind : 'kind'} entry needs an http or https URL with no user name or password (or the kind is not a2a, mcp, http or openai)`}; ${ENTER_USAGE}` };
  return { ok: true, value: { name, spec: parsed.spec, ...(version ? { version } : {}), ...(key ? { key } : {}) } };
}
