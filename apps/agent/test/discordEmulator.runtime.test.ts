import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ChannelType, Client, DiscordAPIError, GatewayIntentBits, PermissionFlagsBits as P, type DMChannel, type TextChannel } from 'discord.js';
import { startDiscordEmulator, type DiscordEmulator } from './kit/discord/discordEmulator.ts';
import { DiscordWorld, type WorldApp, type WorldChannel, type WorldUser } from './kit/discord/discordWorld.ts';
import { pointDiscordJsAt } from './kit/discord/pointDiscordJs.ts';
import { waitUntil } from './kit/waitUntil.ts';

/**
 * The loopback Discord against discord.js itself, for what it must refuse or
 * withhold the way Discord does (what the House does about it is in the
 * other discord* tests): error codes, the DM payload, Message Content on
 * REST reads, the member list, role changes after login.
 */
let emulator: DiscordEmulator;
let undo: () => void;
let world: DiscordWorld;
let plain: WorldApp;
let members: WorldApp;
let games: WorldChannel;
let sam: WorldUser;
let client: Client;

const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages, GatewayIntentBits.GuildMembers];

/** One REST call as `app`, waiting out a rate limit as discord.js would (the tests call faster than a bot may). */
async function api(app: WorldApp, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> & { code?: number } }> {
  for (;;) {
    const res = await fetch(`${emulator.api}/v10${path}`, { method, headers: { authorization: `Bot ${app.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = res.status === 204 ? {} : ((await res.json()) as Record<string, unknown> & { retry_after?: number });
    if (res.status !== 429) return { status: res.status, json };
    await Bun.sleep(Math.ceil((json.retry_after ?? 1) * 1000));
  }
}

beforeAll(async () => {
  world = new DiscordWorld();
  games = world.addTextChannel('games');
  sam = world.addPerson('Sam');
  // One bot with every privileged intent in the portal, one with none (what a careless setup gives).
  plain = world.addBot('Plain', 0);
  members = world.addBot('Full', GatewayIntentBits.GuildMembers | GatewayIntentBits.MessageContent | GatewayIntentBits.GuildPresences);
  const granted = P.ViewChannel | P.SendMessages | P.ReadMessageHistory | P.CreatePublicThreads | P.SendMessagesInThreads | P.AddReactions | P.MentionEveryone;
  for (const app of [plain, members]) world.invite(`https://discord.com/oauth2/authorize?client_id=${app.id}&scope=bot&permissions=${granted}`);
  // The test posts straight over REST, faster than a channel's 5 posts in 5 s.
  emulator = startDiscordEmulator({ world, posts: { limit: 100, windowMs: 1000 } });
  undo = pointDiscordJsAt(emulator.api);
  client = new Client({ intents: INTENTS });
  await client.login(members.token);
  await waitUntil(() => client.isReady() && client.guilds.cache.size === 1, 'the bot is ready', 30_000);
}, 60_000);

afterAll(async () => {
  await client?.destroy();
  undo?.();
  await emulator?.stop();
});

test('a DM a bot opens lists only the other user: discord.js knows whom the DM is with', async () => {
  const dm = (await client.users.createDM(sam.id)) as DMChannel;
  expect(dm.recipientId).toBe(sam.id);
  expect((await api(members, 'POST', '/users/@me/channels', { recipient_id: sam.id })).json.recipients).toEqual([expect.objectContaining({ id: sam.id })]);
});

test('a person who closed DMs, or shares no server, refuses a bot with 403 / 50007', async () => {
  world.closeDms(sam.id);
  const dm = await client.users.createDM(sam.id);
  const refused = await dm.send('your move').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DiscordAPIError);
  expect((refused as DiscordAPIError).code).toBe(50007);
  expect((refused as DiscordAPIError).status).toBe(403);
  world.closeDms(sam.id, false);
  expect((await dm.send('your move')).content).toBe('your move');
  const stranger = world.addPerson('Stranger', { member: false });
  const away = await client.users.createDM(stranger.id);
  expect(((await away.send('hello').catch((e: unknown) => e)) as DiscordAPIError).code).toBe(50007);
});

test('overwrites: a channel hidden from the bot answers 50001, a denied permission 50013, and both reach discord.js', async () => {
  const bot = members.botId;
  const hidden = world.addTextChannel('hidden');
  world.overwrite(hidden.id, { member: bot }, 0n, P.ViewChannel);
  expect((await api(members, 'POST', `/channels/${hidden.id}/messages`, { content: 'hi' })).json.code).toBe(50001);
  // Denied to @everyone in the channel, it is denied to the bot whatever its role grants, unless a role's overwrite allows it again.
  world.overwrite(games.id, { role: world.guildId }, 0n, P.CreatePublicThreads);
  const denied = await api(members, 'POST', `/channels/${games.id}/threads`, { name: 't', type: 11 });
  expect([denied.status, denied.json.code]).toEqual([403, 50013]);
  const botRole = world.members.get(bot)!.roles[0]!;
  world.overwrite(games.id, { role: botRole }, P.CreatePublicThreads, 0n);
  expect((await api(members, 'POST', `/channels/${games.id}/threads`, { name: 't2', type: 11 })).status).toBe(200);
  world.overwrite(games.id, { role: botRole }, 0n, P.CreatePublicThreads);
  await waitUntil(() => (client.channels.cache.get(games.id) as TextChannel | undefined)?.permissionOverwrites.cache.get(botRole)?.deny.has('CreatePublicThreads') ?? false, 'CHANNEL_UPDATE with the overwrite', 10_000);
  expect((client.channels.cache.get(games.id) as TextChannel).permissionsFor(bot)!.has('CreatePublicThreads')).toBe(false);
  world.overwrite(games.id, { role: botRole }, 0n, 0n);
  world.overwrite(games.id, { role: world.guildId }, 0n, 0n);
});

test('a reply wants Read Message History (160002); typing wants Send Messages; 50035 carries its errors tree', async () => {
  const bot = members.botId;
  const quiet = world.addTextChannel('quiet');
  const asked = world.post(sam.id, quiet.id, '!status');
  world.overwrite(quiet.id, { member: bot }, 0n, P.ReadMessageHistory);
  const reply = await api(members, 'POST', `/channels/${quiet.id}/messages`, { content: 'running', message_reference: { message_id: asked.id } });
  expect([reply.status, reply.json.code]).toEqual([403, 160002]);
  expect((await api(members, 'POST', `/channels/${quiet.id}/messages`, { content: 'running' })).status).toBe(200);
  // Without history the list is empty, not refused.
  expect((await api(members, 'GET', `/channels/${quiet.id}/messages?limit=10`)).json as unknown).toEqual([]);
  world.overwrite(quiet.id, { member: bot }, P.ViewChannel, P.SendMessages);
  expect((await api(members, 'POST', `/channels/${quiet.id}/typing`)).json.code).toBe(50013);
  const long = await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'x'.repeat(2001) });
  expect(long.json).toEqual({ message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } });
  const thrown = (await (client.channels.cache.get(games.id) as TextChannel).send('x'.repeat(2001)).catch((e: unknown) => e)) as DiscordAPIError;
  expect(thrown.message).toContain('content[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer in length.');
});

