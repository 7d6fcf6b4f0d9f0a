import { ChannelType } from '@elizaos/core';
import { seatChatName } from './roomNames.ts';

/** A channel of the messaging server, as the House reads it to find a person's direct chat with it. */
export interface ChannelRow {
  id: string;
  type: string;
  metadata?: Record<string, unknown> | null;
  createdAt?: Date | string | number;
  updatedAt?: Date | string | number;
}

/** The House's mark on the direct chat it opened for a person's seats. */
const SEAT_CHAT_MARK = 'houseSeats';

const time = (c: ChannelRow): number => new Date(c.updatedAt ?? c.createdAt ?? 0).getTime() || 0;

/** Whether a DM's metadata names these two as its pair, either way round (the web GUI's form for a chat with an agent). */
function pairOf(meta: Record<string, unknown>, personId: string, houseId: string): boolean {
  return (meta.user1 === personId && meta.user2 === houseId) || (meta.user1 === houseId && meta.user2 === personId);
}

/**
 * Where a person's private turns go when they took their seat in a room
 * others read, best first: the chat the House opened for their seats (one per
 * person, kept), then the chats the web GUI opened for them with the House,
 * the newest first (the one they use). Metadata is what a client said: the
 * caller checks that each is the person's and the House's alone.
 */
export function seatChatCandidates(channels: readonly ChannelRow[], personId: string, houseId: string): string[] {
  const direct = channels.filter((c) => c.type === ChannelType.DM && c.metadata && pairOf(c.metadata, personId, houseId));
  const marked = direct.filter((c) => c.metadata![SEAT_CHAT_MARK] === true);
  const gui = direct.filter((c) => c.metadata![SEAT_CHAT_MARK] !== true && c.metadata!.isDm === true && c.metadata!.forAgent === houseId).sort((a, b) => time(b) - time(a));
  return [...marked, ...gui].map((c) => c.id);
}

/**
 * The direct chat the House opens for a person who has none with it: in the
 * form the web GUI gives a chat with an agent (so the GUI lists it among the
 * person's chats with the House, under its title), marked as the House's.
 */
export function seatChatSpec(personId: string, houseId: string, houseName: string): { name: string; metadata: Record<string, unknown> } {
  return { name: seatChatName(houseName), metadata: { isDm: true, forAgent: houseId, user1: personId, user2: houseId, [SEAT_CHAT_MARK]: true } };
}
