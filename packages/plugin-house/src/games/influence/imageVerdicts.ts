import { ONE_DAY_MS } from '@the-house/games/engine/timerBounds.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { ImageCheck } from '@the-house/games/influence/imageCheck.ts';
import { outboundPolicy } from '@the-house/lab/net/outboundPolicy.ts';
import { checkImage } from './checkImage.ts';
import { IMAGE_UNCHECKED } from './imageUnchecked.ts';

const DEFAULT_TIMEOUT_MS = 5000;
/** Verdicts kept per table: enough for every image of a match. */
const KEPT = 512;
/** Players' image checks kept per table: every seat, for the phases still open. */
const KEPT_SLOTS = 4096;

/** HOUSE_FETCH_ALLOW texts already said to be unusable (said once each, in the whole process: the setting is the process's). */
const toldProblems = new Set<string>();

/** Which player's check, in which phase: the House checks one image per player per phase. */
export interface ImageSlot {
  /** For the host log's lines. */
  matchId: string;
  player: PlayerId;
  round: number;
  phase: string;
}

/** How long the House waits for an image; `HOUSE_IMAGE_TIMEOUT_MS=0` turns the checks off. */
function timeoutMs(): number {
  const n = Number(process.env.HOUSE_IMAGE_TIMEOUT_MS);
  // At most a day: a timer past 2^31-1 ms fires at once.
  return process.env.HOUSE_IMAGE_TIMEOUT_MS !== undefined && Number.isFinite(n) && n >= 0 && n <= ONE_DAY_MS ? n : DEFAULT_TIMEOUT_MS;
}

function keep<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/** The verdict the rules get for a second image of a player in a phase: not fetched, so not checked. */
export const SECOND_IMAGE: ImageCheck = { verdict: 'unchecked', why: IMAGE_UNCHECKED };

/** One Influence table's image checks: they live and go with its table. */
export class ImageVerdicts {
  /** Verdicts by URL: a person's `!public` and the phase's close share one fetch. */
  private readonly verdicts = new Map<string, Promise<ImageCheck>>();
  /** The one image each player had checked in a phase, by round, phase and player. */
  private readonly slots = new Map<string, { url: string; verdict: Promise<ImageCheck> }>();

  /**
   * The House's check of an `img:` URL a player posts in a phase: a person's
   * `!public` hears it at once, and the phase's close hands the same verdict to
   * the rules (`external.images`), so both agree. One image per player per
   * phase is fetched: null when this player already had another one checked in
   * this phase (nothing is fetched; the caller says so in plain words). Why a
   * check could not run goes to `log` (the host log), never to the player.
   */
  verdict(slot: ImageSlot, url: string, log: (line: string) => void): Promise<ImageCheck> | null {
    const key = [slot.round, slot.phase, slot.player.toLowerCase()].join('\u0000');
    const held = this.slots.get(key);
    if (held) return held.url === url ? held.verdict : null;
    const verdict = this.fetchOnce(url, (line) => log(`${slot.matchId}, ${slot.player}'s ${line}`));
    keep(this.slots, key, { url, verdict }, KEPT_SLOTS);
    return verdict;
  }

  private fetchOnce(url: string, log: (line: string) => void): Promise<ImageCheck> {
    const known = this.verdicts.get(url);
    if (known) return known;
    const ms = timeoutMs();
    const { policy, problem } = outboundPolicy();
    if (problem && !toldProblems.has(problem)) {
      toldProblems.add(problem);
      log(problem);
    }
    const verdict: Promise<ImageCheck> = ms === 0 ? Promise.resolve({ verdict: 'unchecked', why: 'image checks are off in this House (HOUSE_IMAGE_TIMEOUT_MS=0)' }) : checkImage(url, { timeoutMs: ms, policy, log });
    keep(this.verdicts, url, verdict, KEPT);
    return verdict;
  }
}
