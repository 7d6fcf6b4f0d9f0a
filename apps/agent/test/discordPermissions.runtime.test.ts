import { afterAll, beforeAll, expect, test } from 'bun:test';
import { PermissionFlagsBits as P } from 'discord.js';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldChannel, WorldMessage, WorldRole } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * A server that takes permissions away from the House's bot in a channel
 * (permission overwrites, as server admins set them): the House plays on
 * where it still may, says so in one line, and asks Discord for what it may
 * not do once at most.
 */
let guild: DiscordTestGuild;
let host: TestHost;
let referees: WorldRole;

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const person = (name: string) => guild.people.get(name)!.id;
/** The House's refused calls about a channel or its threads. */
const refusedIn = (channel: WorldChannel) => {
  const ids = [channel.id, ...guild.world.threadsOf(channel.id).map((t) => t.id)];
  return guild.emulator.rest.calls.filter((c) => c.bot === guild.house.botId && c.status >= 400 && ids.some((id) => c.path.startsWith(`/channels/${id}/`))).map((c) => `${c.method} ${c.status}`);
};
const rounds = (channelId: string) => guild.world.history(channelId).map((m) => /^\[trust\] Round (\d+)/.exec(m.content)?.[1]).filter(Boolean).map(Number);

async function play(channel: WorldChannel, who: string, seed: number, rest = ''): Promise<string> {
  const asked = guild.say(who, channel.id, `!play trust Ada Bram --seed ${seed} --set maxRounds=3${rest}`);
  const started = await guild.waitFor(channel.id, houseSays((t) => t.includes(`match trust-${seed}-`)), { since: asked.id });
  return new RegExp(`match (trust-${seed}-\\w+)`).exec(started.content)![1]!;
}

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: [], people: ['Sam', 'Kim', 'Rita'] });
  referees = guild.world.addRole('Referees', 0n);
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_ADMINS: `discord-role:${referees.id}` });
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test('a channel where nobody may create threads: the match plays in the channel, the House says why in one line, one refused call', async () => {
  const channel = guild.world.addTextChannel('no-threads');
  guild.world.overwrite(channel.id, { role: guild.world.guildId }, 0n, P.CreatePublicThreads);
  const id = await play(channel, 'Sam', 6);
  await waitForEnd(host.service, id, 120_000);
  await guild.waitFor(channel.id, houseSays((t) => t.startsWith('[trust] Round 3\n')));
  expect(guild.world.threadsOf(channel.id)).toEqual([]);
  expect(rounds(channel.id)).toEqual([1, 2, 3]);
  const notes = guild.world.history(channel.id).filter(houseSays((t) => t.includes('Create Public Threads')));
  expect(notes.length).toBe(1);
  expect(refusedIn(channel)).toEqual(['POST 403']);
}, 240_000);

test('a channel whose threads the bot may not post in: the House leaves the thread for the channel after one refused post, and no round is lost or repeated', async () => {
  const channel = guild.world.addTextChannel('no-thread-posts');
  guild.world.overwrite(channel.id, { role: guild.world.guildId }, 0n, P.SendMessagesInThreads);
  const id = await play(channel, 'Sam', 7);
  await waitForEnd(host.service, id, 120_000);
  await guild.waitFor(channel.id, houseSays((t) => t.startsWith('[trust] Round 3\n')));
  expect(rounds(channel.id)).toEqual([1, 2, 3]);
  expect(guild.world.history(channel.id).filter(houseSays((t) => t.startsWith('Trust begins'))).length).toBe(1);
  expect(guild.world.history(channel.id).filter(houseSays((t) => t.includes('Send Messages in Threads'))).length).toBe(1);
  expect(refusedIn(channel)).toEqual(['POST 403']);
}, 240_000);

test("a channel hidden from the bot mid-match: one refused call, the owner is told privately, and the match plays on to its end", async () => {
  const channel = guild.world.addTextChannel('hidden-later');
  // Hidden the moment round 1 is posted, so the rest of the match meets it.
  let hidden = false;
  guild.world.subscribe((event) => {
    if (hidden || event.kind !== 'message' || !event.message.content.startsWith('[trust] Round 1\n') || guild.world.channel(event.message.channelId).parentId !== channel.id) return;
    hidden = true;
    guild.world.overwrite(channel.id, { member: guild.house.botId }, 0n, P.ViewChannel);
  });
  const id = await play(channel, 'Kim', 8);
  await waitForEnd(host.service, id, 120_000);
  expect(hidden).toBe(true);
  expect((await host.service.getMatch(id))!.summary.status).toBe('finished');
  expect(refusedIn(channel)).toEqual(['POST 403']);
  const kimDm = [...guild.world.channels.values()].find((c) => c.recipients.includes(person('Kim')) && c.recipients.includes(guild.house.botId))!;
  await guild.waitFor(kimDm.id, houseSays((t) => t.includes(id) && t.includes('cannot see')));
}, 240_000);

test('a role given after login counts for HOUSE_ADMINS, and stops counting once taken away', async () => {
  const id = await play(guild.channel, 'Sam', 9, ' --delay 2000');
  guild.world.giveRole(person('Rita'), referees.id);
  const stop = guild.say('Rita', guild.channel.id, '!stop');
  expect((await guild.waitFor(guild.channel.id, houseSays(() => true), { since: stop.id })).content).toStartWith(`Match ${id} stopped`);
  const again = await play(guild.channel, 'Sam', 10, ' --delay 2000');
  guild.world.takeRole(person('Rita'), referees.id);
  const refused = guild.say('Rita', guild.channel.id, '!stop');
  expect((await guild.waitFor(guild.channel.id, houseSays(() => true), { since: refused.id })).content).toBe(`Only Sam, who opened ${again}, or a House admin (HOUSE_ADMINS) may !stop it.`);
  const owner = guild.say('Sam', guild.channel.id, '!stop');
  await guild.waitFor(guild.channel.id, houseSays((t) => t.startsWith(`Match ${again} stopped`)), { since: owner.id });
}, 240_000);
