import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import { waitUntil } from './kit/waitUntil.ts';
import type { WorldChannel, WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * The gateway failing as Discord's does, under a running match: sessions
 * invalidated, op 7 Reconnect, op 1, ACKs that come late, heartbeats that
 * never arrive. Resumed, the House misses nothing (Discord replays); made
 * to identify again, it reads back what was typed while it had no session,
 * or where it cannot, asks people to send it again.
 */
let guild: DiscordTestGuild;
let host: TestHost;
// Short heartbeats so the faults come quickly; a closing timeout well past the interval, so a busy machine's late timer is not taken for a stopped bot.
let samDm: WorldChannel;
let flaky: WorldChannel;
let match = '';
/** What a test types at the moment the House's session is lost, before it can connect again. */
let inTheGap: (() => void) | null = null;

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const stats = () => ({ ...guild.emulator.gateway.stats });
const replyTo = (asked: WorldMessage) => (m: WorldMessage) => m.authorId === guild.house.botId && m.referenceId === asked.id;
const connected = () => waitUntil(() => guild.emulator.gateway.connected(guild.house.botId), 'the House connected again', 60_000);
/**
 * Until the House's next heartbeat arrives: a fault made then is a whole
 * interval from discord.js's next beat. That beat first checks the last one
 * was ACKed; an op 1 heartbeat whose ACK was still on its way then made it
 * take the link for a zombie and resume (ACKs 150 ms late: 3 op 1s of 25
 * made at random moments, none of 25 made after a beat).
 */
const afterABeat = async () => {
  const beats = stats().heartbeats;
  await waitUntil(() => stats().heartbeats > beats, 'a heartbeat', 30_000);
};

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: [], people: ['Sam', 'Kim'], heartbeatMs: 2000, heartbeatTimeoutMs: 6000 });
  samDm = guild.world.dm(guild.people.get('Sam')!.id, guild.house.botId);
  flaky = guild.world.addTextChannel('flaky');
  guild.emulator.gateway.onSessionLost((bot) => {
    if (bot !== guild.house.botId || !inTheGap) return;
    const act = inTheGap;
    inTheGap = null;
    act();
  });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' });
  // The House has seen each of these places before its connection fails.
  for (const [who, where] of [['Sam', samDm.id], ['Kim', flaky.id]] as const) {
    const hello = guild.say(who, where, '!games');
    await guild.waitFor(where, houseSays(() => true), { since: hello.id });
  }
  const asked = guild.say('Sam', guild.channel.id, '!play trust Ada Bram --seed 11 --delay 700 --set maxRounds=40');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-11-')), { since: asked.id });
  match = /match (trust-11-\w+)/.exec(started.content)![1]!;
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test('INVALID_SESSION (not resumable): the House identifies again and answers the commands typed while it had no session, in a channel and a DM', async () => {
  const before = stats();
  let inChannel: WorldMessage | null = null;
  let inDm: WorldMessage | null = null;
  inTheGap = () => {
    inChannel = guild.say('Kim', guild.channel.id, '!status');
    inDm = guild.say('Sam', samDm.id, '!games');
  };
  expect(guild.emulator.gateway.invalidateSession(guild.house.botId, false)).toBe(true);
  expect(inChannel).not.toBeNull();
  await guild.waitFor(guild.channel.id, replyTo(inChannel!), { timeoutMs: 60_000 });
  await guild.waitFor(samDm.id, replyTo(inDm!), { timeoutMs: 60_000 });
  expect(stats().identifies).toBe(before.identifies + 1);
  // Answered once each, though the House read them back and Discord now sends what comes after.
  expect(guild.world.history(guild.channel.id).filter(replyTo(inChannel!)).length).toBe(1);
}, 120_000);

test('INVALID_SESSION (resumable) and op 7 Reconnect: the House resumes, gets what it missed from Discord, and identifies no more', async () => {
  const before = stats();
  guild.emulator.gateway.invalidateSession(guild.house.botId, true);
  const first = guild.say('Kim', guild.channel.id, '!status');
  await guild.waitFor(guild.channel.id, replyTo(first), { timeoutMs: 60_000 });
  await connected();
  expect(guild.emulator.gateway.askReconnect(guild.house.botId)).toBe(true);
  const second = guild.say('Kim', guild.channel.id, '!status');
  await guild.waitFor(guild.channel.id, replyTo(second), { timeoutMs: 60_000 });
  const after = stats();
  expect(after.resumes).toBe(before.resumes + 2);
  expect(after.identifies).toBe(before.identifies);
  expect(guild.world.history(guild.channel.id).filter(replyTo(second)).length).toBe(1);
}, 120_000);

test('op 1: asked for a heartbeat, the House answers with one and its link stays up', async () => {
  await connected();
  await afterABeat();
  const before = stats();
  expect(guild.emulator.gateway.askHeartbeat(guild.house.botId)).toBe(true);
  await waitUntil(() => stats().heartbeats > before.heartbeats, 'a heartbeat', 30_000);
  expect(guild.emulator.gateway.connected(guild.house.botId)).toBe(true);
  expect(stats().identifies).toBe(before.identifies);
}, 60_000);

