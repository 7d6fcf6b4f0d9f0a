import { expect } from 'bun:test';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { strategyFor } from '@the-house/lab/decision/strategyMove.ts';
import { CHUNK } from '@the-house/plugin-house/matchStore.ts';
import { characterBrain } from '@the-house/plugin-player/characterBrain.ts';
import { findPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { RestChat } from './restChat.ts';
import type { TestHost } from './testHost.ts';

/** A person with a chat (a DM with the House) of their own: one table. */
export interface Seat {
  chat: RestChat;
  room: string;
}

export async function personAt(host: TestHost, name: string, userId: string = crypto.randomUUID()): Promise<Seat> {
  const chat = new RestChat(host.url, userId, name);
  const room = await chat.dm(host.house.agentId);
  return { chat, room };
}

/** A room's messages, newest first, read in the test's own process (polling the REST API would meet the server's rate limit, which is not what is tested). */
export async function roomMessages(host: TestHost, room: string, limit = 50): Promise<Array<{ authorId: string; content: string }>> {
  return (await host.server.getMessagesForChannel(room as never, limit)).map((m) => ({ authorId: m.authorId, content: m.content }));
}

/** Sends a command at a table (through the REST API, as the web GUI does) and waits for the House's answer that passes `test`. */
export async function command(host: TestHost, seat: Seat, text: string, test: (reply: string) => boolean, timeoutMs = 30_000): Promise<string> {
  const sent = Date.now();
  await seat.chat.send(seat.room, text);
  const until = sent + timeoutMs;
  while (Date.now() < until) {
    const found = (await host.server.getMessagesForChannel(seat.room as never, 20)).find((m) => m.authorId === host.house.agentId && new Date(m.createdAt).getTime() >= sent - 100 && test(m.content));
    if (found) return found.content;
    await Bun.sleep(50);
  }
  throw new Error(`no answer to '${text}' within ${timeoutMs} ms; the room holds: ${(await roomMessages(host, seat.room, 5)).map((m) => m.content.slice(0, 120)).join(' | ')}`);
}

/** Whether a House post is the `!play` answer for this seed (the opener's observer link names the match too, and may be read first). */
export const opens = (seed: number) => (reply: string) => new RegExp(`(?:match|lobby) (?:trust|cafe|influence|goldmine)-${seed}-`).test(reply);

/** The match id in a `!play` answer. */
export function openedId(reply: string): string {
  const found = /(?:match|lobby) ((?:trust|cafe|influence|goldmine)-\d+-\w+)/.exec(reply);
  if (!found) throw new Error(`no match id in: ${reply}`);
  return found[1]!;
}

/** The same match played headless: each agent's offline strategy for the game, the same seed and config. */
export function headlessHead(gameId: string, players: string[], seed: number, config: unknown): string {
  const game = games[gameId]!;
  const strategies = Object.fromEntries(
    players.map((name) => {
      const runtime = findPlayer(name)!;
      const { brain } = characterBrain(runtime.character.settings, false);
      const choice = brain.kind === 'offline' ? brain.strategies : brain.fallback;
      return [name, game.strategies[strategyFor(gameId, choice)!]!];
    }),
  );
  const match = Match.create(game, game.configSchema.parse(config), seed, players);
  runMatchSync(match, strategies);
  return match.log!.head;
}

export async function waitClosed(host: TestHost, id: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (host.service.liveMatch(id)) {
    if (Date.now() > until) throw new Error(`match ${id} is still ${host.service.liveMatch(id)?.summary.status} after ${timeoutMs} ms`);
    await Bun.sleep(50);
  }
}

interface Table {
  seat: Seat;
  game: string;
  players: string[];
  seed: number;
  set: string[];
  config: Record<string, unknown>;
}

/**
 * Six matches of the four games, opened from six rooms by three people, run at
 * once; each finishes with the same hash-chained log as headless play of its
 * seed (so no table's traffic leaked into another's), and each room still
 * answers for its own match.
 */
export async function sixTablesAtOnce(host: TestHost): Promise<void> {
  const [ana, ben, cyd] = await Promise.all(['Ana', 'Ben', 'Cyd'].map((n) => personAt(host, n)));
  const second = async (s: Seat) => ({ chat: s.chat, room: await s.chat.dm(host.house.agentId) });
  const rooms = [ana!, await second(ana!), ben!, await second(ben!), cyd!, await second(cyd!)];
  const tables: Table[] = [
    { seat: rooms[0]!, game: 'trust', players: ['Ada', 'Bram'], seed: 31, set: [], config: {} },
    { seat: rooms[1]!, game: 'cafe', players: ['Cleo', 'Dev', 'Edda', 'Finn'], seed: 32, set: ['rounds=6'], config: { rounds: 6 } },
    { seat: rooms[2]!, game: 'influence', players: ['Ada', 'Cleo', 'Dev', 'Finn'], seed: 33, set: [], config: {} },
    { seat: rooms[3]!, game: 'goldmine', players: ['Bram', 'Edda', 'Ada'], seed: 34, set: ['rounds=15'], config: { rounds: 15 } },
    { seat: rooms[4]!, game: 'trust', players: ['Dev', 'Finn', 'Edda'], seed: 35, set: ['maxRounds=12'], config: { maxRounds: 12 } },
    { seat: rooms[5]!, game: 'goldmine', players: ['Cleo', 'Bram'], seed: 36, set: ['rounds=12'], config: { rounds: 12 } },
  ];
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, host.service.openMatches().length)), 5);
  const ids = await Promise.all(
    tables.map(async (t) => openedId(await command(host, t.seat, `!play ${t.game} ${t.players.join(',')} --seed ${t.seed}${t.set.map((s) => ` --set ${s}`).join('')}`, opens(t.seed)))),
  );
  expect(new Set(ids).size).toBe(6);
  await Promise.all(ids.map((id) => waitClosed(host, id, 240_000)));
  clearInterval(watch);
  for (const [i, t] of tables.entries()) {
    const detail = (await host.service.getMatch(ids[i]!))!;
    expect(detail.summary.status).toBe('finished');
    expect(detail.summary.owner).toBe(['Ana', 'Ana', 'Ben', 'Ben', 'Cyd', 'Cyd'][i]);
    expect(verifyChain(detail.events)).toEqual({ ok: true });
    expect(detail.events.at(-1)!.hash).toBe(headlessHead(t.game, t.players, t.seed, t.config));
    expect(await command(host, t.seat, '!status', (r) => r.startsWith(`${t.game} ${ids[i]}:`))).toStartWith(`${t.game} ${ids[i]}: finished`);
  }
  // They ran at the same time, not one after another.
  expect(most).toBeGreaterThanOrEqual(3);
}

