import { REMOTE_KINDS, type RemoteKind } from './remoteClient.ts';

/** Where a remote seat is reached: a kind, its URL (none for MCP: the agent comes to the House), and for a bare model its name. */
export interface RemoteSpec {
  kind: RemoteKind;
  url: string | null;
  model?: string;
}

const MAX_URL = 2_048;

/** An http(s) URL without credentials, or why not (one line). */
export function urlProblem(text: string, what: string): string | null {
  if (text.length > MAX_URL) return `${what} is over ${MAX_URL} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${what} '${text.slice(0, 80)}' is not a URL (write https://...)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${what} must be http or https, not ${url.protocol.slice(0, 10)}`;
  if (url.username || url.password) return `${what} may not carry a user name or password (give a key privately instead)`;
  return null;
}

/**
 * A remote seat as the lab's `--players` writes it: `a2a:<url>`,
 * `http:<url>`, `openai:<base url>#<model>` (its key in HOUSE_ENTRANT_KEY),
 * or `mcp` (the House serves the seat). Errors say what is allowed.
 */
export function parseRemoteSpec(entry: string): { ok: true; spec: RemoteSpec } | { ok: false; error: string } {
  const colon = entry.indexOf(':');
  const kind = (colon < 0 ? entry : entry.slice(0, colon)).toLowerCase();
  if (!(REMOTE_KINDS as readonly string[]).includes(kind)) return { ok: false, error: `'${entry.slice(0, 40)}' is not a remote seat (${REMOTE_KINDS.join(', ')})` };
  const rest = colon < 0 ? '' : entry.slice(colon + 1);
  if (kind === 'mcp') return rest ? { ok: false, error: `an MCP seat takes no URL: the agent connects to the House (write mcp)` } : { ok: true, spec: { kind: 'mcp', url: null } };
  if (kind === 'openai') {
    const hash = rest.lastIndexOf('#');
    const url = hash < 0 ? rest : rest.slice(0, hash);
    const model = hash < 0 ? '' : rest.slice(hash + 1);
    if (!model || model.length > 128 || /\s/.test(model)) return { ok: false, error: `'${entry.slice(0, 80)}' names no model; write openai:<base url>#<model>, e.g. openai:https://api.example.com/v1#gpt-4o-mini` };
    const problem = urlProblem(url, 'the base URL');
    return problem ? { ok: false, error: problem } : { ok: true, spec: { kind: 'openai', url, model } };
  }
  const problem = urlProblem(rest, `the ${kind} URL`);
  return problem ? { ok: false, error: problem } : { ok: true, spec: { kind: kind as RemoteKind, url: rest } };
}
