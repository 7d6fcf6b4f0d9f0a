import { afterAll, beforeAll, expect, test } from 'bun:test';
import { PermissionFlagsBits } from 'discord.js';
import { Match, runMatchSync } from '@the-house/games';
import { games } from '@the-house/games/registry.ts';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import { waitUntil } from './kit/waitUntil.ts';
import type { WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

let guild: DiscordTestGuild;
let host: TestHost;

const from = (botId: string) => (m: WorldMessage) => m.authorId === botId;
const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram', 'Cleo', 'Dev'], withTokens: ['Ada'], people: ['Sam', 'Kim'] });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' }, ['Ada']);
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test("the README's setup works: each bot logs in with its intents and does everything with the invite's permissions", () => {
  expect(guild.emulator.gateway.stats.refusedIdentifies).toEqual([]);
  expect(guild.emulator.gateway.stats.identifies).toBe(2);
  expect(guild.readme.invite).toContain('scope=bot+applications.commands');
  const needed = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.SendMessagesInThreads | PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.ReadMessageHistory;
  expect(guild.readme.permissions & needed).toBe(needed);
  expect(guild.readme.section).toContain('DISCORD_API_TOKEN');
  expect(guild.readme.section).toContain('settings.secrets.DISCORD_API_TOKEN');
});

test('!play trust in a channel: the House answers there, opens a thread, posts every round in it, and the match is the headless one', async () => {
  const asked = guild.say('Sam', guild.channel.id, '!play trust --seed 11');
  const answer = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('lobby trust-11-')), { since: asked.id });
  expect(answer.referenceId).toBe(asked.id);
  const id = /lobby (trust-11-\w+)/.exec(answer.content)![1]!;
  await waitForEnd(host.service, id, 180_000);
  const detail = (await host.service.getMatch(id))!;
  expect(detail.summary.status).toBe('finished');

  // The lobby seats four with different strategies: here the guild's four players.
  const seated = ['Ada', 'Bram', 'Cleo', 'Dev'];
  expect(detail.summary.players.map((p) => p.name)).toEqual(seated);
  const headless = Match.create(games.trust!, {}, 11, seated);
  const { copycat, grudger, detective, copykitten } = games.trust!.strategies;
  runMatchSync(headless, { Ada: copycat!, Bram: grudger!, Cleo: detective!, Dev: copykitten! });
  expect(detail.events.at(-1)!.hash).toBe(headless.log!.head);

  const thread = guild.threadOf(id);
  expect(thread).toBeDefined();
  const rounds = detail.history.length;
  await guild.waitFor(thread!.id, houseSays((t) => t.startsWith(`[trust] Round ${rounds}\n`)), { timeoutMs: 120_000 });
  const posts = guild.world.history(thread!.id).filter(from(guild.house.botId)).map((m) => m.content);
  expect(posts[0]).toStartWith('Trust begins: Ada, Bram, Cleo, Dev (seed 11).');
  expect(posts.filter((t) => t.startsWith('[trust] Round ')).map((t) => Number(/Round (\d+)/.exec(t)![1]))).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
  expect(guild.world.history(guild.channel.id).some((m) => m.content.startsWith('[trust] Round'))).toBe(false);
}, 240_000);

test('!status and !stop work from Discord', async () => {
  const asked = guild.say('Sam', guild.channel.id, '!play trust Ada Bram --seed 5');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-5-')), { since: asked.id });
  const id = /match (trust-5-\w+)/.exec(started.content)![1]!;
  const status = guild.say('Kim', guild.channel.id, '!status');
  expect((await guild.waitFor(guild.channel.id, houseSays((t) => t.startsWith(`trust ${id}:`)), { since: status.id })).content).toMatch(/: (running|finished), round \d+\. Ada \d+ sats, Bram \d+ sats\./);
  const stop = guild.say('Sam', guild.channel.id, '!stop');
  // Each round waits for its post, and Discord lets a channel have 5 posts per 5 s: the match is still running.
  const stopped = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes(id)), { since: stop.id });
  expect(stopped.content).toMatch(new RegExp(`^Match ${id} stopped at round \\d+\\.$`));
  expect((await host.service.getMatch(id))!.summary.status).toBe('stopped');
}, 240_000);