test('allowed_mentions decides who is pinged: named users only when listed, @everyone only for who may, replies ping only when asked', async () => {
  const kim = world.addPerson('Kim');
  const text = `<@${sam.id}> and <@${kim.id}>, @everyone`;
  const listed = await api(members, 'POST', `/channels/${games.id}/messages`, { content: text, allowed_mentions: { parse: [], users: [sam.id] } });
  expect((listed.json.mentions as Array<{ id: string }>).map((u) => u.id)).toEqual([sam.id]);
  expect(listed.json.mention_everyone).toBe(false);
  const bare = await api(members, 'POST', `/channels/${games.id}/messages`, { content: text });
  expect((bare.json.mentions as Array<{ id: string }>).map((u) => u.id)).toEqual([sam.id, kim.id]);
  expect(bare.json.mention_everyone).toBe(true);
  const asked = world.post(kim.id, games.id, '!games');
  const quietReply = await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'the games', message_reference: { message_id: asked.id }, allowed_mentions: { parse: [] } });
  expect(quietReply.json.mentions).toEqual([]);
  const both = await api(members, 'POST', `/channels/${games.id}/messages`, { content: text, allowed_mentions: { parse: ['users'], users: [sam.id] } });
  expect([both.status, both.json.code]).toEqual([400, 50035]);
});

