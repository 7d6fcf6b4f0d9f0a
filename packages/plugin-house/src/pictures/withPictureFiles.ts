import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentType, type Media } from '@elizaos/core';
import type { RoomPicture } from './roomPicture.ts';

/**
 * Pictures as files for a platform's send: plugin-discord makes each
 * attachment's `url` a discord.js file, which reads a local path (and names
 * the file after `title`). The files live in a folder of their own for the
 * send and are removed after it, sent or not.
 */
export async function withPictureFiles<T>(pictures: readonly RoomPicture[], use: (media: Media[]) => Promise<T>): Promise<T> {
  if (!pictures.length) return use([]);
  const dir = mkdtempSync(join(tmpdir(), 'house-pictures-'));
  try {
    const media = pictures.map((p, i): Media => {
      const path = join(dir, `${i}-${p.name.replace(/[^\w.-]/g, '_')}`);
      writeFileSync(path, p.png);
      return { id: `${i}-${p.name}`, url: path, title: p.name, description: p.alt, text: p.alt, source: 'The House', contentType: ContentType.IMAGE };
    });
    return await use(media);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
