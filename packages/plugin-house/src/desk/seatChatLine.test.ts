import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from '../houseService.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { personSeatIn, seatChatLine } from './seatChatLine.ts';

const house = { agentId: 'house-id', name: 'The House' };
const room = (channelId: string) => ({ channelId, serverId: 'srv' });
const seat = { id: 'pat', room: room('pat-dm'), origin: null };

test('a seat taken in a room others read says where the turns go, linked to that chat in the web GUI', () => {
  expect(seatChatLine(house, { id: 'pat', name: 'Pat', room: room('game-room') }, seat)).toBe('\nYour turns come privately to your chat with The House: [open it](/chat/house-id/pat-dm).');
});

test('nothing more when the turns come where the person typed, on Discord, or with no seat or chat', () => {
  expect(seatChatLine(house, { id: 'pat', name: 'Pat', room: room('pat-dm') }, seat)).toBe('');
  expect(seatChatLine(house, { id: 'pat', name: 'Pat', origin: { source: 'discord', channelId: 'c' } }, { ...seat, room: null, origin: { source: 'discord', channelId: 'dm' } })).toBe('');
  expect(seatChatLine(house, { id: 'pat', name: 'Pat', room: room('game-room') }, undefined)).toBe('');
  expect(seatChatLine(house, { id: 'pat', name: 'Pat', room: room('game-room') }, { ...seat, room: null })).toBe('');
});

test("the person's own seat among the seats", () => {
  const seats = { Ada: { kind: 'agent' as const }, Pat: { kind: 'person' as const, person: seat } };
  expect(personSeatIn(seats, 'pat')).toBe(seat);
  expect(personSeatIn(seats, 'sam')).toBeUndefined();
});

describe('at a House table in the web GUI', () => {
  const players = [fakeRuntime('Ivo')];
  beforeAll(() => players.forEach((p) => registerPlayer(p)));
  afterAll(() => players.forEach((p) => unregisterPlayer(p)));

  test("a seat taken in a room others read: the answer there says where the turns go, and they go to the person's chat with the House", async () => {
    const posts: Array<[string, string]> = [];
    const h = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_DECISION_DEADLINE_MS: '60000' }));
    h.gateway = {
      createRoom: async () => room('match-room'),
      post: async (r, text) => void posts.push([r.channelId, text]),
      isPrivateTo: async (channelId) => channelId === 'pat-dm',
      directRoom: async () => room('pat-dm'),
    };
    const answer = await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 5, options: {} }, { id: 'pat', name: 'Pat', room: room('group-room') });
    expect(answer).toEndWith('\nYour turns come privately to your chat with The House: [open it](/chat/id-The House/pat-dm).');
    while (!posts.some(([r, t]) => r === 'pat-dm' && t.includes('your move in Trust'))) await Bun.sleep(5);
    expect(posts.filter(([r]) => r === 'group-room')).toEqual([]);
    const typedInDm = await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 6, options: {} }, { id: 'pat', name: 'Pat', room: room('pat-dm') });
    expect(typedInDm).not.toContain('Your turns come');
    for (const t of h.openMatches()) await h.stopMatch(t.id);
    await h.stop();
  });
});
