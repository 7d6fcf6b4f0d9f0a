import { afterAll, beforeAll, expect, test } from 'bun:test';
import { PermissionFlagsBits as P } from 'discord.js';
import type { RoomPicture } from '@the-house/plugin-house/pictures/roomPicture.ts';
import type { GameRoom, PostAuthor } from '@the-house/plugin-house/roomGateway.ts';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldChannel, WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * What a server refuses in a post: files where the House's role lacks Attach
 * Files, content its AutoMod rules block, a reply to a command deleted
 * before the House answered. The House gets its words through (the pictures
 * said in words, links left out) or says in one line what was withheld and
 * why, naming the setting as Discord's server settings name it.
 */
let guild: DiscordTestGuild;
let host: TestHost;
/** The pictures the House posted in web GUI rooms, by room; and each room by its name (a match's thread has the same). */
const guiPictures: Array<{ room: string; picture: RoomPicture }> = [];
const guiRooms = new Map<string, string>();

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const rounds = (channelId: string) => guild.world.history(channelId).map((m) => /^\[trust\] Round (\d+)/.exec(m.content)?.[1]).filter(Boolean).map(Number);
const refusedIn = (channel: WorldChannel) => {
  const ids = [channel.id, ...guild.world.threadsOf(channel.id).map((t) => t.id)];
  return guild.emulator.rest.calls.filter((c) => c.bot === guild.house.botId && c.status >= 400 && ids.some((id) => c.path.startsWith(`/channels/${id}/`))).map((c) => `${c.method} ${c.status}`);
};

async function play(channel: WorldChannel, seed: number, rounds = 3): Promise<{ id: string; thread: WorldChannel }> {
  const asked = guild.say('Sam', channel.id, `!play trust Ada Bram --seed ${seed} --delay 0 --set maxRounds=${rounds}`);
  const started = await guild.waitFor(channel.id, houseSays((t) => t.includes(`match trust-${seed}-`)), { since: asked.id });
  const id = new RegExp(`match (trust-${seed}-\\w+)`).exec(started.content)![1]!;
  await waitForEnd(host.service, id, 120_000);
  const thread = guild.threadOf(id)!;
  await guild.waitFor(thread.id, houseSays((t) => t.startsWith(`[trust] Round ${rounds}\n`) || t.includes('AutoMod')));
  return { id, thread };
}

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: [], people: ['Sam'] });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_TABLES_PER_PERSON: '9' });
  const gateway = host.service.gateway;
  const post = gateway.post.bind(gateway);
  const createRoom = gateway.createRoom.bind(gateway);
  gateway.createRoom = async (name, members) => {
    const room = await createRoom(name, members);
    if (room) guiRooms.set(name, room.channelId);
    return room;
  };
  gateway.post = (room: GameRoom, text: string, key?: string, author?: PostAuthor, pictures: readonly RoomPicture[] = []) => {
    for (const picture of pictures) guiPictures.push({ room: room.channelId, picture });
    return post(room, text, key, author, pictures);
  };
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test("a channel where the House's role lacks Attach Files: every round arrives, its pictures in words, the channel is told once naming Attach Files, and Discord is not asked for files", async () => {
  const channel = guild.world.addTextChannel('no-files');
  guild.world.overwrite(channel.id, { member: guild.house.botId }, 0n, P.AttachFiles);
  const { thread } = await play(channel, 41);
  expect(rounds(thread.id)).toEqual([1, 2, 3]);
  const room = guiRooms.get(thread.name!);
  const posts = guild.world.history(thread.id).filter(houseSays(() => true));
  expect(posts.flatMap((m) => m.attachments)).toEqual([]);
  // What each picture shows, as its alternative text says it, is in the round's post.
  const pictures = guiPictures.filter((p) => p.room === room).map((p) => p.picture);
  expect(pictures.length).toBeGreaterThan(0);
  const last = posts.find((m) => m.content.startsWith('[trust] Round 3\n'))!;
  for (const picture of pictures) expect(last.content).toContain(picture.alt);
  const notes = posts.filter((m) => m.content.includes('Attach Files'));
  expect(notes.map((m) => m.content)).toEqual(['The House may not attach pictures here (its role lacks Attach Files in this channel), so its posts say in words what their pictures show.']);
  expect(refusedIn(channel)).toEqual([]);
}, 240_000);

test("AutoMod blocks a round's post (a keyword rule): a line in its place says the server's AutoMod withheld it, the other rounds arrive, and the match's record keeps it", async () => {
  const rule = guild.world.addAutoModRule({ name: 'No round two', kind: 'keyword', keywords: ['Round 2'] });
  try {
    const channel = guild.world.addTextChannel('automod-words');
    const { id, thread } = await play(channel, 42);
    await guild.waitFor(thread.id, houseSays((t) => t.startsWith('[trust] Round 3\n')));
    expect(rounds(thread.id)).toEqual([1, 3]);
    const withheld = guild.world.history(thread.id).filter(houseSays((t) => t.includes('AutoMod')));
    expect(withheld.map((m) => m.content)).toEqual(["A post was withheld here by this server's AutoMod (Server Settings > AutoMod)."]);
    const match = (await host.service.getMatch(id))!;
    expect(match.history.map((h) => h.round)).toEqual([1, 2, 3]);
    expect(match.events.some((e) => e.round === 2)).toBe(true);
    expect(refusedIn(channel)).toEqual(['POST 400']);
  } finally {
    guild.world.removeAutoModRule(rule.id);
  }
}, 240_000);

test("AutoMod's harmful-links filter blocks the !play answer for its dashboard link: it comes again without the link, and still answers the command", async () => {
  const rule = guild.world.addAutoModRule({ name: 'Links', kind: 'links' });
  try {
    const channel = guild.world.addTextChannel('automod-links');
    const asked = guild.say('Sam', channel.id, '!play trust Ada Bram --seed 43 --delay 0 --set maxRounds=2');
    const answer = await guild.waitFor(channel.id, houseSays((t) => t.includes('match trust-43-')), { since: asked.id });
    expect(answer.content).toContain('(link left out for AutoMod)');
    expect(answer.content).not.toMatch(/https?:\/\//);
    expect(answer.referenceId).toBe(asked.id);
    const id = /match (trust-43-\w+)/.exec(answer.content)![1]!;
    await waitForEnd(host.service, id, 120_000);
    expect(refusedIn(channel)).toEqual(['POST 400']);
  } finally {
    guild.world.removeAutoModRule(rule.id);
  }
}, 240_000);

test('a command deleted before the House answers: the answer comes as a plain message, as Discord sends a reply to a message that is gone', async () => {
  const channel = guild.world.addTextChannel('deleted-command');
  let deleted = false;
  guild.world.subscribe((event) => {
    if (deleted || event.kind !== 'message' || event.message.channelId !== channel.id || event.message.content !== '!games') return;
    deleted = true;
    guild.world.deleteMessage(channel.id, event.message.id);
  });
  const asked = guild.say('Sam', channel.id, '!games');
  const answer = await guild.waitFor(channel.id, houseSays(() => true), { since: asked.id });
  expect(deleted).toBe(true);
  expect(answer.referenceId).toBeNull();
  expect(answer.content).toContain('`!play ');
  expect(refusedIn(channel)).toEqual([]);
}, 120_000);
