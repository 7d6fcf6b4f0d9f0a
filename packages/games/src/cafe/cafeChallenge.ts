import { z } from 'zod';
import type { Parsed } from '../engine/config.ts';
import { formatZodError } from '../engine/errors.ts';
import type { Challenge } from './cafeTypes.ts';

/** A challenge as the state, the judge request and the logs carry it. */
export const challengeSchema = z
  .object({
    id: z.string().trim().min(1),
    prompt: z.string().trim().min(1, 'a challenge needs a prompt'),
    keywords: z.array(z.string().trim().min(1)),
  })
  .strict();

/**
 * A challenge written by the House's model (RULES Café 6): a prompt, and
 * optionally an id and the keywords a relevant answer would use. Without an
 * id it becomes `house-<round>`; without keywords, the prompt's content words
 * stand in, so the stand-in judge can still score relevance.
 */
export const houseChallengeSchema = z
  .strictObject(
    {
      id: z.string().trim().min(1, 'the id must not be empty').max(80).optional().describe('a short name, e.g. "barista-haiku"'),
      prompt: z.string().trim().min(1, 'a challenge needs a prompt').max(2000, 'a challenge prompt must be at most 2000 characters').describe('the task every player answers this round'),
      keywords: z.array(z.string().trim().min(1).max(40)).max(12).optional().describe('words a relevant answer is likely to use'),
    },
    { error: 'a challenge must be an object {"prompt": "...", "id"?: "...", "keywords"?: [...]}' },
  )
  .describe('{"prompt": "...", "id": "optional-name", "keywords": ["optional", "words"]}');

const STOPWORDS = new Set(
  'about after again also because been before being both could does each every from give have into just like make more most must need only other over should some such than that their them then there these they this those under very want were what when where which while will with would write your'.split(' '),
);

/** Up to eight distinct words of four or more letters from `text`, stopwords left out, in order of appearance. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/\p{L}[\p{L}'’-]{3,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOPWORDS.has(w)))].slice(0, 8);
}

/** A House-written challenge for `round`, validated; never throws. */
export function readHouseChallenge(raw: unknown, round: number): Parsed<Challenge> {
  const parsed = houseChallengeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `bad challenge: ${formatZodError(parsed.error)}` };
  const { id, prompt, keywords } = parsed.data;
  return { ok: true, value: { id: id ?? `house-${round}`, prompt, keywords: keywords?.length ? keywords : contentWords(prompt) } };
}
