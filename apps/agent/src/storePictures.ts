import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getUploadsAgentsDir, type IAgentRuntime } from '@elizaos/core';
import { pictureAttachment, type PictureAttachment } from '@the-house/plugin-house/pictures/pictureAttachment.ts';
import type { RoomPicture } from '@the-house/plugin-house/pictures/roomPicture.ts';

/**
 * The House's pictures where the server keeps an agent's uploaded media (what
 * `POST /api/media/agents/:id/upload-media` does), so the server serves each
 * at `/media/uploads/agents/<House id>/<file>.png`: an address ending in
 * `.png`, which the GUI draws as an image, and which the GUI reaches with or
 * without the host's API key (the server serves media outside `/api`). The
 * file's name is random, so a picture is found only through its message. A
 * picture that cannot be written is left out (and logged); the post goes on.
 */
export function storePictures(runtime: IAgentRuntime, pictures: readonly RoomPicture[]): PictureAttachment[] {
  const out: PictureAttachment[] = [];
  if (!pictures.length) return out;
  const dir = join(getUploadsAgentsDir(), runtime.agentId);
  for (const picture of pictures) {
    const file = `${randomUUID()}-${picture.name.replace(/[^\w.-]/g, '_')}`;
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, file), picture.png);
      out.push(pictureAttachment(picture, `/media/uploads/agents/${runtime.agentId}/${encodeURIComponent(file)}`));
    } catch (error) {
      runtime.logger.warn(`House: a picture for the game room could not be written to ${dir}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return out;
}
