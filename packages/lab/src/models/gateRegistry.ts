import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { gateLimitsSchema, ProviderGate, type GateLimits } from './providerGate.ts';

const gates = new Map<string, ProviderGate>();

const overridesSchema = z.record(z.string().min(1), gateLimitsSchema.partial());

const ENV_KEYS: Record<keyof GateLimits, string> = {
  inFlight: 'HOUSE_MODEL_MAX_IN_FLIGHT',
  perMinute: 'HOUSE_MODEL_PER_MINUTE',
  retries: 'HOUSE_MODEL_RETRIES',
  baseDelayMs: 'HOUSE_MODEL_RETRY_BASE_MS',
  maxDelayMs: 'HOUSE_MODEL_RETRY_MAX_MS',
  timeoutMs: 'HOUSE_MODEL_TIMEOUT_MS',
};

/**
 * A provider's limits: the schema's defaults, then the `HOUSE_MODEL_*`
 * settings, then the provider's own entry in `HOUSE_PROVIDER_LIMITS` (JSON,
 * keyed by base URL), then this process's share of them
 * (`HOUSE_PROVIDER_SHARE`, above 0 and at most 1: queue workers on several
 * machines that share one account each take a part of its calls in flight and
 * per minute, at least one). A bad setting is reported and its default kept.
 */
export function gateLimits(baseUrl: string, env: Record<string, string | undefined> = process.env): { limits: GateLimits; problems: string[] } {
  const problems: string[] = [];
  const raw: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(ENV_KEYS)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    const n = Number(value);
    if (Number.isFinite(n)) raw[field] = n;
    else problems.push(`${key} must be a number, got '${value}'`);
  }
  if (env.HOUSE_PROVIDER_LIMITS) {
    try {
      const parsed = overridesSchema.safeParse(JSON.parse(env.HOUSE_PROVIDER_LIMITS));
      if (parsed.success) Object.assign(raw, ownValue(parsed.data, baseUrl) ?? {});
      else problems.push(`HOUSE_PROVIDER_LIMITS: ${formatZodError(parsed.error)}`);
    } catch {
      problems.push('HOUSE_PROVIDER_LIMITS is not valid JSON; expected {"<base url>": {"inFlight": 2, "perMinute": 60, ...}}');
    }
  }
  const limits = gateLimitsSchema.safeParse(raw);
  if (limits.success) return { limits: shared(limits.data, env.HOUSE_PROVIDER_SHARE, problems), problems };
  problems.push(`model limits: ${formatZodError(limits.error)}`);
  return { limits: gateLimitsSchema.parse({}), problems };
}

function shared(limits: GateLimits, share: string | undefined, problems: string[]): GateLimits {
  if (share === undefined || share === '') return limits;
  const part = Number(share);
  if (!(part > 0 && part <= 1)) {
    problems.push(`HOUSE_PROVIDER_SHARE must be a number above 0 and at most 1, got '${share}'`);
    return limits;
  }
  return { ...limits, inFlight: Math.max(1, Math.floor(limits.inFlight * part)), perMinute: Math.max(1, Math.floor(limits.perMinute * part)) };
}

/**
 * The one gate of a provider in this process, made on first use. Players
 * sharing a provider (same base URL and key) share its gate and its limits.
 */
export function providerGate(key: string, baseUrl: string, onProblem: (text: string) => void = () => {}, env: Record<string, string | undefined> = process.env): ProviderGate {
  let gate = gates.get(key);
  if (!gate) {
    const { limits, problems } = gateLimits(baseUrl, env);
    for (const p of problems) onProblem(p);
    gate = new ProviderGate(key, limits);
    gates.set(key, gate);
  }
  return gate;
}

/** Forgets every gate (tests that change limits between hosts). */
export function resetGates(): void {
  gates.clear();
}
