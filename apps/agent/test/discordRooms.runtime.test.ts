import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldChannel, WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * Moderators act on a match's room while it plays: they delete its thread,
 * delete its channel, or lock its thread while it is active. The House asks
 * Discord once, moves the match where it still may post (the channel, or the
 * web GUI), says why in one line that names what happened, and loses no round.
 */
let guild: DiscordTestGuild;
let host: TestHost;

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const rounds = (channelId: string) => guild.world.history(channelId).map((m) => /^\[trust\] Round (\d+)/.exec(m.content)?.[1]).filter(Boolean).map(Number);
/** The House's refused calls about these channels. */
const refusedIn = (ids: string[]) => guild.emulator.rest.calls.filter((c) => c.bot === guild.house.botId && c.status >= 400 && ids.some((id) => c.path === `/channels/${id}` || c.path.startsWith(`/channels/${id}/`))).map((c) => `${c.method} ${c.status}`);

/** Acts once on the match's thread, the moment the House posts a round in it. */
function onRound(channel: WorldChannel, round: number, act: (thread: WorldChannel) => void): { done: () => boolean } {
  let acted = false;
  guild.world.subscribe((event) => {
    if (acted || event.kind !== 'message' || !event.message.content.startsWith(`[trust] Round ${round}\n`)) return;
    const thread = guild.world.channels.get(event.message.channelId);
    if (thread?.parentId !== channel.id) return;
    acted = true;
    act(thread);
  });
  return { done: () => acted };
}

async function play(channel: WorldChannel, who: string, seed: number): Promise<string> {
  const asked = guild.say(who, channel.id, `!play trust Ada Bram --seed ${seed} --delay 0 --set maxRounds=4`);
  const started = await guild.waitFor(channel.id, houseSays((t) => t.includes(`match trust-${seed}-`)), { since: asked.id });
  return new RegExp(`match (trust-${seed}-\\w+)`).exec(started.content)![1]!;
}

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: [], people: ['Sam', 'Kim'] });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' });
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test('a thread deleted mid-match: the match moves to its channel after one refused post, says so in one line, and loses no round', async () => {
  const channel = guild.world.addTextChannel('thread-deleted');
  let threadId = '';
  const deleted = onRound(channel, 1, (thread) => {
    threadId = thread.id;
    guild.world.deleteChannel(thread.id);
  });
  const id = await play(channel, 'Sam', 31);
  await waitForEnd(host.service, id, 120_000);
  expect(deleted.done()).toBe(true);
  await guild.waitFor(channel.id, houseSays((t) => t.startsWith('[trust] Round 4\n')));
  expect(rounds(channel.id)).toEqual([2, 3, 4]);
  const lines = guild.world.history(channel.id).filter(houseSays((t) => t.includes('deleted')));
  expect(lines.map((m) => m.content)).toEqual([`The thread of ${id} was deleted, so the match plays on in this channel.`]);
  // One refused call: the post, or the fetch before it once discord.js has heard the thread is gone.
  expect(refusedIn([threadId]).map((c) => c.split(' ')[1])).toEqual(['404']);
  expect(refusedIn([channel.id])).toEqual([]);
}, 240_000);

test('a channel deleted mid-match, its thread with it: the opener is told privately in one line, and the match plays on in the web GUI to its end', async () => {
  const channel = guild.world.addTextChannel('channel-deleted');
  let threadId = '';
  const deleted = onRound(channel, 1, (thread) => {
    threadId = thread.id;
    guild.world.deleteChannel(channel.id);
  });
  const id = await play(channel, 'Kim', 32);
  await waitForEnd(host.service, id, 120_000);
  expect(deleted.done()).toBe(true);
  expect((await host.service.getMatch(id))!.history.length).toBe(4);
  const kimDm = guild.world.dm(guild.people.get('Kim')!.id, guild.house.botId);
  const told = await guild.waitFor(kimDm.id, houseSays((t) => t.includes(id) && t.includes('deleted')));
  expect(told.content).toBe(`The Discord channel of ${id} was deleted; the match plays on in the web GUI's room and on the dashboard.`);
  // One refused call for the thread, and Discord's word that its channel went too; nothing after.
  expect(refusedIn([threadId]).map((c) => c.split(' ')[1])).toEqual(['404']);
  expect(refusedIn([channel.id])).toEqual(['GET 404']);
}, 240_000);

for (const code of [160005, 50013] as const) {
  test(`a thread locked while active (Discord refusing with ${code}): the match moves to its channel, and its one line says locked, not archived`, async () => {
    guild.world.lockedThreadCode = code;
    const channel = guild.world.addTextChannel(`locked-${code}`);
    let threadId = '';
    const locked = onRound(channel, 1, (thread) => {
      threadId = thread.id;
      guild.world.lockThread(thread.id);
    });
    const id = await play(channel, 'Sam', code === 160005 ? 33 : 34);
    await waitForEnd(host.service, id, 120_000);
    expect(locked.done()).toBe(true);
    await guild.waitFor(channel.id, houseSays((t) => t.startsWith('[trust] Round 4\n')));
    expect(rounds(threadId)).toEqual([1]);
    expect(rounds(channel.id)).toEqual([2, 3, 4]);
    const lines = guild.world.history(channel.id).filter(houseSays((t) => t.includes('locked')));
    expect(lines.map((m) => m.content)).toEqual([`The thread of ${id} was locked by a moderator (only members with Manage Threads may post in it now), so the match plays on in this channel.`]);
    expect(refusedIn([threadId, channel.id])).toEqual([`POST 403`]);
    guild.world.lockedThreadCode = 160005;
  }, 240_000);
}