/**
 * Owners and admins: a person who did not open a match may not stop it (even
 * naming it with --match), its owner may, and so may an admin from
 * HOUSE_ADMINS (the host is started with `admin`'s user id there).
 */
export async function ownersAndAdmins(host: TestHost, adminUserId: string): Promise<void> {
  const owner = await personAt(host, 'Olga');
  const other = await personAt(host, 'Otto');
  const admin = await personAt(host, 'Root', adminUserId);
  // Long enough to still run while it is stopped: nobody can replicate, and the round limit is far away.
  const slow = (seed: number) => `!play trust Ada Bram --seed ${seed} --set maxRounds=10000 --set replicateAt=1000000`;
  const first = openedId(await command(host, owner, slow(41), opens(41)));
  expect(await command(host, other, `!stop --match ${first}`, (r) => r.includes(first))).toBe(`Only Olga, who opened ${first}, or a House admin (HOUSE_ADMINS) may !stop it.`);
  expect(await command(host, other, '!stop', (r) => r.startsWith('!stop'))).toStartWith('!stop is not possible now: no match is open.');
  expect(host.service.liveMatch(first)?.summary.status).toBe('running');
  expect(await command(host, owner, '!stop', (r) => r.includes(first))).toStartWith(`Match ${first} stopped at round `);
  const second = openedId(await command(host, owner, slow(42), opens(42)));
  expect(await command(host, admin, `!stop --match ${second}`, (r) => r.includes(second))).toStartWith(`Match ${second} stopped at round `);
  for (const id of [first, second]) {
    await waitClosed(host, id, 30_000);
    expect((await host.service.summaryOf(id))?.status).toBe('stopped');
  }
}

