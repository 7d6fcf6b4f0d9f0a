import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { discordClientOf } from '@the-house/plugin-house/discord/discordClient.ts';
import type { RoomPicture } from '@the-house/plugin-house/pictures/roomPicture.ts';
import type { GameRoom, PostAuthor } from '@the-house/plugin-house/roomGateway.ts';
import { findPlayer } from '@the-house/plugin-player';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitUntil } from './kit/waitUntil.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * Discord signs a bot out for good: a player's bot past its session starts
 * (Discord resets its token), then the House's own token revoked mid-match.
 * That bot's Discord side stops cleanly (no request after the first refusal,
 * no reconnecting), the log says so once, whoever opened a Discord match is
 * told, and the matches play on: a player's words under the House's bot, the
 * House's matches in the web GUI.
 */
let guild: DiscordTestGuild;
let host: TestHost;
/** Each runtime's error lines, by its character's name. */
const errors = new Map<string, string[]>();
/** What the House posted in web GUI rooms. */
const gui: string[] = [];

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const refusedTokens = () => guild.emulator.rest.calls.filter((c) => c.status === 401).length;

function listenErrors(runtime: IAgentRuntime): void {
  const lines: string[] = [];
  errors.set(runtime.character.name, lines);
  const error = runtime.logger.error.bind(runtime.logger);
  runtime.logger.error = ((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    return (error as (...a: unknown[]) => void)(...args);
  }) as typeof runtime.logger.error;
}

/** A Trust match of Ada and Bram opened by Sam in a channel of its own. */
async function play(seed: number, delay: number, rounds: number): Promise<string> {
  const channel = guild.world.addTextChannel(`tokens-${seed}`);
  const asked = guild.say('Sam', channel.id, `!play trust Ada Bram --seed ${seed} --delay ${delay} --set maxRounds=${rounds}`);
  const started = await guild.waitFor(channel.id, houseSays((t) => t.includes(`match trust-${seed}-`)), { since: asked.id });
  return new RegExp(`match (trust-${seed}-\\w+)`).exec(started.content)![1]!;
}

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: ['Ada'], people: ['Sam'] });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' }, ['Ada']);
  listenErrors(host.house);
  listenErrors(findPlayer('Ada')!);
  const gateway = host.service.gateway;
  const post = gateway.post.bind(gateway);
  gateway.post = (room: GameRoom, text: string, key?: string, author?: PostAuthor, pictures: readonly RoomPicture[] = []) => {
    gui.push(text);
    return post(room, text, key, author, pictures);
  };
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test("a player's bot past its session starts: Discord resets its token; the log says so once, the opener is told the House carries its words, and nothing more goes out under the old token", async () => {
  const ada = guild.bots.get('Ada')!;
  // Long enough to be playing when Discord signs Ada's bot out; stopped after.
  const id = await play(51, 1000, 120);
  guild.world.sessionStarts.total = guild.world.sessionStartLimit(ada.id).total - guild.world.sessionStartLimit(ada.id).remaining + 1;
  const token = ada.token;
  expect(guild.emulator.gateway.invalidateSession(ada.botId, false)).toBe(true);
  await waitUntil(() => guild.emulator.gateway.connected(ada.botId), "Ada's bot identified again, its last session start", 30_000);
  expect(guild.emulator.gateway.invalidateSession(ada.botId, false)).toBe(true);
  await waitUntil(() => ada.token !== token, "Discord reset Ada's token", 30_000);
  const samDm = guild.world.dm(guild.people.get('Sam')!.id, guild.house.botId);
  const told = await guild.waitFor(samDm.id, houseSays((t) => t.includes("Ada's bot out")), { timeoutMs: 30_000 });
  expect(told.content).toBe(`Discord signed Ada's bot out (its token was reset or revoked in the Developer Portal), so the House posts Ada's words in ${id} from now on.`);
  expect(discordClientOf(findPlayer('Ada'))).toBeNull();
  const said = errors.get('Ada')!.filter((line) => line.includes("Discord refused this bot's token"));
  expect(said.length).toBe(1);
  expect(said[0]).toContain('settings.secrets.DISCORD_API_TOKEN');
  // The client is gone: no reconnecting with the refused token, and the House plays on.
  const refusals = guild.emulator.gateway.stats.refusedIdentifies.length;
  guild.say('Sam', guild.threadOf(id)!.parentId!, '!stop');
  await waitForEnd(host.service, id, 60_000);
  expect(guild.emulator.gateway.stats.refusedIdentifies.length).toBe(refusals);
  expect(guild.emulator.gateway.connected(ada.botId)).toBe(false);
  expect(guild.emulator.gateway.connected(guild.house.botId)).toBe(true);
}, 120_000);

test("the House's token revoked mid-match: its Discord side stops after one refusal, the log says so once, the opener is told in the web GUI, and the match plays on there to its end", async () => {
  const id = await play(52, 300, 6);
  const thread = guild.threadOf(id)!;
  await guild.waitFor(thread.id, houseSays((t) => t.startsWith('[trust] Round 1\n')));
  const refusedBefore = refusedTokens();
  guild.world.revokeToken(guild.house.id);
  await waitForEnd(host.service, id, 120_000);
  const match = (await host.service.getMatch(id))!;
  expect(match.summary.status).toBe('finished');
  expect(match.history.length).toBe(6);
  // Its opener, whose DM the House can no longer reach, reads it in the match's room in the web GUI.
  await waitUntil(() => gui.some((t) => t.startsWith('@Sam: Discord signed the House')), 'the line to the opener in the web GUI room', 30_000);
  expect(gui.filter((t) => t.includes(`Discord signed the House's bot out`) && t.includes(id)).length).toBe(1);
  const said = errors.get('The House')!.filter((line) => line.includes("Discord refused this bot's token"));
  expect(said.length).toBe(1);
  expect(said[0]).toContain('DISCORD_API_TOKEN');
  expect(discordClientOf(host.house)).toBeNull();
  expect(refusedTokens() - refusedBefore).toBeLessThanOrEqual(1);
  expect(guild.emulator.gateway.connected(guild.house.botId)).toBe(false);
  // Rounds after the revocation reach the web GUI only.
  const inThread = guild.world.history(thread.id).filter(houseSays((t) => t.startsWith('[trust] Round'))).length;
  expect(inThread).toBeLessThan(6);
  expect(gui.filter((t) => t.startsWith('[trust] Round 6\n')).length).toBeGreaterThan(0);
}, 180_000);