test('Message Content holds for REST reads; the member list wants Server Members; role changes after login are dispatched', async () => {
  world.post(sam.id, games.id, 'secret move');
  const blank = await api(plain, 'GET', `/channels/${games.id}/messages?limit=1`);
  expect((blank.json as unknown as Array<{ content: string }>)[0]!.content).toBe('');
  const full = await api(members, 'GET', `/channels/${games.id}/messages?limit=1`);
  expect((full.json as unknown as Array<{ content: string }>)[0]!.content).toBe('secret move');
  expect((await api(plain, 'GET', `/guilds/${world.guildId}/members?limit=10`)).json.code).toBe(50001);
  expect((await api(members, 'GET', `/guilds/${world.guildId}/members?limit=10`)).status).toBe(200);

  const guild = client.guilds.cache.get(world.guildId)!;
  const referees = world.addRole('Referees', 0n);
  await waitUntil(() => guild.roles.cache.has(referees.id), 'GUILD_ROLE_CREATE', 10_000);
  world.giveRole(sam.id, referees.id);
  await waitUntil(() => guild.members.cache.get(sam.id)?.roles.cache.has(referees.id) ?? false, 'GUILD_MEMBER_UPDATE (role given)', 10_000);
  world.takeRole(sam.id, referees.id);
  await waitUntil(() => !(guild.members.cache.get(sam.id)?.roles.cache.has(referees.id) ?? true), 'GUILD_MEMBER_UPDATE (role taken)', 10_000);
  world.setRolePermissions(referees.id, P.ManageMessages);
  await waitUntil(() => guild.roles.cache.get(referees.id)?.permissions.has('ManageMessages') ?? false, 'GUILD_ROLE_UPDATE', 10_000);
});

test('a thread archives after its quiet time: it leaves the active list, a message unarchives it, a locked one refuses (50083)', async () => {
  const thread = (await (client.channels.cache.get(games.id) as TextChannel).threads.create({ name: 'Trust t1', autoArchiveDuration: 60 })).id;
  expect(world.passTime(59 * 60_000)).toEqual([]);
  expect(world.passTime(60_000).map((c) => c.id)).toEqual([thread]);
  expect(world.activeThreads().map((c) => c.id)).not.toContain(thread);
  const active = (await api(members, 'GET', `/guilds/${world.guildId}/threads/active`)).json.threads as Array<{ id: string }>;
  expect(active.map((t) => t.id)).not.toContain(thread);
  await waitUntil(() => client.channels.cache.get(thread)?.isThread() === true && (client.channels.cache.get(thread) as { archived: boolean | null }).archived === true, 'THREAD_UPDATE (archived)', 10_000);
  expect((await api(members, 'PUT', `/channels/${thread}/thread-members/@me`)).json.code).toBe(50083);
  world.post(sam.id, thread, 'still there?');
  expect(world.channel(thread).thread!.archived).toBe(false);
  world.passTime(61 * 60_000);
  world.lockThread(thread);
  expect((await api(members, 'POST', `/channels/${thread}/messages`, { content: 'hello' })).json.code).toBe(50083);
  expect((await api(members, 'PATCH', `/channels/${thread}`, { archived: false })).json.code).toBe(50013);
  expect(world.channel(thread).type).toBe(ChannelType.PublicThread);
});

test('the global limit: past 50 requests a second a bot gets 429 with X-RateLimit-Global, scope global', async () => {
  const answers = await Promise.all(Array.from({ length: 60 }, () => fetch(`${emulator.api}/v10/users/@me`, { headers: { authorization: `Bot ${plain.token}` } })));
  const refused = answers.filter((r) => r.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]!.headers.get('X-RateLimit-Global')).toBe('true');
  expect(refused[0]!.headers.get('X-RateLimit-Scope')).toBe('global');
  expect(((await refused[0]!.json()) as { global: boolean }).global).toBe(true);
});

test('a shared-scope 429 (a busy channel) is waited out by discord.js and sent once; it does not count toward the invalid-request ban', async () => {
  const busy = world.addTextChannel('busy');
  const channel = (await client.channels.fetch(busy.id)) as TextChannel;
  emulator.rest.shareLimit(busy.id, 2, 100);
  await channel.send('once');
  expect(world.history(busy.id).map((m) => m.content)).toEqual(['once']);
  expect(emulator.rest.sharedRefused).toBe(2);
  expect(emulator.rest.bannedAt).toBeNull();
});

test('files: Attach Files is wanted in a server channel (50013), the upload limit holds (40005), and the files are kept to be read back', async () => {
  const bot = members.botId;
  const pictures = world.addTextChannel('pictures');
  const channel = (await client.channels.fetch(pictures.id)) as TextChannel;
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
  const file = { attachment: Buffer.from(png), name: 'map.png', description: 'A map of the mine.' };
  const refused = (await channel.send({ content: 'Round 10', files: [file] }).catch((e: unknown) => e)) as DiscordAPIError;
  expect([refused.status, refused.code]).toEqual([403, 50013]);
  world.overwrite(pictures.id, { member: bot }, P.AttachFiles, 0n);
  const sent = await channel.send({ content: 'Round 10', files: [file] });
  expect(sent.attachments.first()!.name).toBe('map.png');
  expect(sent.attachments.first()!.description).toBe('A map of the mine.');
  const kept = world.history(pictures.id).at(-1)!.attachments;
  expect(kept.map((a) => [a.filename, a.description, [...a.data]])).toEqual([['map.png', 'A map of the mine.', [...png]]]);
  // Files alone are a post; whitespace alone is not.
  expect((await channel.send({ files: [file] })).content).toBe('');
  expect(((await channel.send('  \n ').catch((e: unknown) => e)) as DiscordAPIError).code).toBe(50006);
  world.uploadLimitBytes = 10;
  const large = (await channel.send({ files: [file] }).catch((e: unknown) => e)) as DiscordAPIError;
  expect([large.status, large.code]).toEqual([413, 40005]);
  world.uploadLimitBytes = 25 * 1024 * 1024;
  // A DM wants no Attach Files.
  const dm = await client.users.createDM(sam.id);
  expect((await dm.send({ files: [file] })).attachments.size).toBe(1);
});

