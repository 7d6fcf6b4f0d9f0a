import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ModelType } from '@elizaos/core';
import { findPlayer } from '@the-house/plugin-player';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import { waitUntil } from './kit/waitUntil.ts';
import type { WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * People who closed their DMs to the server's bots (Discord answers the
 * House's DM with 403 / 50007): what is theirs goes to the match's thread at
 * once, naming and pinging them, once, and the House stops knocking.
 */
let guild: DiscordTestGuild;
let host: TestHost;

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const id = (name: string) => guild.people.get(name)!.id;
/** The House's DM sends Discord refused with 50007, found by the DM channels of `person`. */
const refusedDms = (person: string) => {
  const dms = [...guild.world.channels.values()].filter((c) => c.recipients.includes(id(person))).map((c) => `/channels/${c.id}/messages`);
  return guild.emulator.rest.calls.filter((c) => c.bot === guild.house.botId && c.method === 'POST' && dms.includes(c.path) && c.status === 403).length;
};

beforeAll(async () => {
  // Few invalid requests allowed before the ban: a House that knocked on a closed DM every round would be banned within a match.
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: ['Ada'], people: ['Sam', 'Kim', 'Rita'], invalid: { limit: 8, windowMs: 600_000 } });
  guild.world.closeDms(id('Sam'));
  guild.world.closeDms(id('Kim'));
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_DECISION_DEADLINE_MS: '600000', HOUSE_BEG_TIMEOUT_MS: '600000' }, ['Ada']);
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test("a seated person with closed DMs is asked in the match's thread at once, by name with a ping, each ask once; their !move there plays; one refused DM for the whole match", async () => {
  const asked = guild.say('Sam', guild.channel.id, '!play trust me,Ada --seed 3 --set maxRounds=3');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-3-')), { since: asked.id });
  const match = /match (trust-3-\w+)/.exec(started.content)![1]!;
  await waitUntil(() => !!guild.threadOf(match), 'the thread', 30_000);
  const thread = guild.threadOf(match)!;
  for (let round = 1; round <= 3; round++) {
    // The deadline is ten minutes: a seat that waited it out would fail this test's own timeout.
    const ask = await guild.waitFor(thread.id, houseSays((t) => t.includes(`your move in Trust (${match}), round ${round}`)));
    expect(ask.content).toStartWith(`<@${id('Sam')}>: `);
    expect(ask.mentions).toEqual([id('Sam')]);
    const move = guild.say('Sam', thread.id, `!move ${round === 2 ? 'block' : 'high_five'} @Ada`);
    await guild.waitFor(thread.id, houseSays((t) => t === 'Move accepted.'), { since: move.id });
    await guild.waitFor(thread.id, houseSays((t) => t.startsWith(`[trust] Round ${round}\n`)), { since: move.id });
  }
  await waitForEnd(host.service, match, 60_000);
  const asks = guild.world.history(thread.id).filter(houseSays((t) => t.includes('your move in Trust')));
  expect(asks.map((m) => Number(/round (\d+)/.exec(m.content)![1]))).toEqual([1, 2, 3]);
  expect(refusedDms('Sam')).toBe(1);
  expect([...guild.world.channels.values()].filter((c) => c.recipients.includes(id('Sam'))).flatMap((c) => guild.world.history(c.id))).toEqual([]);
}, 240_000);

test('the House remembers a closed DM: the next match seats the person with no DM to knock on', async () => {
  const asked = guild.say('Sam', guild.channel.id, '!play trust me,Bram --seed 4 --set maxRounds=1');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-4-')), { since: asked.id });
  const match = /match (trust-4-\w+)/.exec(started.content)![1]!;
  await waitUntil(() => !!guild.threadOf(match), 'the thread', 30_000);
  const thread = guild.threadOf(match)!;
  const ask = await guild.waitFor(thread.id, houseSays((t) => t.includes(`your move in Trust (${match}), round 1`)));
  expect(ask.mentions).toEqual([id('Sam')]);
  guild.say('Sam', thread.id, '!move high_five @Bram');
  await waitForEnd(host.service, match, 60_000);
  expect(refusedDms('Sam')).toBe(1);
}, 240_000);

test("an observer with closed DMs gets Ada's beg in the thread, pinged by name; only who the House names is pinged, not a mention inside Ada's reason; !grant there answers it", async () => {
  const ada = guild.bots.get('Ada')!;
  findPlayer('Ada')!.registerModel(
    ModelType.TEXT_LARGE,
    async (_rt, params) => (String(params.prompt).includes('[[HOUSE_REQUEST]]') ? JSON.stringify({ action: 'BEG', amount: 9, reason: `<@${id('Rita')}> @everyone my roof leaks` }) : '<response><thought>x</thought><actions>IGNORE</actions></response>'),
    'test-begger',
    1000,
  );
  const asked = guild.say('Kim', guild.channel.id, '!play trust Ada Bram --seed 5 --set maxRounds=1');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-5-')), { since: asked.id });
  const match = /match (trust-5-\w+)/.exec(started.content)![1]!;
  await waitUntil(() => !!guild.threadOf(match), 'the thread', 30_000);
  const thread = guild.threadOf(match)!;
  const beg = await guild.waitFor(thread.id, houseSays((t) => t.includes('begs you for 9 sats')), { timeoutMs: 90_000 });
  expect(beg.content).toStartWith(`<@${id('Kim')}>: `);
  expect(beg.content).toContain(`<@${id('Rita')}>`);
  expect(beg.mentions.sort()).toEqual([id('Kim'), ada.botId].sort());
  expect(beg.mentionEveryone).toBe(false);
  const grant = guild.say('Kim', thread.id, `!grant <@${ada.botId}> 5 fix that roof`);
  expect((await guild.waitFor(thread.id, houseSays(() => true), { since: grant.id })).content).toStartWith('Granted 5 sats to Ada');
  await waitForEnd(host.service, match, 90_000);
  expect(guild.world.history(thread.id).filter(houseSays((t) => t.includes('begs you for 9 sats'))).length).toBe(1);
  expect(refusedDms('Kim')).toBe(1);
  // The observer link is a key to everything live: it never goes public, even for an observer with closed DMs.
  expect(guild.world.history(thread.id).some((m) => m.content.includes('/house/observe/'))).toBe(false);
  expect(guild.world.history(guild.channel.id).some((m) => m.content.includes('/house/observe/'))).toBe(false);
}, 240_000);

test('no address ban: the House never piled up invalid requests', () => {
  expect(guild.emulator.rest.bannedAt).toBeNull();
});
