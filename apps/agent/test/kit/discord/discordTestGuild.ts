import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { shortId } from '@the-house/plugin-house/texts/houseTexts.ts';
import { repoRoot } from '../../../src/host.ts';
import { startDiscordEmulator, type DiscordEmulator, type EmulatorOptions } from './discordEmulator.ts';
import { pointDiscordJsAt } from './pointDiscordJs.ts';
import { readmeDiscordSetup, type ReadmeDiscordSetup } from './readmeDiscordSetup.ts';
import { DiscordWorld, type PostOptions, type WorldApp, type WorldChannel, type WorldMessage, type WorldUser } from './discordWorld.ts';

export interface TestGuildOptions extends Omit<EmulatorOptions, 'world'> {
  /** Player characters from the repo's `characters/` to load. */
  players: string[];
  /** Of those, the ones that get a bot of their own (a token in settings.secrets). */
  withTokens: string[];
  /** People in the guild, by display name. */
  people: string[];
}

export interface DiscordTestGuild {
  emulator: DiscordEmulator;
  world: DiscordWorld;
  readme: ReadmeDiscordSetup;
  house: WorldApp;
  bots: Map<string, WorldApp>;
  people: Map<string, WorldUser>;
  /** #games, where people talk to the House. */
  channel: WorldChannel;
  charactersDir: string;
  /** The House's token, for the host's environment. */
  env: Record<string, string>;
  say(person: string, channelId: string, text: string, options?: PostOptions): WorldMessage;
  /** The thread the House opened for a match (named by game, short id and players), if any. */
  threadOf(matchId: string): WorldChannel | undefined;
  /** The first message in the channel after `since` (a message id) that `test` accepts. */
  waitFor(channelId: string, test: (m: WorldMessage) => boolean, options?: { since?: string | null; timeoutMs?: number }): Promise<WorldMessage>;
  stop(): Promise<void>;
}

/**
 * A guild set up the way README.md's Discord section says: an application per
 * bot with the README's privileged intents, each bot invited by the README's
 * URL, and people who may talk but own no bot permissions. The House's token
 * goes to the environment, each player bot's token to its character's
 * settings.secrets; discord.js in this process talks to the emulator.
 */
export function startDiscordTestGuild(options: TestGuildOptions): DiscordTestGuild {
  const readme = readmeDiscordSetup();
  // @everyone may do nothing, so a bot can do only what the README's invite grants it.
  const world = new DiscordWorld({ everyone: 0n });
  const members = world.addRole('Members', PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ReadMessageHistory | PermissionFlagsBits.SendMessagesInThreads | PermissionFlagsBits.AddReactions);
  world.giveRole(world.ownerId, members.id);
  const channel = world.addTextChannel('games');
  const bot = (name: string) => {
    const app = world.addBot(name, readme.privilegedIntents);
    world.invite(readme.invite.replace('<APPLICATION_ID>', app.id));
    return app;
  };
  const house = bot('The House');
  const bots = new Map(options.withTokens.map((name) => [name, bot(name)]));
  const people = new Map(
    options.people.map((name) => {
      const person = world.addPerson(name);
      world.giveRole(person.id, members.id);
      return [name, person];
    }),
  );

  const charactersDir = mkdtempSync(join(tmpdir(), 'house-discord-characters-'));
  for (const name of ['house', ...options.players.map((p) => p.toLowerCase())]) {
    const character = JSON.parse(readFileSync(join(repoRoot, 'characters', `${name}.json`), 'utf8')) as { name: string; settings?: { secrets?: Record<string, string> } };
    const own = bots.get(character.name);
    if (own) character.settings = { ...character.settings, secrets: { ...character.settings?.secrets, DISCORD_API_TOKEN: own.token } };
    writeFileSync(join(charactersDir, `${name}.json`), JSON.stringify(character, null, 2));
  }

  const emulator = startDiscordEmulator({ ...options, world });
  const undo = pointDiscordJsAt(emulator.api);
  const personId = (name: string) => {
    const person = people.get(name);
    if (!person) throw new Error(`no person ${name} in the test guild`);
    return person.id;
  };
  return {
    emulator,
    world,
    readme,
    house,
    bots,
    people,
    channel,
    charactersDir,
    env: { DISCORD_API_TOKEN: house.token },
    say: (person, channelId, text, options) => world.post(personId(person), channelId, text, options),
    // A game's title may have spaces (Gold Mining): the short id is the word before the players' dot.
    threadOf: (matchId) => [...world.channels.values()].find((t) => t.thread && (t.name ?? '').includes(` ${shortId(matchId)} · `)),
    async waitFor(channelId, test, { since = null, timeoutMs = 60_000 } = {}) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = world.history(channelId).find((m) => (since === null || BigInt(m.id) > BigInt(since)) && test(m));
        if (found) return found;
        await Bun.sleep(50);
      }
      const seen = world.history(channelId).slice(-5).map((m) => `${world.user(m.authorId).username}: ${m.content.slice(0, 120)}`);
      throw new Error(`no such message in ${world.channels.get(channelId)?.name ?? channelId} within ${timeoutMs} ms; last ones: ${seen.join(' | ') || 'none'}`);
    },
    async stop() {
      undo();
      await emulator.stop();
    },
  };
}
