import { expect, test } from 'bun:test';
import { ChannelType } from '@elizaos/core';
import { seatChatCandidates, seatChatSpec } from './seatChat.ts';

const pat = 'person-pat';
const house = 'house-id';
const gui = (id: string, updatedAt: string, extra: Record<string, unknown> = {}) => ({ id, type: ChannelType.DM, updatedAt, metadata: { isDm: true, forAgent: house, user1: pat, user2: house, ...extra } });

test("a person's seats go to the House's seat chat for them, else their newest chat with the House in the web GUI; no other room", () => {
  const channels = [
    gui('older', '2026-11-28T10:00:00Z'),
    gui('newer', '2026-11-29T10:00:00Z'),
    { id: 'game-room', type: ChannelType.GROUP, metadata: { house: true } },
    { id: 'canonical', type: ChannelType.DM, metadata: { user1: house, user2: pat } },
    gui('someone-else', '2026-11-29T11:00:00Z', { user1: 'person-sam' }),
    gui('another-agent', '2026-11-29T11:00:00Z', { forAgent: 'ada-id', user2: 'ada-id' }),
  ];
  expect(seatChatCandidates(channels, pat, house)).toEqual(['newer', 'older']);
  const made = { id: 'seats', type: ChannelType.DM, metadata: seatChatSpec(pat, house, 'The House').metadata };
  expect(seatChatCandidates([...channels, made], pat, house)).toEqual(['seats', 'newer', 'older']);
  expect(seatChatCandidates(channels, 'person-nobody', house)).toEqual([]);
});

test('the chat the House opens is titled for the person and listed by the GUI as a chat with the House', () => {
  const spec = seatChatSpec(pat, house, 'The House');
  expect(spec.name).toBe('Your seats at The House');
  expect(spec.metadata).toMatchObject({ isDm: true, forAgent: house, user1: pat, user2: house });
});
