import { createHash } from 'node:crypto';
import { hasModelSeats, type RunSpec } from '../sweep/runSpec.ts';

/** Bumped when what a spec means changes, so results of the old meaning are not taken for the new. */
const KEY_VERSION = 'house-lab run v1';

/**
 * A run's key on the queue and in the result tables: a hash of its spec,
 * written as a UUID (version 8, "custom"), which pg-boss takes as the job id.
 * The same spec always gives the same key, so enqueuing a sweep twice adds
 * no job and a run two sweeps share is played once.
 */
export function runKey(spec: RunSpec): string {
  const hex = createHash('sha256').update(`${KEY_VERSION}\n${JSON.stringify(spec)}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss queue names: one per game for baseline runs (CPU on worker threads), one per game for runs with model seats (paced by providers). */
export function runQueue(game: string, model: boolean): string {
  return `house-lab.${game}${model ? '.model' : ''}`;
}

export function queueOfSpec(spec: RunSpec): string {
  return runQueue(spec.game, hasModelSeats(spec));
}
