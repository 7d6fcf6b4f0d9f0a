import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discordClientOf } from '@the-house/plugin-house/discord/discordClient.ts';
import type { HouseService } from '@the-house/plugin-house/houseService.ts';
import { startHost, type Host } from '../src/host.ts';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import { waitUntil } from './kit/waitUntil.ts';
import type { WorldMessage } from './kit/discord/discordWorld.ts';
import { freePort, waitForEnd } from './kit/testHost.ts';

/**
 * A match waiting on a person outlives its thread's quiet time while the
 * House is down: Discord archives the thread, and a restart does not find it
 * in the active list. The House finds it again by its id and reopens it; a
 * thread a moderator also locked cannot be reopened, and the match goes on
 * in the channel, saying so once.
 */
let guild: DiscordTestGuild;
let host: Host | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'house-discord-archive-'));

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);
const DAY = 24 * 3600_000;

async function boot(): Promise<HouseService> {
  const env = process.env;
  Object.assign(env, { SENTRY_DSN: 'disabled', SERVER_HOST: '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'error', SECRET_SALT: 'house-tests', PGLITE_DATA_DIR: dataDir }, guild.env, {
    HOUSE_ROUND_DELAY_MS: '0',
    HOUSE_LOBBY_MS: '0',
    HOUSE_DECISION_DEADLINE_MS: '600000',
  });
  delete env.CENTRAL_MESSAGE_SERVER_URL;
  delete env.POSTGRES_URL;
  host = await startHost({ port: freePort(), charactersDir: guild.charactersDir, env, log: () => {} });
  await waitUntil(() => !!discordClientOf(host!.house), 'the House logged in to the emulator', 90_000);
  return host.house.getService('house') as unknown as HouseService;
}

async function restartAfter(ms: number, meanwhile: () => void = () => {}): Promise<HouseService> {
  await host!.stop();
  host = null;
  guild.world.passTime(ms);
  meanwhile();
  return boot();
}

beforeAll(() => {
  guild = startDiscordTestGuild({ players: ['Ada'], withTokens: [], people: ['Sam'] });
}, 30_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Sam sits down in a match and lets it wait for his first move; the thread the House made for it. */
async function waitingMatch(service: HouseService, seed: number): Promise<{ id: string; thread: string; dm: string }> {
  const asked = guild.say('Sam', guild.channel.id, `!play trust me,Ada --seed ${seed} --set maxRounds=2`);
  const started = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes(`match trust-${seed}-`)), { since: asked.id });
  const id = new RegExp(`match (trust-${seed}-\\w+)`).exec(started.content)![1]!;
  const dm = guild.world.dm(guild.people.get('Sam')!.id, guild.house.botId).id;
  await guild.waitFor(dm, houseSays((t) => t.includes(`your move in Trust (${id}), round 1`)));
  expect((await service.summaryOf(id))?.status).toBe('running');
  return { id, thread: guild.threadOf(id)!.id, dm };
}

/** Sam answers both rounds' asks in his DM, from the ones after `since`. */
async function playBoth(id: string, dm: string, since: string): Promise<void> {
  let after = since;
  for (const round of [1, 2]) {
    const ask = await guild.waitFor(dm, houseSays((t) => t.includes(`your move in Trust (${id}), round ${round}`)), { since: after, timeoutMs: 60_000 });
    const move = guild.say('Sam', dm, '!move high_five @Ada');
    await guild.waitFor(dm, houseSays((t) => t === 'Move accepted.'), { since: move.id });
    after = ask.id;
  }
}

test('archived while the House was down: after the restart the House finds the thread again, reopens it, and the match plays on in it', async () => {
  const service = await boot();
  const { id, thread, dm } = await waitingMatch(service, 12);
  // Sam's asks from the restarted House are the ones after this: it may ask him before this test reads its resume line.
  const before = guild.world.history(dm).at(-1)!.id;
  const again = await restartAfter(2 * DAY);
  await guild.waitFor(thread, houseSays((t) => t.startsWith('Trust resumes at round 1')), { timeoutMs: 60_000 });
  expect(guild.emulator.rest.calls.some((c) => c.bot === guild.house.botId && c.method === 'PATCH' && c.path === `/channels/${thread}` && c.status === 200)).toBe(true);
  expect(guild.world.activeThreads().map((c) => c.id)).toContain(thread);
  await playBoth(id, dm, before);
  await waitForEnd(again, id, 60_000);
  await guild.waitFor(thread, houseSays((t) => t.startsWith('[trust] Round 2\n')));
  // Each round reached the thread once, and the closed match's outbox row left the House's cache.
  expect(guild.world.history(thread).filter(houseSays((t) => t.startsWith('[trust] Round '))).map((m) => m.content.split('\n')[0])).toEqual(['[trust] Round 1', '[trust] Round 2']);
  await waitUntil(async () => (await host!.house.getCache(`house:outbox:${id}`)) === undefined, "the closed match's outbox row removed", 30_000);
}, 300_000);

test('archived and locked by a moderator: the House cannot reopen it, says so once in the channel, and the match plays on there', async () => {
  const { id, thread, dm } = await waitingMatch(host!.house.getService('house') as unknown as HouseService, 13);
  const before = guild.world.history(dm).at(-1)!.id;
  const again = await restartAfter(2 * DAY, () => guild.world.lockThread(thread));
  const line = await guild.waitFor(guild.channel.id, houseSays((t) => t.includes(id) && t.includes('locked')), { timeoutMs: 60_000 });
  expect(line.content).not.toContain('\n');
  await playBoth(id, dm, before);
  await waitForEnd(again, id, 60_000);
  await guild.waitFor(guild.channel.id, houseSays((t) => t.startsWith('[trust] Round 2\n')));
  const refused = guild.emulator.rest.calls.filter((c) => c.bot === guild.house.botId && c.path.startsWith(`/channels/${thread}`) && c.status >= 400);
  // Its archive state says it is locked: the House does not even ask.
  expect(refused.length).toBe(0);
}, 300_000);
