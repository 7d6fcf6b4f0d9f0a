export interface RateLimit {
  limit: number;
  windowMs: number;
}

interface Bucket {
  used: number;
  resetAt: number;
}

export type Admission = { ok: true; headers: Record<string, string> } | { ok: false; retryAfterMs: number; headers: Record<string, string> };

/**
 * Discord's rate limits. Per-route buckets: every answer carries
 * X-RateLimit-* headers (which discord.js uses to queue ahead of the limit),
 * and a request over the limit gets a 429 with Retry-After. The global limit:
 * so many requests a second per bot whatever the route, refused with
 * `X-RateLimit-Global` and scope `global` (no bucket headers warn of it).
 * Counts of what was refused are kept for tests.
 */
export class RateLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly globals = new Map<string, Bucket>();
  /** Every 429 served for a route's bucket or the global limit. */
  refused = 0;
  /** Of those, the global limit's. */
  refusedGlobal = 0;

  admit(key: string, rule: RateLimit, now = Date.now()): Admission {
    const bucket = fresh(this.buckets, key, rule, now);
    const resetAfter = Math.max(0, bucket.resetAt - now);
    const headers = {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Reset': (bucket.resetAt / 1000).toFixed(3),
      'X-RateLimit-Reset-After': (resetAfter / 1000).toFixed(3),
      'X-RateLimit-Bucket': Bun.hash(key.replace(/\d{15,}/g, ':id')).toString(16),
    };
    if (bucket.used >= rule.limit) {
      this.refused += 1;
      return { ok: false, retryAfterMs: resetAfter, headers: { ...headers, 'X-RateLimit-Remaining': '0', 'X-RateLimit-Scope': 'user', 'Retry-After': String(Math.ceil(resetAfter / 1000)) } };
    }
    bucket.used += 1;
    return { ok: true, headers: { ...headers, 'X-RateLimit-Remaining': String(rule.limit - bucket.used) } };
  }

  /** A bot's request against the global limit (a fixed window from its first request, as Discord counts per second). */
  admitGlobal(bot: string, rule: RateLimit, now = Date.now()): Admission {
    const bucket = fresh(this.globals, bot, rule, now);
    if (bucket.used >= rule.limit) {
      const retryAfterMs = Math.max(1, bucket.resetAt - now);
      this.refused += 1;
      this.refusedGlobal += 1;
      return { ok: false, retryAfterMs, headers: { 'X-RateLimit-Global': 'true', 'X-RateLimit-Scope': 'global', 'Retry-After': (retryAfterMs / 1000).toFixed(3) } };
    }
    bucket.used += 1;
    return { ok: true, headers: {} };
  }
}

function fresh(map: Map<string, Bucket>, key: string, rule: RateLimit, now: number): Bucket {
  let bucket = map.get(key);
  if (!bucket || now >= bucket.resetAt) {
    bucket = { used: 0, resetAt: now + rule.windowMs };
    map.set(key, bucket);
  }
  return bucket;
}
