import type { RequestingClient } from './botRequests.ts';
import { blockedByAutoMod } from './discordError.ts';
import { autoModWithheldText, LINK_WITHHELD } from './discordTexts.ts';

const POST_ROUTE = /\/channels\/\d+\/messages$/;
const LINK = /<?\bhttps?:\/\/[^\s<>]+>?/gi;

/** The text with each link replaced by words saying it was left out. */
export function withoutLinks(text: string): string {
  return text.replace(LINK, LINK_WITHHELD);
}

/** Discord's error, read from a copy of a 400 answer (the answer itself goes on to discord.js unread). */
async function refusalOf(res: unknown): Promise<{ code?: unknown } | null> {
  const answer = res as Response;
  if (answer.status !== 400 || typeof answer.clone !== 'function') return null;
  return (await answer
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
}

/**
 * The same request with its payload rewritten (a JSON body, or multipart's
 * `payload_json`), its files kept or dropped; null for a body of another kind.
 */
function rewritten(init: RequestInit, rewrite: (payload: Record<string, unknown>) => Record<string, unknown>, keepFiles: boolean): RequestInit | null {
  const body = init.body;
  if (typeof body === 'string') return { ...init, body: JSON.stringify(rewrite(JSON.parse(body) as Record<string, unknown>)) };
  if (!(body instanceof FormData)) return null;
  const form = new FormData();
  for (const [key, value] of body.entries()) {
    if (key === 'payload_json' && typeof value === 'string') form.append(key, JSON.stringify(rewrite(JSON.parse(value) as Record<string, unknown>)));
    else if (keepFiles) form.append(key, value);
  }
  return { ...init, body: form };
}

/**
 * A post a server's AutoMod blocks (200000 for a keyword rule, 240000 for the
 * harmful-links filter) goes again once without its links, and if that is
 * blocked too, a line in its place says the server's AutoMod withheld a post
 * (a reply still answers the message it replied to). Done where the bot's
 * requests leave discord.js, so it holds for every post of the bot: the
 * House's rounds, and plugin-discord's replies to commands (the `!play`
 * answer carries the dashboard's link). What was withheld stays in the
 * House's records; `warn` tells the log. Installed outside the request pace,
 * so what it sends again is paced too.
 */
export function autoModRetry(client: RequestingClient, warn: (line: string) => void): void {
  const options = client.rest.options;
  const send = options.makeRequest.bind(options);
  options.makeRequest = async (url, init) => {
    const res = await send(url, init);
    if (init.method !== 'POST' || !POST_ROUTE.test(new URL(url).pathname) || !blockedByAutoMod(await refusalOf(res))) return res;
    let changed = false;
    const bare = rewritten(
      init,
      (payload) => {
        const content = typeof payload.content === 'string' ? payload.content : '';
        changed = withoutLinks(content) !== content;
        return { ...payload, content: withoutLinks(content) };
      },
      true,
    );
    if (bare && changed) {
      const again = await send(url, bare);
      if (!blockedByAutoMod(await refusalOf(again))) {
        warn("Discord: this server's AutoMod blocked a post for its links; it went again without them");
        return again;
      }
    }
    warn("Discord: this server's AutoMod blocked a post; a line in its place says so");
    const line = rewritten(init, (payload) => ({ content: autoModWithheldText(), allowed_mentions: { parse: [] }, ...(payload.message_reference ? { message_reference: payload.message_reference } : {}) }), false);
    return line ? send(url, line) : res;
  };
}
