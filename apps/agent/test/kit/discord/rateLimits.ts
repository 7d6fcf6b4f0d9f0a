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
 * Discord's per-route buckets: every answer carries X-RateLimit-* headers
 * (which discord.js uses to queue ahead of the limit), and a request over the
 * limit gets a 429 with Retry-After. `refused` counts the 429s served.
 */
export class RateLimits {
  private readonly buckets = new Map<string, Bucket>();
  refused = 0;

  admit(key: string, rule: RateLimit, now = Date.now()): Admission {
    let bucket = this.buckets.get(key);
    if (!bucket || now >= bucket.resetAt) {
      bucket = { used: 0, resetAt: now + rule.windowMs };
      this.buckets.set(key, bucket);
    }
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
}
