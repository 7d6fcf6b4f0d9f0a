import { afterAll, beforeAll, expect, test } from 'bun:test';
import { RestChat } from './kit/restChat.ts';
import { auditLog } from '@the-house/games/influence/audit.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { moderatorLines as line } from '@the-house/games/influence/moderatorLines.ts';
import { findPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { MatchStore } from '@the-house/plugin-house/matchStore.ts';
import { startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';

/**
 * `!play influence` in the real host (AgentServer, the House, the six
 * characters thinking offline), through the REST messaging API as the web GUI
 * sends it; then the rooms are read back through the same API.
 */
let host: TestHost;
let chat: RestChat;
let houseId: string;

beforeAll(async () => {
  host = await startTestHost({ env: { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '0' } });
  chat = new RestChat(host.url);
  houseId = await chat.agentId('The House');
}, 90_000);

afterAll(async () => {
  await host?.stop();
}, 30_000);

async function api<T>(path: string): Promise<T> {
  const res = await fetch(new URL(path, host.url));
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

const agentId = (name: string) => findPlayer(name)!.agentId;

test('a whole Influence match: moderator lines and rumours in the game room, DMs in rooms of their members only, a head that verifies', async () => {
  // A closed match's DM rooms are deleted: what each held is read just before, through the House's own gateway.
  type Closed = { channelId: string; participants: string[]; messages: string[] };
  const closed = new Map<string, Closed>();
  const gateway = host.service.gateway;
  host.service.gateway = {
    ...gateway,
    closeRoom: async (room) => {
      const participants = await api<string[]>(`/api/messaging/channels/${room.channelId}/participants`);
      const messages = (await chat.messages(room.channelId, 500)).map((m) => `${m.authorId} ${m.content}`);
      closed.set(room.channelId, { channelId: room.channelId, participants, messages });
      await gateway.closeRoom!(room);
    },
  };
  const dm = await chat.dm(houseId);
  await chat.send(dm, '!play influence Ada Bram Cleo Dev Edda Finn --seed 5');
  const opened = await chat.waitFor(dm, houseId, (t) => t.includes('match influence-5-'));
  const id = opened.match(/match (influence-5-\w+)/)![1]!;
  await waitForEnd(host.service, id, 120_000);
  // Finished is saved before the DM rooms close; the match's play ends after.
  await host.service.finished(id);

  const detail = (await host.service.getMatch(id))!;
  const state = detail.state as InfluenceState;
  expect(detail.summary.status).toBe('finished');
  expect(state.phase).toBe('END');
  expect(state.winner).not.toBeNull();
  expect(detail.summary.winners).toEqual([state.winner!]);
  expect(detail.history.map((h) => h.round)).toEqual(state.rounds.map((r) => r.round));

  const loaded = await new MatchStore(host.house).load(id);
  if (!loaded.ok) throw new Error(loaded.damage);
  const stored = loaded.match;
  const room = await chat.messages(stored.channelId!, 2000);
  const fromHouse = room.filter((m) => m.authorId === houseId).map((m) => m.content);
  expect(fromHouse).toContain(line.whisper(1));
  expect(fromHouse).toContain(line.rumor());
  expect(fromHouse).toContain(line.vote(false));
  for (const r of state.rounds) {
    expect(fromHouse).toContain(line.tally(r.empowered, r.exposedAtVote));
    expect(fromHouse).toContain(line.powerTaken(r.empowered, r.action!.action, r.action!.target, r.action!.auto));
    for (const e of r.eliminated) {
      expect(fromHouse).toContain(e.reason === 'inactivity' ? line.inactive(e.player) : line.reveal(e.player, r.round));
      if (e.last !== undefined) expect(fromHouse).toContain(line.lastWords(e.player, e.last));
    }
  }
  expect(fromHouse).toContain(line.win(state.winner!));
  expect(fromHouse).toContain(line.head(state.publishedHead!, state.log.length));
  expect(fromHouse.filter((t) => t.startsWith('[influence] Round ')).length).toBe(state.rounds.length);

  // Every rumour in the game room once, under its author's own id; nothing else is posted for a player there.
  const carried = room.filter((m) => m.authorId !== houseId).map((m) => `${m.authorId} ${m.content}`);
  expect(carried.sort()).toEqual(state.posts.map((p) => `${agentId(p.from)} ${p.image ?? p.text}`).sort());

  // DMs: a room per channel with words in it, holding the House and its members only, every message from a member;
  // once the match is over each is deleted, and the game room says so.
  const spoken = state.channels.filter((c) => c.messages.length);
  expect(spoken.length).toBeGreaterThan(0);
  expect(closed.size).toBe(spoken.length);
  const rooms = [...closed.values()];
  for (const c of spoken) {
    const members = [houseId, ...c.members.map(agentId)].sort();
    const dmRoom = rooms.find((r) => [...r.participants].sort().join() === members.join());
    expect(dmRoom).toBeDefined();
    expect([...dmRoom!.messages].sort()).toEqual(c.messages.map((m) => `${agentId(m.from)} ${m.text}`).sort());
    expect(await host.server.getChannelDetails(dmRoom!.channelId as never)).toBeNull();
  }
  expect(stored.rooms).toEqual({});
  expect(fromHouse.some((t) => t.startsWith(`The ${spoken.length} DM room${spoken.length > 1 ? 's' : ''} of this match`))).toBe(true);

  // The head the House published verifies against the game's hash-chained log.
  expect(auditLog(state.log, state.publishedHead).ok).toBe(true);
  expect(state.publishedHead).toBe(state.log.at(-1)!.hash);
}, 150_000);
