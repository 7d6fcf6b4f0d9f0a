import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import type { RunSpec } from '../sweep/runSpec.ts';
import { runKey } from './runKey.ts';

const word = z.string().min(1).max(200);

/** A RunSpec as a job carries it; the game's own schema checks its config when the run is played. */
const runSpecSchema = z
  .object({
    game: word,
    id: z.string().min(1).max(1000),
    treatment: z.record(word, z.union([z.string().max(1000), z.number(), z.boolean()])),
    seed: z.number().int().min(-(2 ** 53)).max(2 ** 53),
    config: z.unknown(),
    lineup: z.array(word).min(1).max(256),
    snapshots: z.array(z.number().int().min(0).max(1_000_000)).max(1000),
    measure: z.boolean().optional(),
    players: z.array(word).max(256).optional(),
  })
  .strict();

const jobDataSchema = z.object({ id: z.string().max(1000), spec: z.string().min(2).max(1_000_000) }).strict();

/**
 * The run a job holds, checked: the data as `runOnQueue` enqueues it, a spec
 * of the right shape, and a job id that is the spec's key (so a result can
 * only land under the key of the run that made it). An error says what is
 * wrong; such a job fails without retries, as a poisoned run does.
 */
export function jobSpec(id: string, data: unknown): { ok: true; spec: RunSpec } | { ok: false; error: string } {
  const parsed = jobDataSchema.safeParse(data);
  if (!parsed.success) return { ok: false, error: `the job holds no run: ${formatZodError(parsed.error)}` };
  let raw: unknown;
  try {
    raw = JSON.parse(parsed.data.spec);
  } catch {
    return { ok: false, error: "the job's spec is not JSON" };
  }
  const spec = runSpecSchema.safeParse(raw);
  if (!spec.success) return { ok: false, error: `the job's spec is malformed: ${formatZodError(spec.error)}` };
  // Checked on the spec as sent, key order and all, which is what its key hashed.
  if (runKey(raw as RunSpec) !== id) return { ok: false, error: "the job's id is not its spec's key" };
  return { ok: true, spec: raw as RunSpec };
}
