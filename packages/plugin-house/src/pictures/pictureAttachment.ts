import { createHash } from 'node:crypto';
import type { RoomPicture } from './roomPicture.ts';

/**
 * A picture as a message attachment the ElizaOS 1.7.2 GUI draws: it reads a
 * message's `metadata.attachments` (and a broadcast's `attachments`) and shows
 * an image only for a `url` whose path ends in an image extension, with
 * `title` as the image's alternative text.
 */
export interface PictureAttachment {
  id: string;
  url: string;
  title: string;
  source: string;
  description: string;
  text: string;
  contentType: 'image';
}

export function pictureAttachment(picture: RoomPicture, url: string): PictureAttachment {
  const id = createHash('sha256').update(url).digest('hex').slice(0, 32);
  return { id, url, title: picture.alt, source: 'The House', description: picture.alt, text: picture.alt, contentType: 'image' };
}
