import type { HumanSeat, SeatSpecs } from '../seats/seatSpec.ts';
import { turnsElsewhereText } from '../texts/seatChatTexts.ts';
import type { CommandAuthor } from '../types.ts';

/** The House as a seat's line names and links it. */
export const houseOf = (host: { runtime: { agentId: string; character: { name: string } } }): { agentId: string; name: string } => ({ agentId: host.runtime.agentId, name: host.runtime.character.name });

/** The person's own seat among a match's seats, if they took one. */
export function personSeatIn(seats: SeatSpecs, personId: string): HumanSeat | undefined {
  for (const spec of Object.values(seats)) if (spec.kind === 'person' && spec.person.id === personId) return spec.person;
  return undefined;
}

/**
 * A line for the answer in the web GUI's room where a person took a seat,
 * when their turns go to another chat (their direct chat with the House):
 * where, linked to the GUI's own address of that chat. Empty when the turns
 * come where they typed, and on Discord (its DMs say it themselves).
 */
export function seatChatLine(house: { agentId: string; name: string }, author: CommandAuthor, seat: HumanSeat | undefined): string {
  if (!seat?.room || author.origin || seat.room.channelId === author.room?.channelId) return '';
  return `\n${turnsElsewhereText(house.name, `/chat/${house.agentId}/${seat.room.channelId}`)}`;
}
