import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldChannel, WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * Four tables at once on the House's one bot, three people seated at each,
 * every one asked for their move in their DM every round and answering
 * there: a round post, three asks and three answers a table a round, all
 * under Discord's global limit of 50 requests a second per bot.
 */
let guild: DiscordTestGuild;
let host: TestHost;

const TABLES = 4;
const ROUNDS = 6;
const PEOPLE = Array.from({ length: TABLES * 3 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram'], withTokens: [], people: PEOPLE });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '600000', HOUSE_DECISION_DEADLINE_MS: '600000' });
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

/** One person's part: for each round, the ask in their DM, and `!move` there. */
async function sit(person: string, dm: WorldChannel, match: string): Promise<void> {
  let since: string | null = null;
  for (let round = 1; round <= ROUNDS; round++) {
    const ask: WorldMessage = await guild.waitFor(dm.id, houseSays((t) => t.includes(`your move in Trust (${match}), round ${round}`)), { since, timeoutMs: 120_000 });
    const move = guild.say(person, dm.id, `!move ${round % 3 === 0 ? 'block' : 'high_five'} @Ada`);
    await guild.waitFor(dm.id, houseSays((t) => t === 'Move accepted.'), { since: move.id, timeoutMs: 120_000 });
    since = ask.id;
  }
}

test('4 tables at once, a DM per seat every round: no 429 from the global limit, no post lost or duplicated', async () => {
  const tables: Array<{ channel: WorldChannel; match: string; seats: string[] }> = [];
  for (let t = 0; t < TABLES; t++) {
    const channel = guild.world.addTextChannel(`table-${t + 1}`);
    const seats = PEOPLE.slice(t * 3, t * 3 + 3);
    const asked = guild.say(seats[0]!, channel.id, `!play trust --open --seed ${30 + t} --set maxRounds=${ROUNDS}`);
    const lobby = await guild.waitFor(channel.id, houseSays((x) => x.includes(`lobby trust-${30 + t}-`)), { since: asked.id });
    const match = new RegExp(`lobby (trust-${30 + t}-\\w+)`).exec(lobby.content)![1]!;
    for (const person of seats) {
      const join = guild.say(person, channel.id, '!join');
      await guild.waitFor(channel.id, houseSays((x) => x.startsWith(`${person} joins Trust`)), { since: join.id });
    }
    tables.push({ channel, match, seats });
  }
  const dmOf = (person: string) => guild.world.dm(guild.people.get(person)!.id, guild.house.botId);
  const playing = tables.flatMap((t) => t.seats.map((p) => sit(p, dmOf(p), t.match)));
  for (const t of tables) guild.say(t.seats[0]!, t.channel.id, '!start');
  await Promise.all(playing);
  for (const t of tables) await waitForEnd(host.service, t.match, 120_000);

  expect(guild.emulator.rest.limits.refusedGlobal).toBe(0);
  expect(guild.emulator.rest.limits.refused).toBe(0);
  for (const t of tables) {
    const thread = guild.threadOf(t.match)!;
    await guild.waitFor(thread.id, houseSays((x) => x.startsWith(`[trust] Round ${ROUNDS}\n`)), { timeoutMs: 60_000 });
    const rounds = guild.world.history(thread.id).map((m) => /^\[trust\] Round (\d+)/.exec(m.content)?.[1]).filter(Boolean).map(Number);
    expect(rounds).toEqual(Array.from({ length: ROUNDS }, (_, i) => i + 1));
    for (const person of t.seats) {
      const asks = guild.world.history(dmOf(person).id).filter(houseSays((x) => x.includes(`your move in Trust (${t.match})`)));
      expect(asks.map((m) => Number(/round (\d+)/.exec(m.content)![1]))).toEqual(Array.from({ length: ROUNDS }, (_, i) => i + 1));
    }
  }
}, 400_000);