test('deletes: a message answers 10008 and a reply to it fails or, with fail_if_not_exists off, goes as a plain message; a thread and a channel answer 10003; the bot hears of each', async () => {
  const room = world.addTextChannel('deleted-soon');
  const channel = (await client.channels.fetch(room.id)) as TextChannel;
  const asked = world.post(sam.id, room.id, '!status');
  const heard: string[] = [];
  client.on('messageDelete', (m) => void heard.push(`message ${m.id}`));
  client.on('threadDelete', (t) => void heard.push(`thread ${t.id}`));
  client.on('channelDelete', (c) => void heard.push(`channel ${c.id}`));
  world.deleteMessage(room.id, asked.id);
  expect((await api(members, 'GET', `/channels/${room.id}/messages/${asked.id}`)).json.code).toBe(10008);
  const failing = (await channel.send({ content: 'running', reply: { messageReference: asked.id } }).catch((e: unknown) => e)) as DiscordAPIError;
  expect(failing.code).toBe(50035);
  const plainReply = await channel.send({ content: 'running', reply: { messageReference: asked.id, failIfNotExists: false } });
  expect(world.history(room.id).find((m) => m.id === plainReply.id)!.referenceId).toBeNull();
  const thread = await channel.threads.create({ name: 'Trust t2' });
  world.deleteChannel(thread.id);
  expect((await api(members, 'POST', `/channels/${thread.id}/messages`, { content: 'Round 2' })).json.code).toBe(10003);
  world.deleteChannel(room.id);
  const gone = await api(members, 'POST', `/channels/${room.id}/messages`, { content: 'Round 2' });
  expect([gone.status, gone.json.code]).toEqual([404, 10003]);
  await waitUntil(() => heard.length === 3, () => `MESSAGE_DELETE, THREAD_DELETE and CHANNEL_DELETE (heard ${heard.join(', ')})`, 10_000);
  expect(heard).toEqual([`message ${asked.id}`, `thread ${thread.id}`, `channel ${room.id}`]);
});

test('a thread locked while active: a member without Manage Threads is refused (160005, or 50013 as some paths answer), one with it may post', async () => {
  const thread = await (client.channels.cache.get(games.id) as TextChannel).threads.create({ name: 'Trust t3' });
  world.lockThread(thread.id);
  expect(world.channel(thread.id).thread!.archived).toBe(false);
  const locked = await api(members, 'POST', `/channels/${thread.id}/messages`, { content: 'Round 3' });
  expect([locked.status, locked.json.code]).toEqual([403, 160005]);
  world.lockedThreadCode = 50013;
  expect((await api(members, 'POST', `/channels/${thread.id}/messages`, { content: 'Round 3' })).json.code).toBe(50013);
  world.lockedThreadCode = 160005;
  world.overwrite(games.id, { member: members.botId }, P.ManageThreads, 0n);
  expect((await api(members, 'POST', `/channels/${thread.id}/messages`, { content: 'Round 3' })).status).toBe(200);
  world.overwrite(games.id, { member: members.botId }, 0n, 0n);
});