test('a DM to the House: commands answer in the DM, and a long answer comes in pieces under 2,000 characters', async () => {
  const sam = guild.people.get('Sam')!;
  const dm = guild.world.dm(sam.id, guild.house.botId);
  const asked = guild.say('Sam', dm.id, '!help all');
  const last = await guild.waitFor(dm.id, houseSays((t) => t.includes('`!audit`')), { since: asked.id });
  const pieces = guild.world.history(dm.id).filter((m) => BigInt(m.id) > BigInt(asked.id) && BigInt(m.id) <= BigInt(last.id) && m.authorId === guild.house.botId);
  expect(pieces.length).toBeGreaterThan(1);
  expect(pieces.map((m) => m.content).join('\n')).toBe(host.service.helpText('all').trim());
  const hello = guild.say('Sam', dm.id, 'hello House, what can I do here?');
  expect((await guild.waitFor(dm.id, from(guild.house.botId), { since: hello.id })).content).toContain('!play');
  for (const m of guild.world.history(dm.id)) expect(m.content.length).toBeLessThanOrEqual(2000);
}, 240_000);

test('a player agent with its own token speaks under its own bot user; the other bots stay out of it', async () => {
  const ada = guild.bots.get('Ada')!;
  const asked = guild.say('Kim', guild.channel.id, `<@${ada.botId}> hello Ada, are you playing today?`);
  const reply = await guild.waitFor(guild.channel.id, from(ada.botId), { since: asked.id });
  expect(reply.content).toContain('Ada here.');
  expect(reply.referenceId).toBe(asked.id);
  expect(guild.world.user(reply.authorId).username).toBe('Ada');
}, 240_000);

test("in Influence a player's public words go out under its own bot when it has one, else the House carries them with the name", async () => {
  const ada = guild.bots.get('Ada')!;
  const timers = ['whisper=1500', 'rumor=1500', 'vote=1500', 'power=1500', 'reveal=500'].map((t) => `--set timers.${t}`).join(' ');
  const asked = guild.say('Sam', guild.channel.id, `!play influence Ada Bram Cleo Dev --seed 2 ${timers}`);
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match influence-2-')), { since: asked.id });
  const id = /match (influence-2-\w+)/.exec(started.content)![1]!;
  await waitUntil(async () => ((await host.service.getMatch(id))?.events ?? []).some((e) => e.type === 'public' && e.round === 1), 'a public post in round 1', 120_000);
  const publics = (await host.service.getMatch(id))!.events.filter((e) => e.type === 'public' && e.round === 1).map((e) => e.data as { from: string; text: string });
  const thread = guild.threadOf(id)!;
  for (const p of publics) {
    const carried = p.from === 'Ada' ? (m: WorldMessage) => m.authorId === ada.botId && m.content === p.text : houseSays((t) => t === `${p.from}: ${p.text}`);
    await guild.waitFor(thread.id, carried, { timeoutMs: 60_000 });
  }
  expect(publics.map((p) => p.from)).toContain('Ada');
  const stop = guild.say('Sam', guild.channel.id, '!stop');
  await guild.waitFor(guild.channel.id, houseSays((t) => t.includes(id)), { since: stop.id });
}, 240_000);

test('the gateway drops once: the House resumes its session, answers what was said meanwhile, and loses no post', async () => {
  const asked = guild.say('Sam', guild.channel.id, '!play trust Ada Bram --seed 21');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-21-')), { since: asked.id });
  const id = /match (trust-21-\w+)/.exec(started.content)![1]!;
  await waitUntil(async () => ((await host.service.getMatch(id))?.history.length ?? 0) >= 2, 'two rounds played');
  const resumesBefore = guild.emulator.gateway.stats.resumes;
  expect(guild.emulator.gateway.drop(guild.house.botId)).toBe(true);
  const meanwhile = guild.say('Kim', guild.channel.id, '!status');
  await guild.waitFor(guild.channel.id, houseSays((t) => t.startsWith(`trust ${id}:`)), { since: meanwhile.id, timeoutMs: 90_000 });
  expect(guild.emulator.gateway.stats.resumes).toBe(resumesBefore + 1);
  expect(guild.emulator.gateway.stats.identifies).toBe(2);

  await waitForEnd(host.service, id, 180_000);
  const rounds = (await host.service.getMatch(id))!.history.length;
  const thread = guild.threadOf(id);
  await guild.waitFor(thread!.id, houseSays((t) => t.startsWith(`[trust] Round ${rounds}\n`)), { timeoutMs: 120_000 });
  const numbers = guild.world.history(thread!.id).map((m) => /^\[trust\] Round (\d+)/.exec(m.content)?.[1]).filter(Boolean).map(Number);
  expect(numbers).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
}, 240_000);

test('the House never floods: discord.js kept within every rate limit, and no bot asked for a route or a permission it lacks', () => {
  expect(guild.emulator.rest.limits.refused).toBe(0);
  const refused = guild.emulator.rest.calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.path} ${c.status}`);
  expect(refused).toEqual([]);
});
