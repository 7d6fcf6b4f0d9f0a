import { afterAll, beforeAll, expect, test } from 'bun:test';
import { GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import type { GameRoom, PostAuthor } from '@the-house/plugin-house/roomGateway.ts';
import type { RoomPicture } from '@the-house/plugin-house/pictures/roomPicture.ts';
import { startDiscordTestGuild, type DiscordTestGuild } from './kit/discord/discordTestGuild.ts';
import type { WorldMessage } from './kit/discord/discordWorld.ts';
import { startDiscordHost } from './kit/discordHost.ts';
import { waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * A server set up exactly as README.md says (its invite integer, its
 * intents) plays one short match of each game at once, one channel each:
 * every round the House posts in its web GUI room arrives in the match's
 * thread, and every picture with it, byte for byte and with its alternative
 * text, read back from the loopback Discord. The pictures need Attach Files,
 * which the README's invite must grant.
 */
let guild: DiscordTestGuild;
let host: TestHost;

/** What the House posted in a web GUI room: the text, its key, and its pictures. */
interface GuiPost {
  room: string;
  key: string | undefined;
  text: string;
  pictures: readonly RoomPicture[];
}
const gui: GuiPost[] = [];

const houseSays = (test: (text: string) => boolean) => (m: WorldMessage) => m.authorId === guild.house.botId && test(m.content);

const MATCHES: Array<{ game: string; command: string }> = [
  { game: 'trust', command: '!play trust Ada Bram --seed 3 --delay 0 --set maxRounds=3' },
  { game: 'cafe', command: '!play cafe Ada Bram Cleo --seed 4 --delay 0 --set rounds=3' },
  {
    game: 'influence',
    command: `!play influence Ada Bram Cleo Dev --seed 2 --delay 0 ${['whisper=1500', 'rumor=1500', 'vote=1500', 'power=1500', 'reveal=500'].map((t) => `--set timers.${t}`).join(' ')}`,
  },
  { game: 'goldmine', command: '!play goldmine Ada Bram Cleo --seed 5 --delay 0 --set rounds=11 --set size=4' },
];

beforeAll(async () => {
  guild = startDiscordTestGuild({ players: ['Ada', 'Bram', 'Cleo', 'Dev'], withTokens: [], people: ['Sam'] });
  host = await startDiscordHost(guild, { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0', HOUSE_TABLES_PER_PERSON: '4' });
  const gateway = host.service.gateway;
  const post = gateway.post.bind(gateway);
  gateway.post = (room: GameRoom, text: string, key?: string, author?: PostAuthor, pictures: readonly RoomPicture[] = []) => {
    gui.push({ room: room.channelId, key, text, pictures });
    return post(room, text, key, author, pictures);
  };
}, 150_000);

afterAll(async () => {
  await host?.stop();
  await guild?.stop();
}, 30_000);

test("the README's invite grants what every feature needs, Attach Files for the pictures included, and its intents are the ones plugin-discord asks for", () => {
  const needed = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.SendMessagesInThreads | PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.ReadMessageHistory | PermissionFlagsBits.AddReactions | PermissionFlagsBits.AttachFiles;
  expect(guild.readme.permissions).toBe(needed);
  expect(guild.readme.privilegedIntents).toBe(GatewayIntentBits.GuildPresences | GatewayIntentBits.GuildMembers | GatewayIntentBits.MessageContent);
  for (const name of ['Attach Files', 'Send Messages in Threads', 'Create Public Threads', 'Read Message History']) expect(guild.readme.section.replace(/\s+/g, ' ')).toContain(name);
});

test('one match of each game on the README guild: every round post and every picture reaches its Discord thread', async () => {
  const ids = await Promise.all(
    MATCHES.map(async ({ game, command }) => {
      const channel = guild.world.addTextChannel(game);
      const asked = guild.say('Sam', channel.id, command);
      const started = await guild.waitFor(channel.id, houseSays((t) => t.includes(`match ${game}-`)), { since: asked.id });
      return new RegExp(`match (${game}-\\d+-\\w+)`).exec(started.content)![1]!;
    }),
  );
  const rooms = new Map(ids.map((id) => [id, host.service.tables.get(id)!.stored.channelId!]));
  await Promise.all(ids.map((id) => waitForEnd(host.service, id, 240_000)));
  for (const id of ids) {
    const detail = (await host.service.getMatch(id))!;
    expect(detail.summary.status).toBe('finished');
    const thread = guild.threadOf(id);
    expect(thread).toBeDefined();
    const posted = gui.filter((p) => p.room === rooms.get(id) && /^(round|pictures):/.test(p.key ?? ''));
    // Every round the match played was posted in its web GUI room (Gold mining's every 10 rounds and its last).
    const rounds = [...new Set(posted.map((p) => Number(p.key!.split(':')[1])))];
    const played = detail.history.length;
    expect(rounds).toEqual(id.startsWith('goldmine-') ? [10, played] : Array.from({ length: played }, (_, i) => i + 1));
    const last = posted.at(-1)!;
    await guild.waitFor(thread!.id, houseSays((t) => t.startsWith(last.text.split('\n')[0]!)), { timeoutMs: 120_000 });
    const inThread = guild.world.history(thread!.id).filter((m) => m.authorId === guild.house.botId);
    for (const post of posted) expect(inThread.some((m) => m.content.startsWith(post.text.split('\n')[0]!))).toBe(true);
    const pictures = posted.flatMap((p) => p.pictures);
    const files = inThread.flatMap((m) => m.attachments);
    expect(pictures.length).toBeGreaterThan(0);
    expect(files.map((f) => [f.filename, f.description, Buffer.from(f.data).toString('base64')])).toEqual(pictures.map((p) => [p.name, p.alt, Buffer.from(p.png).toString('base64')]));
  }
  // Gold mining's map every 10 rounds and at the end; Influence's votes every round.
  const names = (id: string) => gui.filter((p) => p.room === rooms.get(id)).flatMap((p) => p.pictures.map((x) => x.name));
  expect(names(ids[3]!).some((n) => n.includes('10'))).toBe(true);
  expect(names(ids[2]!).length).toBeGreaterThanOrEqual(2);
  const refused = guild.emulator.rest.calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.path} ${c.status}`);
  expect(refused).toEqual([]);
}, 300_000);