test("AutoMod: a keyword rule blocks content (200000), the harmful-links filter blocks a link (240000); exempt roles, Manage Server and DMs pass", async () => {
  const words = world.addAutoModRule({ name: 'No cheating talk', kind: 'keyword', keywords: ['cheat*'] });
  const links = world.addAutoModRule({ name: 'Harmful links', kind: 'links', hosts: ['bad.example'] });
  const blocked = await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'Ada cheated in round 2' });
  expect([blocked.status, blocked.json.code]).toEqual([400, 200000]);
  const link = await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'see https://bad.example/x' });
  expect([link.status, link.json]).toEqual([400, { message: 'Message blocked by harmful links filter', code: 240000 }]);
  expect((await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'see https://good.example/x, a cheetah' })).status).toBe(200);
  const dm = await client.users.createDM(sam.id);
  expect((await dm.send('Ada cheated')).content).toBe('Ada cheated');
  const exempt = world.addRole('Exempt', 0n);
  world.giveRole(members.botId, exempt.id);
  world.removeAutoModRule(words.id);
  world.addAutoModRule({ name: 'No cheating talk', kind: 'keyword', keywords: ['cheat*'], exemptRoles: [exempt.id] });
  expect((await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'Ada cheated' })).status).toBe(200);
  world.setRolePermissions(exempt.id, P.ManageGuild);
  expect((await api(members, 'POST', `/channels/${games.id}/messages`, { content: 'https://bad.example/x' })).status).toBe(200);
  world.takeRole(members.botId, exempt.id);
  for (const rule of [...world.autoMod]) world.removeAutoModRule(rule.id);
  expect(links.id).not.toBe('');
});

test('identify limits count: session_start_limit goes down with each IDENTIFY; past it Discord resets the token, and the bot is closed with 4004', async () => {
  const limited = new DiscordWorld({ sessionStarts: { total: 2, resetAfterMs: 86_400_000 } });
  const app = limited.addBot('Limited', 0);
  limited.invite(`https://discord.com/oauth2/authorize?client_id=${app.id}&scope=bot&permissions=${P.ViewChannel | P.SendMessages}`);
  const own = startDiscordEmulator({ world: limited, heartbeatMs: 1000 });
  undo();
  const undoOwn = pointDiscordJsAt(own.api);
  const limits = async () => ((await (await fetch(`${own.api}/v10/gateway/bot`, { headers: { authorization: `Bot ${app.token}` } })).json()) as { session_start_limit: { remaining: number; total: number } }).session_start_limit;
  const bot = new Client({ intents: [GatewayIntentBits.Guilds] });
  const errors: string[] = [];
  bot.on('shardError', (error) => void errors.push(error.message));
  try {
    expect(await limits()).toMatchObject({ total: 2, remaining: 2 });
    await bot.login(app.token);
    await waitUntil(() => bot.isReady(), 'logged in', 10_000);
    expect((await limits()).remaining).toBe(1);
    own.gateway.invalidateSession(app.botId, false);
    await waitUntil(() => own.gateway.stats.identifies === 2, 'a second IDENTIFY', 10_000);
    expect((await limits()).remaining).toBe(0);
    const token = app.token;
    own.gateway.invalidateSession(app.botId, false);
    await waitUntil(() => errors.includes('Authentication failed'), () => `closed with 4004 (errors: ${errors.join(', ')})`, 10_000);
    expect(own.gateway.stats.refusedIdentifies.at(-1)).toEqual({ code: 4004, reason: 'Authentication failed.' });
    expect(app.token).not.toBe(token);
    expect((await fetch(`${own.api}/v10/users/@me`, { headers: { authorization: `Bot ${token}` } })).status).toBe(401);
  } finally {
    await bot.destroy();
    undoOwn();
    undo = pointDiscordJsAt(emulator.api);
    await own.stop();
  }
}, 30_000);

test('a token revoked mid-session: REST answers 401, the gateway closes the bot with 4004, and its session cannot be resumed', async () => {
  const app = world.addBot('Revoked', 0);
  world.invite(`https://discord.com/oauth2/authorize?client_id=${app.id}&scope=bot&permissions=${P.ViewChannel | P.SendMessages}`);
  const bot = new Client({ intents: [GatewayIntentBits.Guilds] });
  const errors: string[] = [];
  bot.on('shardError', (error) => void errors.push(error.message));
  try {
    await bot.login(app.token);
    await waitUntil(() => bot.isReady() && emulator.gateway.connected(app.botId), 'logged in', 10_000);
    const old = app.token;
    const resumesBefore = emulator.gateway.stats.resumes;
    world.revokeToken(app.id);
    await waitUntil(() => errors.includes('Authentication failed'), () => `closed with 4004 (errors: ${errors.join(', ')})`, 10_000);
    expect(emulator.gateway.connected(app.botId)).toBe(false);
    expect(emulator.gateway.stats.resumes).toBe(resumesBefore);
    const refused = await fetch(`${emulator.api}/v10/channels/${games.id}/messages`, { method: 'POST', headers: { authorization: `Bot ${old}`, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'hello' }) });
    expect(refused.status).toBe(401);
    expect((await api(app, 'POST', `/channels/${games.id}/messages`, { content: 'with the new token' })).status).toBe(200);
  } finally {
    await bot.destroy();
  }
}, 30_000);
