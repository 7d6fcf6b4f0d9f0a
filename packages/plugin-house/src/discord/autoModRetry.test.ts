import { expect, test } from 'bun:test';
import { autoModRetry, withoutLinks } from './autoModRetry.ts';

const URL_POST = 'https://discord.com/api/v10/channels/123/messages';

/** A bot's REST options over a Discord whose AutoMod blocks content `blocks` says, keeping every body it was sent. */
function fakeDiscord(blocks: (content: string) => number | null) {
  const bodies: Array<Record<string, unknown> & { files?: number }> = [];
  const makeRequest = async (_url: string, init: RequestInit) => {
    const payload = typeof init.body === 'string' ? JSON.parse(init.body) : JSON.parse(String((init.body as FormData).get('payload_json')));
    const files = init.body instanceof FormData ? [...init.body.keys()].filter((k) => k.startsWith('files[')).length : 0;
    bodies.push({ ...payload, files });
    const code = blocks(String(payload.content ?? ''));
    if (code) return Response.json({ message: 'blocked', code }, { status: 400 });
    return Response.json({ id: '1', content: payload.content });
  };
  const client = { rest: { options: { makeRequest } } };
  const warned: string[] = [];
  autoModRetry(client, (line) => void warned.push(line));
  return { send: client.rest.options.makeRequest, bodies, warned };
}

const json = (content: string, extra: Record<string, unknown> = {}) => ({ method: 'POST', body: JSON.stringify({ content, ...extra }), headers: { 'Content-Type': 'application/json' } });

test("the harmful-links filter (240000): the post goes again once with its links left out, and that is what discord.js gets", async () => {
  const discord = fakeDiscord((c) => (c.includes('http') ? 240000 : null));
  const res = (await discord.send(URL_POST, json('Watch it on the dashboard: http://127.0.0.1:3000/house'))) as Response;
  expect(res.status).toBe(200);
  expect(discord.bodies.map((b) => b.content)).toEqual(['Watch it on the dashboard: http://127.0.0.1:3000/house', 'Watch it on the dashboard: (link left out for AutoMod)']);
  expect(discord.warned.length).toBe(1);
});

test('a keyword rule (200000) on a post with no links: one line in its place, still a reply to the command it answers', async () => {
  const discord = fakeDiscord((c) => (c.includes('Round 2') ? 200000 : null));
  const reference = { message_id: '99', fail_if_not_exists: false };
  const res = (await discord.send(URL_POST, json('[trust] Round 2\nAda cheated.', { message_reference: reference }))) as Response;
  expect(res.status).toBe(200);
  expect(discord.bodies.slice(1)).toEqual([{ content: "A post was withheld here by this server's AutoMod (Server Settings > AutoMod).", allowed_mentions: { parse: [] }, message_reference: reference, files: 0 }]);
});

test('blocked again without its links: the line, without the files the post carried (multipart)', async () => {
  const discord = fakeDiscord((c) => (c.includes('Bram') ? 200000 : null));
  const form = new FormData();
  form.append('files[0]', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'map.png');
  form.append('payload_json', JSON.stringify({ content: 'Bram raided http://x.example/y', attachments: [{ id: '0', description: 'map' }] }));
  await discord.send(URL_POST, { method: 'POST', body: form });
  expect(discord.bodies.map((b) => [b.content, b.files])).toEqual([
    ['Bram raided http://x.example/y', 1],
    ['Bram raided (link left out for AutoMod)', 1],
    ["A post was withheld here by this server's AutoMod (Server Settings > AutoMod).", 0],
  ]);
});

test('anything else goes through untouched: other refusals, other routes, other methods', async () => {
  const discord = fakeDiscord(() => 50013);
  expect(((await discord.send(URL_POST, json('hi'))) as Response).status).toBe(400);
  await discord.send('https://discord.com/api/v10/channels/123/messages/5', { ...json('hi'), method: 'PATCH' });
  expect(discord.bodies.length).toBe(2);
  expect(withoutLinks('see <https://a.example/b?c=d> and https://e.example')).toBe('see (link left out for AutoMod) and (link left out for AutoMod)');
});
