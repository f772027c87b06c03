import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { RateLimitedError } from '../lib/errors';
import { rateLimits } from '../modules/auth/auth.schema';

export type RateLimitHit = { count: number; resetAt: Date };

/**
 * Fixed-window counters shared by every server instance. `hit` counts atomically, so
 * parallel requests each see a distinct count and none slips past a limit.
 */
export type RateLimitStore = {
  hit: (key: string, windowMs: number) => Promise<RateLimitHit>;
  reset: (key: string) => Promise<void>;
  close: () => Promise<void>;
  /** Redis stores: a round trip to the server (readiness). */
  ping?: () => Promise<void>;
};

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const interval = `${Math.ceil(windowMs)} milliseconds`;
      const rows = await queryRows<{ count: number; reset_at: string | Date }>(
        db,
        sql`
        insert into rate_limits as r (key, count, reset_at)
        values (${key}, 1, now() + ${interval}::interval)
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then now() + ${interval}::interval else r.reset_at end
        returning count, reset_at`,
      );
      const row = rows[0];
      if (!row) throw new Error('rate limit upsert returned no row');
      return { count: Number(row.count), resetAt: new Date(row.reset_at) };
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    close: async () => {},
  };
}

export function redisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const prefix = 'outpost:rl:';
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const result = await redis
        .multi()
        .incr(k)
        .pexpire(k, Math.ceil(windowMs), 'NX')
        .pttl(k)
        .exec();
      if (!result) throw new Error('redis transaction aborted');
      const count = Number(result[0]?.[1]);
      const ttl = Number(result[2]?.[1]);
      return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    close: async () => {
      await redis.quit();
    },
    async ping() {
      await redis.ping();
    },
  };
}

/** At most `max` hits of `key` in a fixed window of `windowMs`. */
export type Limit = { key: string; max: number; windowMs: number };

/**
 * Counts one hit on every limit (each, so every count stays true) and throws a 429 with
 * Retry-After (the latest window end among those over) when any is over. Call it before anything
 * is written: a refused request then changes nothing but the counts.
 */
export async function enforceLimits(
  store: RateLimitStore,
  limits: readonly Limit[],
  message?: string,
): Promise<void> {
  // One after another, in the order given: inside a transaction the counter rows are then always
  // locked in the same order.
  const hits: RateLimitHit[] = [];
  for (const l of limits) hits.push(await store.hit(l.key, l.windowMs));
  const over = hits.filter((hit, i) => hit.count > limits[i]!.max);
  if (over.length === 0) return;
  const resetAt = Math.max(...over.map((h) => h.resetAt.getTime()));
  throw new RateLimitedError(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)), message);
}
