import type { RoomGateway } from '../roomGateway.ts';
import type { CommandAuthor } from '../types.ts';

/**
 * Whether a command was typed where only its author and the House read it:
 * a Discord DM, or a web GUI chat the server records as theirs and the
 * House's alone (a client's own word for it is not enough). Keys and seat
 * tokens are taken and shown only there.
 */
export async function typedPrivately(gateway: RoomGateway, author: CommandAuthor): Promise<boolean> {
  if (author.origin) return author.private === true;
  const here = author.room ?? null;
  if (!here || !gateway.isPrivateTo) return author.private === true;
  return gateway.isPrivateTo(here.channelId, author.id);
}