/** A chunk row of a finished match deleted in the database: reading it says what was missing, and it comes back whole from its match file. */
export async function rebuiltFromFile(host: TestHost): Promise<void> {
  const person = await personAt(host, 'Dora');
  const id = openedId(await command(host, person, '!play goldmine Ada Bram Cleo --seed 51 --set rounds=30', opens(51)));
  await waitClosed(host, id, 120_000);
  const whole = (await host.service.getMatch(id))!;
  expect(whole.events.length).toBeGreaterThan(2 * 64);
  const lines: string[] = [];
  const logger = host.house.logger as unknown as { error: (...args: unknown[]) => void };
  const error = logger.error.bind(logger);
  logger.error = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    error(...args);
  };
  try {
    expect(await host.house.deleteCache(`house:match:${id}:log:1`)).toBe(true);
    const read = (await host.service.getMatch(id, { fresh: true }))!;
    expect(read.damage).toBe(`log chunk 2 of ${Math.floor((whole.events.length - 1) / CHUNK)} is missing (entries ${CHUNK}..${2 * CHUNK - 1}); rebuilt from its match file`);
    expect(read.events).toEqual(whole.events);
    expect(verifyChain(read.events)).toEqual({ ok: true });
    expect(lines.some((l) => l.includes(`match ${id} was damaged in the database (log chunk 2`))).toBe(true);
    const again = (await host.service.getMatch(id, { fresh: true }))!;
    expect(again.damage).toBeNull();
    expect(again.events.length).toBe(whole.events.length);
  } finally {
    logger.error = error;
  }
}

/** Forty matches back to back (no round delay, eight at a time), every round's post in its game room: as many round posts as rounds in the log. */
export async function fortyMatchesLoseNoPost(host: TestHost): Promise<void> {
  const people = await Promise.all(Array.from({ length: 8 }, (_, i) => personAt(host, `Guest${i + 1}`)));
  const names = ['Ada', 'Bram', 'Cleo', 'Dev', 'Edda', 'Finn'];
  const ids: string[] = [];
  for (let batch = 0; batch < 5; batch++) {
    const opened = await Promise.all(
      people.map(async (seat, i) => {
        const n = batch * 8 + i;
        const players = [names[n % 6]!, names[(n + 1) % 6]!];
        return openedId(await command(host, seat, `!play trust ${players.join(',')} --seed ${100 + n} --set maxRounds=8`, opens(100 + n)));
      }),
    );
    await Promise.all(opened.map((id) => waitClosed(host, id, 120_000)));
    ids.push(...opened);
  }
  expect(ids).toHaveLength(40);
  let posts = 0;
  for (const id of ids) {
    const detail = (await host.service.getMatch(id))!;
    const row = JSON.parse((await host.house.getCache<{ json: string }>(`house:match:${id}`))!.json) as { channelId: string };
    const room = (await roomMessages(host, row.channelId, 200)).filter((m) => m.authorId === host.house.agentId).map((m) => m.content);
    const rounds = room.filter((t) => t.startsWith('[trust] Round ')).length;
    expect(rounds).toBe(detail.history.length);
    expect(room.filter((t) => t.includes('begins:')).length).toBe(1);
    posts += room.length;
  }
  expect(posts).toBeGreaterThan(40 * 2);
}
