import { afterAll, expect, test } from 'bun:test';
import { goldmineMapPicture } from './games/goldmine/goldmineMapPicture.ts';
import { restGateway } from './roomGateway.ts';
import { decodePng } from './testing/decodePng.ts';
import { fakeRuntime } from './testing/fakeRuntime.ts';

/** The two routes of the server's REST API the gateway uses for a post with a picture, on loopback, keeping what they were sent. */
const uploads: Array<{ agent: string; name: string; type: string; bytes: Uint8Array }> = [];
const submits: Array<Record<string, unknown>> = [];
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    const upload = /^\/api\/media\/agents\/([^/]+)\/upload-media$/.exec(url.pathname);
    if (upload && req.method === 'POST') {
      const file = (await req.formData()).get('file') as File;
      uploads.push({ agent: upload[1]!, name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
      return Response.json({ success: true, data: { url: `/media/uploads/agents/${upload[1]}/123-${file.name}`, type: 'image' } });
    }
    if (url.pathname === '/api/messaging/submit') {
      submits.push((await req.json()) as Record<string, unknown>);
      return Response.json({ success: true });
    }
    return new Response('no', { status: 404 });
  },
});
const saved = process.env.CENTRAL_MESSAGE_SERVER_URL;
process.env.CENTRAL_MESSAGE_SERVER_URL = `http://127.0.0.1:${server.port}`;
afterAll(() => {
  server.stop(true);
  if (saved === undefined) delete process.env.CENTRAL_MESSAGE_SERVER_URL;
  else process.env.CENTRAL_MESSAGE_SERVER_URL = saved;
});

test("the REST gateway stores a picture as the server stores an agent's media, and posts the text with it attached where the GUI reads it", async () => {
  const picture = goldmineMapPicture({ players: ['Ada', 'Bram'], owner: [0, 1, -1, 0], size: 2, round: 10, rounds: 20 });
  await restGateway(fakeRuntime('House')).post({ channelId: 'c1', serverId: 's1' }, 'Rounds 1-10.', 'round:10', undefined, [picture]);
  expect(uploads.map((u) => [u.agent, u.name, u.type])).toEqual([['id-House', 'goldmine-map-round-10.png', 'image/png']]);
  expect(decodePng(uploads[0]!.bytes).width).toBe(picture.width);
  expect(submits).toHaveLength(1);
  expect(submits[0]).toMatchObject({ channel_id: 'c1', content: 'Rounds 1-10.', metadata: { attachments: [{ url: '/media/uploads/agents/id-House/123-goldmine-map-round-10.png', title: picture.alt, contentType: 'image' }] } });
});

test('a post without pictures uploads nothing and attaches nothing', async () => {
  uploads.length = 0;
  submits.length = 0;
  await restGateway(fakeRuntime('House')).post({ channelId: 'c1', serverId: 's1' }, 'Round 3.');
  expect(uploads).toEqual([]);
  expect((submits[0]!.metadata as Record<string, unknown>).attachments).toBeUndefined();
});
