import { afterAll, expect, test } from 'bun:test';
import { fakeRuntime } from '../../testing/fakeRuntime.ts';
import { legalPowerActions, living, twoLeft } from '@the-house/games/influence/influenceQueries.ts';
import type { InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { moderatorLines as line } from '@the-house/games/influence/moderatorLines.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { parseCommand } from '../../commands/parse.ts';
import { houseCommandTable } from '../houseGames.ts';
import { HouseService } from '../../houseService.ts';
import type { GameRoom, PostAuthor, RoomGateway } from '../../roomGateway.ts';

/**
 * A person in an Influence seat on a stand-in runtime (settings, cache, logger;
 * no database, no server), as houseService.test.ts does for Trust. The three
 * agents have no decision action, so each of their moves is auto-filled and
 * they go out for inactivity; the person plays every phase with chat commands.
 */

const agents = ['Lea', 'Moe', 'Nia'].map((n) => fakeRuntime(n));
for (const a of agents) registerPlayer(a);
afterAll(() => {
  for (const a of agents) unregisterPlayer(a);
});

interface Posted {
  room: string;
  text: string;
  key?: string;
  author?: PostAuthor;
}

/** Rooms and posts kept in memory: the game room is `room-1`, each DM room the next number. */
function recordingGateway() {
  const rooms: Array<{ name: string; participants: string[]; room: GameRoom }> = [];
  const posts: Posted[] = [];
  const closed: string[] = [];
  const gateway: RoomGateway = {
    createRoom: async (name, participants) => {
      const room = { channelId: `room-${rooms.length + 1}`, serverId: 'server' };
      rooms.push({ name, participants, room });
      return room;
    },
    post: async (room, text, key, author) => {
      if (key && posts.some((p) => p.room === room.channelId && p.key === key)) return;
      posts.push({ room: room.channelId, text, ...(key ? { key } : {}), ...(author ? { author } : {}) });
    },
    closeRoom: async (room) => {
      closed.push(room.channelId);
    },
  };
  return { gateway, rooms, posts, closed };
}

const person = { id: 'person-7', name: 'Pat' };
const observer = { id: 'person-9', name: 'Watcher' };

async function until<T>(probe: () => T | null | undefined | false): Promise<T> {
  for (let i = 0; i < 1000; i++) {
    const value = probe();
    if (value) return value;
    await Bun.sleep(5);
  }
  throw new Error('the House never got there');
}

test('a person plays a whole Influence match with the spec’s commands; refusals change nothing', async () => {
  const { gateway, rooms, posts, closed } = recordingGateway();
  const house = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0' }));
  house.gateway = gateway;
  const say = (text: string, author = person) => {
    const parsed = parseCommand(text, houseCommandTable());
    if (!parsed?.ok) throw new Error(`not a command: ${text}`);
    return house.handleCommand(parsed.command, author);
  };

  // The others have no brain here and idle; two idle rounds put them out (RULES I-c counts rounds).
  const opened = await house.open('influence', ['me', 'Lea', 'Moe', 'Nia'], 2, null, {}, person, { inactivityLimit: 2 });
  if (!opened.ok) throw new Error(opened.error);
  const id = opened.id;
  const state = () => house.liveMatch(id)!.state as InfluenceState;
  const asked = (phase: string) => until(() => house.liveMatch(id)!.waitingFor.includes('pat') && state().phase === phase && state());

  // WHISPER turn 1: two DMs, delivered as sent, a refused one in between, then !done.
  let s = await asked('WHISPER');
  expect(posts.find((p) => p.text.startsWith('@Pat: Pat, your move in Influence'))!.text).toMatch(/round 1, WHISPER\.[\s\S]*!done[\s\S]*You have (199|200) s; then `!done`/);
  expect(await say('!dm @Lea Together against Moe?')).toStartWith('Your DM to Lea is delivered');
  expect(posts.find((p) => p.text === 'Together against Moe?')).toMatchObject({ key: 'dm:1:1:Pat:0', author: { name: 'Pat' } });
  const frozen = structuredClone(state());
  expect(await say('!dm @Lea @Moe @Nia @Pat hi')).toStartWith('Refused: you cannot DM yourself.');
  expect(await say('!public too early')).toStartWith('Refused: !public works during RUMOR; it is WHISPER now.');
  expect(await say('!audit', observer)).toStartWith(`Audit passed: ${frozen.log.length} entries`);
  expect(await say('!empower @Lea', observer)).toStartWith('Refused: you hold no seat in this match as a person');
  expect(state()).toEqual(frozen);
  expect(await say('!dm @Moe @Nia Lea is plotting.')).toStartWith('Your DM to Moe, Nia is delivered');
  expect(await say('!done')).toBe('Handed in.');
  // Turn 2 (RULES I-a): Pat is asked again; nobody writes, so WHISPER closes.
  await asked('WHISPER 2');
  // !done with nothing in WHISPER is no DMs: a move, not a turn let pass (no 'did not act in time').
  expect(await say('!done')).toBe('Handed in.');

  // RUMOR: an image.
  s = await asked('RUMOR');
  // The House fetches the image first; example.test has no address, so it goes out with a plain note (why is in the host log only).
  expect(await say('!public img:https://example.test/moe.png')).toBe('Your public message is noted; the House posts it for you when RUMOR closes. Handed in. (The House could not check the image; it is posted with that note.)');
  expect(await say('!public second thoughts')).toStartWith('Refused: you have already posted your one public message this round.');

  // Then every phase the House asks Pat for, to the end.
  const running = () => house.liveMatch(id)?.summary.status === 'running';
  let turn = '1:RUMOR';
  for (;;) {
    const next = await until(() => (!running() ? 'over' : house.liveMatch(id)!.waitingFor.includes('pat') && `${state().round}:${state().phase}` !== turn ? `${state().round}:${state().phase}` : null));
    if (next === 'over') break;
    turn = next;
    s = state();
    const others = living(s).filter((p) => p !== 'Pat');
    if (s.phase.startsWith('WHISPER')) expect(await say('!done')).toStartWith('Handed in');
    if (s.phase === 'RUMOR') expect(await say('!public Still here.')).toEndWith('Handed in.');
    if (s.phase === 'VOTE') {
      expect(await say('!last It was Moe.')).toStartWith('Your last message is registered');
      expect(await say(`!empower @${others[0]}`)).toStartWith('Noted');
      if (!twoLeft(s)) expect(await say(`!expose @${others[1]}`)).toEndWith('Handed in.');
    }
    if (s.phase === 'POWER') {
      const [choice] = legalPowerActions(s);
      expect(await say(`!${choice!.action} @${choice!.target}`)).toEndWith('Handed in.');
    }
  }
  await house.finished(id);

  const ended = (await house.getMatch(id))!;
  const end = ended.state as InfluenceState;
  expect(end.phase).toBe('END');
  expect(end.winner).toBe('Pat');
  expect(ended.summary.winners).toEqual(['Pat']);

  // The game room: the House's lines, Pat's rumours under Pat's name, the win and the sealed head.
  const game = posts.filter((p) => p.room === 'room-1');
  const house_ = game.filter((p) => !p.author).map((p) => p.text);
  expect(house_).toContain(line.whisper(1));
  expect(house_).toContain(line.rumor());
  expect(house_).toContain(line.vote(false));
  expect(house_).toContain(line.win('Pat'));
  expect(house_).toContain(line.head(end.publishedHead!, end.log.length));
  expect(game.find((p) => p.key === 'public:1:Pat')).toMatchObject({ text: 'https://example.test/moe.png\n(The House could not check this image.)', author: { id: 'person-7', name: 'Pat' } });
  expect(game.filter((p) => p.author?.name === 'Lea').map((p) => p.key)).toContain('public:1:Lea');

  // DM rooms: one per member set, made with the House and its members (Pat too, so the person sees them); each DM carried for Pat.
  const dmRooms = rooms.slice(1);
  expect(dmRooms.map((r) => r.participants)).toEqual([
    ['id-The House', 'id-Lea', 'person-7'],
    ['id-The House', 'id-Moe', 'id-Nia', 'person-7'],
  ]);
  const tail = id.split('-').at(-1);
  expect(dmRooms.map((r) => r.name)).toEqual([`DM Lea, Pat · Influence ${tail}`, `DM Moe, Nia, Pat · Influence ${tail}`]);
  // The match over, its DM rooms are closed (the game room stays) and the game room says where the whispers are kept.
  expect(closed).toEqual(['room-2', 'room-3']);
  expect(game.at(-1)!.text).toStartWith("The 2 DM rooms of this match are closed; every whisper is in the match's timeline on the dashboard: ");
  const dms = posts.filter((p) => p.room !== 'room-1');
  expect(dms).toEqual([
    { room: 'room-2', text: 'Together against Moe?', key: 'dm:1:1:Pat:0', author: { id: 'person-7', name: 'Pat' } },
    { room: 'room-3', text: 'Lea is plotting.', key: 'dm:1:1:Pat:1', author: { id: 'person-7', name: 'Pat' } },
  ]);
  await house.stop();
});
