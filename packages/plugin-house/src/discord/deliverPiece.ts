import type { Media } from '@elizaos/core';
import { DISCORD, discordCode } from './discordError.ts';
import { splitMessage } from './splitMessage.ts';

/** One post of a piece with the files it carries, as the speaker's bot sends it. */
export type PostPiece = (text: string, files: Media[]) => Promise<void>;

/** How a piece reached the channel: as it was, or with its pictures in words because the bot may not attach files there (50013) or they were too large (40005). */
export type Delivered = 'sent' | 'noAttachFiles' | 'tooLarge';

/** The text with what its pictures show (their alternative text), each line not already in it. */
export function withPictureWords(text: string, files: readonly Media[]): string {
  const words = files.map((f) => f.description || f.text || f.title || '').filter((w) => w && !text.includes(w));
  return [text, ...words].filter(Boolean).join('\n');
}

/**
 * One piece of a post with its files. Files Discord refuses (50013: the
 * bot's role lacks Attach Files there; 40005: past the upload limit) go
 * again once without them, what they show in words (in pieces, should the
 * words make it too long). Any other refusal, or one of the post without
 * files, throws for the caller to act on.
 */
export async function deliverPiece(post: PostPiece, text: string, files: Media[]): Promise<Delivered> {
  try {
    await post(text, files);
    return 'sent';
  } catch (error) {
    const code = discordCode(error);
    if (!files.length || (code !== DISCORD.missingPermissions && code !== DISCORD.requestTooLarge)) throw error;
    for (const piece of splitMessage(withPictureWords(text, files))) await post(piece, []);
    return code === DISCORD.missingPermissions ? 'noAttachFiles' : 'tooLarge';
  }
}
