import { afterAll, describe, expect, test } from 'bun:test';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import type { HouseGame } from '../games/houseGame.ts';
import { HouseService } from '../houseService.ts';
import type { GameRoom, PostAuthor, RoomGateway } from '../roomGateway.ts';
import { decodePng } from '../testing/decodePng.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { playedMatch } from '../testing/playedMatch.ts';
import { GOLDMINE_MAP_SIZE } from '../games/goldmine/goldmineMapPicture.ts';
import type { RoomPicture } from './roomPicture.ts';
import { picturesText, roundPictures } from './roundPictures.ts';
import { trustBoard } from '../games/trust/trustBoard.ts';

const players = ['Ivo', 'Jana', 'Kurt'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

interface Post {
  text: string;
  key?: string;
  pictures: readonly RoomPicture[];
}

/** A gateway with one room that keeps every post, as the server would (a keyed post once). */
function recordingGateway(): RoomGateway & { posts: Post[] } {
  const posts: Post[] = [];
  return {
    posts,
    createRoom: async () => ({ channelId: 'room-1', serverId: 'server-1' }),
    post: async (_room: GameRoom, text: string, key?: string, _author?: PostAuthor, pictures: readonly RoomPicture[] = []) => {
      if (key && posts.some((p) => p.key === key)) return;
      posts.push({ text, key, pictures });
    },
  };
}

describe('roundPictures', () => {
  test('a picture that cannot be drawn is left out and logged; a game without pictures has none', () => {
    const { match, records } = playedMatch('trust', ['a', 'b'], 1);
    const lines: string[] = [];
    const broken: HouseGame = {
      game: 'trust',
      board: trustBoard,
      chart: () => null,
      roundPictures: () => {
        throw new Error('no renderer');
      },
    };
    expect(roundPictures(broken, records[0]!, match, (l) => lines.push(l))).toEqual([]);
    expect(lines).toEqual(['House: the pictures of round 1 could not be drawn: no renderer']);
    expect(roundPictures({ game: 'trust', board: trustBoard, chart: () => null }, records[0]!, match, (l) => lines.push(l))).toEqual([]);
    expect(roundPictures(undefined, records[0]!, match, (l) => lines.push(l))).toEqual([]);
  });

  test('pictures alone are posted with what each shows in words', () => {
    expect(picturesText([{ name: 'a.png', png: new Uint8Array(), alt: 'A map.', width: 1, height: 1 }, { name: 'b.png', png: new Uint8Array(), alt: 'Some gold.', width: 1, height: 1 }])).toBe('A map.\nSome gold.');
  });

  test("a House Gold mining match: the room's summary every 10 rounds carries the map, the last one the map and the gold, and no other post a picture", async () => {
    const house = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0' }));
    const gateway = recordingGateway();
    house.gateway = gateway;
    const opened = await house.open('goldmine', ['Ivo', 'Jana', 'Kurt'], 3, null, { roundDelayMs: 0 }, null, { rounds: 20 });
    if (!opened.ok) throw new Error(opened.error);
    expect((await house.finished(opened.id))?.status).toBe('finished');
    const withPictures = gateway.posts.filter((p) => p.pictures.length);
    expect(withPictures.map((p) => [p.key, p.pictures.map((x) => x.name)])).toEqual([
      ['round:10', ['goldmine-map-round-10.png']],
      ['round:20', ['goldmine-map-round-20.png']],
    ]);
    expect(withPictures[0]!.text).toStartWith('[goldmine] Rounds 1-10 of 20');
    expect(withPictures[0]!.pictures[0]!.alt).not.toContain('gold,');
    expect(withPictures[1]!.text).toContain('Final gold: ');
    expect(withPictures[1]!.pictures[0]!.alt).toContain(' gold, ');
    for (const post of withPictures) {
      const png = decodePng(post.pictures[0]!.png);
      expect([png.width, png.height]).toEqual([GOLDMINE_MAP_SIZE.width, GOLDMINE_MAP_SIZE.height]);
    }
  });

  test("Influence's last round: its summary went out with the phase, so the vote count follows as a post of its own, under its own key", async () => {
    const house = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0' }));
    const gateway = recordingGateway();
    house.gateway = gateway;
    const more = ['Lea', 'Moe'].map((n) => fakeRuntime(n));
    for (const p of more) registerPlayer(p);
    try {
      const opened = await house.open('influence', ['Ivo', 'Jana', 'Kurt', 'Lea', 'Moe'], 2, null, { roundDelayMs: 0 });
      if (!opened.ok) throw new Error(opened.error);
      await house.finished(opened.id);
    } finally {
      for (const p of more) unregisterPlayer(p);
    }
    const votes = gateway.posts.filter((p) => p.pictures.some((x) => x.name.startsWith('influence-votes-round-')));
    const rounds = gateway.posts.filter((p) => p.key?.startsWith('round:'));
    expect(votes.length).toBe(rounds.length);
    const last = votes.at(-1)!;
    expect(last.key).toMatch(/^pictures:\d+$/);
    expect(last.text).toBe(last.pictures[0]!.alt);
    for (const post of votes.slice(0, -1)) expect(post.text).toStartWith('[influence] Round ');
  }, 30_000);
});
