import type { RateLimitDecision, RateLimiter } from "./types.ts";

export type MemoryRateLimiterOptions = { limit: number; windowMs: number; maxKeys?: number };

/**
 * Sliding-window limiter kept in memory: per key, the timestamps of the last `limit` hits.
 * On Supabase this is per isolate (a best-effort brake, not a global quota); the key map is
 * bounded so a flood of distinct IPs cannot grow memory without limit.
 */
export function createMemoryRateLimiter({ limit, windowMs, maxKeys = 10_000 }: MemoryRateLimiterOptions): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit must be a positive integer, got ${limit}`);
  const hits = new Map<string, number[]>();

  function prune(nowMs: number) {
    for (const [key, times] of hits) {
      if (times[times.length - 1]! <= nowMs - windowMs) hits.delete(key);
    }
    // Still full of live keys: drop the oldest-inserted ones.
    for (const key of hits.keys()) {
      if (hits.size < maxKeys) break;
      hits.delete(key);
    }
  }

  return {
    hit(key: string, nowMs: number): RateLimitDecision {
      const recent = (hits.get(key) ?? []).filter((t) => t > nowMs - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const retryAfterMs = recent[0]! + windowMs - nowMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      if (!hits.has(key) && hits.size >= maxKeys) prune(nowMs);
      recent.push(nowMs);
      hits.set(key, recent);
      return { allowed: true };
    },
  };
}

export const noRateLimit: RateLimiter = { hit: () => ({ allowed: true }) };
