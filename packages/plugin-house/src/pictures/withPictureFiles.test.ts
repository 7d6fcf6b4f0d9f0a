import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import type { IAgentRuntime, Media } from '@elizaos/core';
import { postOnPlatform } from '../discord/postOnPlatform.ts';
import { decodePng } from '../testing/decodePng.ts';
import { goldmineMapPicture } from '../games/goldmine/goldmineMapPicture.ts';
import { withPictureFiles } from './withPictureFiles.ts';

const picture = goldmineMapPicture({ players: ['Ada', 'Bram'], owner: [0, 1, -1, 0], size: 2, round: 10, rounds: 20 });

interface Sent {
  text: string;
  files: Array<{ title?: string; description?: string; exists: boolean; bytes: Uint8Array | null }>;
}

/** A House runtime whose platform send keeps what it was given, reading each attachment's file as discord.js would while the send runs. */
function sendingRuntime(): IAgentRuntime & { sent: Sent[] } {
  const sent: Sent[] = [];
  const quiet = () => {};
  return {
    sent,
    agentId: 'house',
    character: { name: 'The House' },
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
    getService: () => null,
    sendMessageToTarget: async (_target: unknown, content: { text: string; attachments?: Media[] }) => {
      sent.push({ text: content.text, files: (content.attachments ?? []).map((m) => ({ title: m.title, description: m.description, exists: existsSync(m.url), bytes: existsSync(m.url) ? readFileSync(m.url) : null })) });
    },
  } as unknown as IAgentRuntime & { sent: Sent[] };
}

describe('pictures on a platform (Discord)', () => {
  test('a picture goes as a file with the last piece of the text, named for Discord, and the file is gone after the send', async () => {
    const house = sendingRuntime();
    const long = `${'a line of the summary\n'.repeat(120)}Plots held: Ada 2, Bram 1.`;
    await postOnPlatform(house, { source: 'discord', channelId: '123' }, long, undefined, [picture]);
    expect(house.sent.length).toBeGreaterThan(1);
    expect(house.sent.slice(0, -1).every((s) => s.files.length === 0)).toBe(true);
    const [file] = house.sent.at(-1)!.files;
    expect(file).toMatchObject({ title: 'goldmine-map-round-10.png', description: picture.alt, exists: true });
    expect(decodePng(file!.bytes!).width).toBe(picture.width);
    let path = '';
    await withPictureFiles([picture], async (media) => void (path = media[0]!.url));
    expect(existsSync(path)).toBe(false);
  });

  test('without pictures, nothing is attached', async () => {
    const house = sendingRuntime();
    await postOnPlatform(house, { source: 'discord', channelId: '123' }, 'Round 3.');
    expect(house.sent).toEqual([{ text: 'Round 3.', files: [] }]);
  });

  test('the files are removed when the send fails', async () => {
    let path = '';
    await expect(
      withPictureFiles([picture], async (media) => {
        path = media[0]!.url;
        throw new Error('Discord is down');
      }),
    ).rejects.toThrow('Discord is down');
    expect(path).not.toBe('');
    expect(existsSync(path)).toBe(false);
  });
});