test('heartbeats that never arrive: Discord closes the connection (4009, session gone); the House identifies again and reads back the gap', async () => {
  await connected();
  await afterABeat();
  const before = stats();
  let lost: WorldMessage | null = null;
  inTheGap = () => {
    lost = guild.say('Kim', guild.channel.id, '!status');
  };
  expect(guild.emulator.gateway.loseHeartbeats(guild.house.botId)).toBe(true);
  await waitUntil(() => lost !== null, 'the connection closed for missed heartbeats', 30_000);
  expect(stats().heartbeatTimeouts).toBe(before.heartbeatTimeouts + 1);
  await guild.waitFor(guild.channel.id, replyTo(lost!), { timeoutMs: 60_000 });
  expect(stats().identifies).toBe(before.identifies + 1);
}, 90_000);

// Last of the heartbeat faults: an ACK it delays may still be on its way after it.
test('ACKs that come after the next heartbeat: discord.js takes the link for a zombie and resumes; nothing is lost', async () => {
  const before = stats();
  guild.emulator.gateway.ackDelayMs = 3000;
  await waitUntil(() => stats().resumes > before.resumes, 'a resume after a zombie link', 30_000);
  guild.emulator.gateway.ackDelayMs = 0;
  const asked = guild.say('Kim', guild.channel.id, '!status');
  await guild.waitFor(guild.channel.id, replyTo(asked), { timeoutMs: 60_000 });
  expect(stats().identifies).toBe(before.identifies);
}, 60_000);

test('where Discord will not give the gap back, the people there are told to send what they sent meanwhile again', async () => {
  await connected();
  inTheGap = () => {
    guild.say('Kim', flaky.id, '!status');
  };
  guild.emulator.rest.failReads(flaky.id);
  guild.emulator.gateway.invalidateSession(guild.house.botId, false);
  const line = await guild.waitFor(flaky.id, houseSays((t) => t.includes('send it again')), { timeoutMs: 60_000 });
  guild.emulator.rest.failReads(flaky.id, false);
  expect(line.referenceId).toBeNull();
  expect(guild.world.history(flaky.id).filter(houseSays((t) => t.includes('send it again'))).length).toBe(1);
}, 90_000);

test('a command typed in the gap where the House had seen nothing yet: Discord\'s new READY shows the channel has news, so it is read back and answered; where it cannot be read, the channel is asked to send again', async () => {
  await connected();
  const quiet = guild.world.addTextChannel('quiet');
  const unreadable = guild.world.addTextChannel('unreadable');
  let asked = null as WorldMessage | null;
  inTheGap = () => {
    asked = guild.say('Kim', quiet.id, '!status');
    guild.say('Kim', unreadable.id, '!status');
  };
  guild.emulator.rest.failReads(unreadable.id);
  expect(guild.emulator.gateway.invalidateSession(guild.house.botId, false)).toBe(true);
  expect(asked).not.toBeNull();
  await guild.waitFor(quiet.id, replyTo(asked!), { timeoutMs: 60_000 });
  const line = await guild.waitFor(unreadable.id, houseSays((t) => t.includes('send it again')), { timeoutMs: 60_000 });
  guild.emulator.rest.failReads(unreadable.id, false);
  expect(line.referenceId).toBeNull();
  expect(guild.world.history(quiet.id).filter(replyTo(asked!)).length).toBe(1);
}, 90_000);

test('a typing indicator Discord fails (500, every retry): the House answers all the same, and its process lives on', async () => {
  guild.emulator.rest.failTyping(flaky.id);
  const typingCalls = () => guild.emulator.rest.calls.filter((c) => c.path.endsWith(`/channels/${flaky.id}/typing`) && c.bot === guild.house.botId);
  const before = typingCalls().length;
  const asked = guild.say('Kim', flaky.id, '!status');
  await guild.waitFor(flaky.id, replyTo(asked), { timeoutMs: 60_000 });
  await waitUntil(() => typingCalls().length > before, 'the typing indicator reached Discord', 30_000);
  guild.emulator.rest.failTyping(flaky.id, false);
  // Once: discord.js would retry a 500 three times and then reject, where nothing catches it.
  expect(typingCalls().slice(before).map((c) => c.status)).toEqual([500]);
}, 90_000);

test('through all of it the match loses no post: every round once, in order', async () => {
  // Stopped if it still runs (it may have played all its rounds meanwhile).
  guild.say('Sam', guild.channel.id, '!stop');
  await waitForEnd(host.service, match, 60_000);
  const played = (await host.service.getMatch(match))!.history.length;
  const thread = guild.threadOf(match)!;
  await guild.waitFor(thread.id, houseSays((t) => t.startsWith(`[trust] Round ${played}\n`)), { timeoutMs: 60_000 });
  const numbers = guild.world.history(thread.id).map((m) => /^\[trust\] Round (\d+)/.exec(m.content)?.[1]).filter(Boolean).map(Number);
  expect(numbers).toEqual(Array.from({ length: played }, (_, i) => i + 1));
  expect(guild.emulator.rest.limits.refused).toBe(0);
}, 90_000);
