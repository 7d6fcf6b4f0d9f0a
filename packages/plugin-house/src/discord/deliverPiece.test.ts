import { expect, test } from 'bun:test';
import { ContentType, type Media } from '@elizaos/core';
import { deliverPiece, withPictureWords } from './deliverPiece.ts';

const map: Media = { id: 'm', url: '/tmp/map.png', title: 'goldmine-map-round-10.png', description: 'The map after round 10: Ada holds 3 plots, Bram 2.', contentType: ContentType.IMAGE };
const refusal = (code: number) => Object.assign(new Error('refused'), { code });

/** A post that refuses files with `code` (or anything with `always`), keeping what went. */
function poster(code: number | null, always = false) {
  const went: Array<{ text: string; files: number }> = [];
  const post = async (text: string, files: Media[]) => {
    if (code !== null && (always || files.length)) throw refusal(code);
    went.push({ text, files: files.length });
  };
  return { went, post };
}

test('files refused for want of Attach Files (50013): sent again once without them, what they show in words', async () => {
  const { went, post } = poster(50013);
  expect(await deliverPiece(post, '[goldmine] Round 10', [map])).toBe('noAttachFiles');
  expect(went).toEqual([{ text: `[goldmine] Round 10\n${map.description}`, files: 0 }]);
});

test('files past the upload limit (40005) go in words too; a post without files that is refused throws as it was', async () => {
  const large = poster(40005);
  expect(await deliverPiece(large.post, 'Round 11', [map])).toBe('tooLarge');
  expect(large.went[0]!.files).toBe(0);
  const locked = poster(160005, true);
  await expect(deliverPiece(locked.post, 'Round 11', [map])).rejects.toMatchObject({ code: 160005 });
  const plain = poster(50013, true);
  await expect(deliverPiece(plain.post, 'Round 11', [])).rejects.toMatchObject({ code: 50013 });
});

test('a refusal of the post without files too is thrown, for the caller to move the match', async () => {
  const { post } = poster(50013, true);
  await expect(deliverPiece(post, 'Round 12', [map])).rejects.toMatchObject({ code: 50013 });
});

test("what pictures show is added once: a post that already says it (pictures alone) is not repeated", () => {
  expect(withPictureWords(map.description!, [map])).toBe(map.description!);
  expect(withPictureWords('', [map])).toBe(map.description!);
});
