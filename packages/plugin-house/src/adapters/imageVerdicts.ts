import { ONE_DAY_MS } from '@the-house/games/engine/timerBounds.ts';
import type { ImageCheck } from '@the-house/games/influence/imageCheck.ts';
import { checkImage } from './checkImage.ts';

const DEFAULT_TIMEOUT_MS = 5000;
/** Verdicts kept per process: enough for every image of the running matches. */
const KEPT = 512;

const verdicts = new Map<string, Promise<ImageCheck>>();

/** How long the House waits for an image; `HOUSE_IMAGE_TIMEOUT_MS=0` turns the checks off. */
function timeoutMs(): number {
  const n = Number(process.env.HOUSE_IMAGE_TIMEOUT_MS);
  // At most a day: a timer past 2^31-1 ms fires at once.
  return process.env.HOUSE_IMAGE_TIMEOUT_MS !== undefined && Number.isFinite(n) && n >= 0 && n <= ONE_DAY_MS ? n : DEFAULT_TIMEOUT_MS;
}

/**
 * The House's check of an `img:` URL in a match, made once: a person's
 * `!public` hears it at once, and the phase's close hands the same verdict to
 * the rules (`external.images`), so both agree.
 */
export function imageVerdict(matchId: string, url: string): Promise<ImageCheck> {
  const key = `${matchId}\u0000${url}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    const ms = timeoutMs();
    verdict = ms === 0 ? Promise.resolve({ verdict: 'unchecked', why: 'image checks are off in this House (HOUSE_IMAGE_TIMEOUT_MS=0)' }) : checkImage(url, { timeoutMs: ms });
    verdicts.set(key, verdict);
    if (verdicts.size > KEPT) verdicts.delete(verdicts.keys().next().value!);
  }
  return verdict;
}

export function forgetImages(matchId: string): void {
  for (const key of [...verdicts.keys()]) if (key.startsWith(`${matchId}\u0000`)) verdicts.delete(key);
}
