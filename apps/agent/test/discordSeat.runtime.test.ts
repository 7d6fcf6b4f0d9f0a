import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ModelType } from '@elizaos/core';
import { findPlayer } from '@the-house/plugin-player';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldChannel, WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import type { TestHost } from './kit/testHost.ts';

let guild: DiscordTestGuild;
let host: TestHost;
let samDm: WorldChannel;

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const threadOf = (id: string) => guild.threadOf(id)!;

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: ['Ada'], people: ['Sam', 'Kim', 'Rita'] });
  const referees = guild.world.addRole('Referees', 0n);
  guild.world.giveRole(guild.people.get('Rita')!.id, referees.id);
  samDm = guild.world.dm(guild.people.get('Sam')!.id, guild.house.botId);
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_DECISION_DEADLINE_MS: '60000', HOUSE_BEG_TIMEOUT_MS: '60000', HOUSE_ADMINS: `discord-role:${referees.id}` }, ['Ada']);
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test('a person takes a seat from Discord: the House asks for each move in their DM, and !move there plays it', async () => {
  const ada = guild.bots.get('Ada')!;
  const asked = guild.say('Sam', guild.channel.id, '!play trust me,Ada --seed 3');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-3-')), { since: asked.id });
  expect(started.content).toContain('Sam, Ada');
  const id = /match (trust-3-\w+)/.exec(started.content)![1]!;

  const ask1 = await guild.waitFor(samDm.id, houseSays((t) => t.startsWith(`Sam, your move in Trust (${id}), round 1`)), { since: asked.id });
  // A mention, as Discord's client sends one: plugin-discord hands it over as "Ada (@id)", the House reads @Ada.
  const move1 = guild.say('Sam', samDm.id, `!move HIGH_FIVE <@${ada.botId}>`);
  expect((await guild.waitFor(samDm.id, houseSays(() => true), { since: move1.id })).content).toBe('Move accepted.');
  await guild.waitFor(threadOf(id).id, houseSays((t) => t.startsWith('[trust] Round 1\n') && /Sam (high-fived Ada|and Ada high-fived each other)/.test(t)));

  await guild.waitFor(samDm.id, houseSays((t) => t.startsWith(`Sam, your move in Trust (${id}), round 2`)), { since: ask1.id });
  const move2 = guild.say('Sam', samDm.id, '!move block');
  expect((await guild.waitFor(samDm.id, houseSays(() => true), { since: move2.id })).content).toBe('Move accepted.');
  await guild.waitFor(threadOf(id).id, houseSays((t) => t.startsWith('[trust] Round 2\n') && /Sam blocked|and Sam blocked it/.test(t)));

  const stop = guild.say('Sam', guild.channel.id, '!stop');
  expect((await guild.waitFor(guild.channel.id, houseSays((t) => t.includes(id)), { since: stop.id })).content).toStartWith(`Match ${id} stopped`);
  const everywhereElse = [...guild.world.history(guild.channel.id), ...guild.world.history(threadOf(id).id)];
  expect(everywhereElse.some((m) => m.content.includes('your move'))).toBe(false);
}, 240_000);

test("a Discord role given in HOUSE_ADMINS (by its id) may stop a match someone else opened; a person without it may not", async () => {
  const asked = guild.say('Sam', guild.channel.id, '!play trust Ada Bram --seed 4');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-4-')), { since: asked.id });
  const id = /match (trust-4-\w+)/.exec(started.content)![1]!;
  const kim = guild.say('Kim', guild.channel.id, '!stop');
  expect((await guild.waitFor(guild.channel.id, houseSays(() => true), { since: kim.id })).content).toBe(`Only Sam, who opened ${id}, or a House admin (HOUSE_ADMINS) may !stop it.`);
  expect((await host.service.getMatch(id))!.summary.status).toBe('running');
  const rita = guild.say('Rita', guild.channel.id, '!stop');
  expect((await guild.waitFor(guild.channel.id, houseSays(() => true), { since: rita.id })).content).toStartWith(`Match ${id} stopped`);
}, 240_000);

test("mentions both ways: Ada's beg reaches the observer's DM with @Ada as a Discord mention, and !grant typed with a mention answers it", async () => {
  const ada = guild.bots.get('Ada')!;
  findPlayer('Ada')!.registerModel(
    ModelType.TEXT_LARGE,
    async (_rt, params) => (String(params.prompt).includes('[[HOUSE_REQUEST]]') ? '{"action": "BEG", "amount": 9, "reason": "my roof leaks"}' : '<response><thought>x</thought><actions>IGNORE</actions></response>'),
    'test-begger',
    1000,
  );
  const asked = guild.say('Sam', guild.channel.id, '!play trust Ada Bram --seed 5');
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes('match trust-5-')), { since: asked.id });
  const id = /match (trust-5-\w+)/.exec(started.content)![1]!;
  const beg = await guild.waitFor(samDm.id, houseSays((t) => t.includes('begs you for 9 sats')), { since: asked.id, timeoutMs: 90_000 });
  expect(beg.content).toContain(`Answer with !grant <@${ada.botId}> N REASON`);
  expect(beg.mentions).toEqual([ada.botId]);
  const grant = guild.say('Sam', samDm.id, `!grant <@${ada.botId}> 12 fix that roof`);
  expect((await guild.waitFor(samDm.id, houseSays(() => true), { since: grant.id })).content).toBe('Granted 9 sats to Ada (capped to the 9 asked): fix that roof. They will be told.');
  await guild.waitFor(threadOf(id).id, houseSays((t) => t.startsWith('[trust] Round 1\n')));
  const stop = guild.say('Sam', guild.channel.id, '!stop');
  await guild.waitFor(guild.channel.id, houseSays((t) => t.includes(id)), { since: stop.id });
  // The thread reads in the order things happened: round 1's post comes before round 2's beg.
  const story = guild.world.history(threadOf(id).id).map((m) => (m.content.startsWith('[trust] Round ') ? m.content.split('\n')[0] : m.content)).filter((t) => t === 'Ada begs the observer.' || t.startsWith('[trust] Round '));
  expect(story.slice(0, 2)).toEqual(['Ada begs the observer.', '[trust] Round 1']);
}, 240_000);
