/**
 * The secret behind a one-time link the House sent (`/house/reveal/<nonce>`,
 * the first in `text`): opened as a client would, once. Throws when the text
 * holds none or the link does not show it.
 */
export async function revealLink(text: string, base?: string): Promise<{ what: string; secret: string; link: string }> {
  const found = /(https?:\/\/\S+)?(\/house\/reveal\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!found) throw new Error(`no one-time link in: ${text.slice(0, 300)}`);
  // The House writes a loopback host as `localhost` for people's browsers; Bun's fetch may try ::1 alone, where the test host does not listen.
  const link = base ? `${base}${found[2]}` : `${found[1] ?? ''}${found[2]}`.replace(/^(https?:\/\/)localhost(?=[:/])/, (_, scheme: string) => `${scheme}127.0.0.1`);
  const res = await fetch(link, { method: 'POST', headers: { accept: 'application/json' } });
  const body = (await res.json()) as { what?: string; secret?: string; error?: string };
  if (res.status !== 200 || !body.secret) throw new Error(`${link} did not reveal (${res.status}): ${body.error ?? ''}`);
  return { what: body.what ?? '', secret: body.secret, link };
}
