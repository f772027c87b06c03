import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { RateLimitedError } from '../lib/errors';
import { rateLimits } from '../db/rate-limits.schema';

export type RateLimitHit = { count: number; resetAt: Date };

/**
 * Fixed-window counters shared by every server instance. `hit` counts atomically, so
 * parallel requests each see a distinct count and none slips past a limit.
 */
export type RateLimitStore = {
  hit: (key: string, windowMs: number) => Promise<RateLimitHit>;
  reset: (key: string) => Promise<void>;
  /** The live counters among `keys` (a window not yet over), without counting a hit. */
  peek: (keys: readonly string[]) => Promise<Map<string, RateLimitHit>>;
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
    async peek(keys) {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select()
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, [...keys]), gt(rateLimits.resetAt, sql`now()`)));
      return new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.resetAt }]));
    },
    close: async () => {},
  };
}

/**
 * The rate-limit store did not answer (Redis unreachable, gone or hanging). Nothing that needs a
 * limit goes ahead without one: the request answers 503 with Retry-After, as when the database
 * is lost (plugins/error-handler.ts), and the client tries again.
 */
export class RateLimitStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('rate-limit store unavailable', { cause });
    this.name = 'RateLimitStoreUnavailable';
  }
}

/** A Redis command waits at most this long (a hanging server or a connection being made). */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export function redisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: 1_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command whose connection broke fails at once instead of waiting for a reconnection.
    maxRetriesPerRequest: 0,
    // Try again every second at most, so a Redis that is back is used again within a second.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // Connection errors reach the requests that need Redis (a 503 each, logged there) and the
  // readiness check; the client's own event would only repeat them on every reconnection.
  redis.on('error', () => {});
  const prefix = 'outpost:rl:';
  /** Runs a command; while Redis is known to be down (between reconnections) fails at once. */
  async function run<T>(command: () => Promise<T>): Promise<T> {
    if (redis.status === 'reconnecting' || redis.status === 'end' || redis.status === 'close')
      throw new RateLimitStoreUnavailable(new Error(`redis ${redis.status}`));
    try {
      return await command();
    } catch (error) {
      throw new RateLimitStoreUnavailable(error);
    }
  }
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const result = await run(() =>
        redis.multi().incr(k).pexpire(k, Math.ceil(windowMs), 'NX').pttl(k).exec(),
      );
      if (!result) throw new RateLimitStoreUnavailable(new Error('redis transaction aborted'));
      const count = Number(result[0]?.[1]);
      const ttl = Number(result[2]?.[1]);
      return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async reset(key) {
      await run(() => redis.del(prefix + key));
    },
    async peek(keys) {
      const found = new Map<string, RateLimitHit>();
      if (keys.length === 0) return found;
      const pipeline = redis.multi();
      for (const key of keys) pipeline.get(prefix + key).pttl(prefix + key);
      const result = await run(() => pipeline.exec());
      if (!result) throw new RateLimitStoreUnavailable(new Error('redis transaction aborted'));
      const now = Date.now();
      keys.forEach((key, i) => {
        const count = Number(result[2 * i]?.[1] ?? 0);
        const ttl = Number(result[2 * i + 1]?.[1]);
        if (count > 0 && ttl > 0) found.set(key, { count, resetAt: new Date(now + ttl) });
      });
      return found;
    },
    close: async () => {
      // A polite QUIT when Redis answers; else just drop the connection.
      await redis.quit().catch(() => redis.disconnect());
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
