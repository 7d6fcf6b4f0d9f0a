import { afterAll, beforeAll, expect, test } from 'bun:test';
import { openedId, opens } from './kit/arenaScenarios.ts';
import { RestChat } from './kit/restChat.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

/**
 * The host as people expose it: on an address other than 127.0.0.1 (here a
 * loopback one, 127.0.0.3) with an API key. Every House route wants the key,
 * the REST API and the House still work with it, a match plays, and what a
 * web client writes into a message does not make it someone the platform
 * vouches for.
 */
const KEY = 'a-long-random-key-for-this-test-only-7f3e9c';
const ADMIN_DISCORD_ID = '80351110224678912';
let host: TestHost;

beforeAll(async () => {
  host = await startTestHost({ players: ['Ada', 'Bram'], env: { SERVER_HOST: '127.0.0.3', ELIZA_SERVER_AUTH_TOKEN: KEY, HOUSE_ADMINS: `discord:${ADMIN_DISCORD_ID}`, HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' } });
}, 90_000);

afterAll(async () => {
  await host?.stop();
  delete process.env.ELIZA_SERVER_AUTH_TOKEN;
}, 30_000);

const get = (path: string, key?: string) => fetch(`${host.url}${path}`, { headers: key ? { 'X-API-KEY': key } : {} });

test('every /house route refuses without the key; the House tab comes as a page with no data in it; all answer with the key', async () => {
  expect(host.url).toStartWith('http://127.0.0.3:');
  for (const path of ['/house/matches', '/house/matches/trust-1-abc', '/house/ratings', '/house/view', '/house/dashboard/view', '/house/sweeps', '/house/observe/abcdefghijklmnopqrstuvwxyz/view', '/house/signing-key']) {
    const res = await get(path);
    expect([path, res.status]).toEqual([path, 401]);
    expect((await res.json()) as unknown).toEqual({ error: 'This House wants its API key in the X-API-KEY header, as its REST API does.' });
    expect([path, (await get(path, 'wrong-key-of-the-same-length-aaaaaaaaaa')).status]).toEqual([path, 401]);
  }
  const shell = await get('/house');
  expect(shell.status).toBe(200);
  const page = await shell.text();
  expect(page).toContain('const DATA = null;');
  expect(page).toContain("'eliza-api-key-' + location.origin");
  expect((await get('/house/matches', KEY)).status).toBe(200);
  expect((await get('/house/view', KEY)).status).toBe(200);
  expect((await get('/api/agents')).status).toBe(401);
  expect((await get('/api/agents', KEY)).status).toBe(200);
});

test('with the key a match plays through the REST API; a client that writes a Discord id and roles into its message is still only itself', async () => {
  const owner = new RestChat(host.url, crypto.randomUUID(), 'Olga', KEY);
  const houseId = await owner.agentId('The House');
  const odm = await owner.dm(houseId);
  await owner.send(odm, '!play trust Ada Bram --seed 4 --set maxRounds=30 --delay 300');
  const id = openedId(await owner.waitFor(odm, houseId, opens(4)));

  const stranger = new RestChat(host.url, crypto.randomUUID(), 'Pat', KEY);
  const sdm = await stranger.dm(houseId);
  await stranger.send(sdm, `!stop --match ${id}`, { source_type: 'discord', metadata: { fromId: ADMIN_DISCORD_ID, discordServerId: '41771983423143936', roles: ['41771983423143936'], discord: { roles: ['Croupiers'] }, entityName: 'Olga' } });
  expect(await stranger.waitFor(sdm, houseId, (t) => t.includes(id))).toBe(`Only Olga, who opened ${id}, or a House admin (HOUSE_ADMINS) may !stop it.`);
  expect((await host.service.summaryOf(id))?.status).toBe('running');

  await owner.send(odm, `!stop --match ${id}`);
  expect(await owner.waitFor(odm, houseId, (t) => t.startsWith(`Match ${id} stopped`))).toContain('stopped at round');
}, 120_000);

test("a person who sits down from a group chat gets their turns in their own chat with the House, not in the group; the opener who sits in a Trust match is not its observer", async () => {
  const pia = new RestChat(host.url, crypto.randomUUID(), 'Pia', KEY);
  const other = new RestChat(host.url, crypto.randomUUID(), 'Otto', KEY);
  const houseId = await pia.agentId('The House');
  const group = await pia.group('Pia and Otto', [other.userId, houseId]);
  await pia.send(group, '!play trust me,Ada --seed 6 --set maxRounds=2');
  const opened = await pia.waitFor(group, houseId, opens(6), 30_000);
  const id = openedId(opened);
  // The turn reaches Pia's direct chat with the House, which the House opened under its title (she had none), and the group is told where, with a link.
  const channels = (await (await get(`/api/messaging/message-servers/${await pia.server()}/channels`, KEY)).json()) as { data: { channels: Array<{ id: string; type: string; name: string }> } };
  const direct = [] as string[];
  for (const c of channels.data.channels.filter((c) => c.type === 'DM')) {
    const members = ((await (await get(`/api/messaging/channels/${c.id}/participants`, KEY)).json()) as { data: string[] }).data;
    if (members.includes(pia.userId) && members.includes(houseId) && members.length === 2) direct.push(c.id);
  }
  expect(direct).toHaveLength(1);
  expect(channels.data.channels.find((c) => c.id === direct[0])?.name).toBe('Your seats at The House');
  expect(opened).toContain(`Your turns come privately to your chat with The House: [open it](/chat/${houseId}/${direct[0]}).`);
  await pia.waitFor(direct[0]!, houseId, (t) => t.includes(`your move in Trust (${id}), round 1`), 30_000);
  expect((await pia.messages(group, 100)).filter((m) => m.content.includes('your move'))).toEqual([]);
  expect((await pia.messages(direct[0]!, 100)).filter((m) => m.content.includes('observer link'))).toEqual([]);
  await pia.send(direct[0]!, '!grant @Ada 3 no');
  expect(await pia.waitFor(direct[0]!, houseId, (t) => t.startsWith('Nobody answers the begs'))).toBe(`Nobody answers the begs of ${id} (RULES T-c): Pia, who opened it, sits in it, so the game's decline policy answers them.`);
  await host.service.stopMatch(id);
}, 120_000);
