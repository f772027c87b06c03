import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import type { RateLimitStore } from './rate-limit-store';
import { databaseRateLimitStore, redisRateLimitStore } from './rate-limit-store';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

function behavesAsAFixedWindow(name: string, makeStore: () => RateLimitStore) {
  describe(name, () => {
    it('counts each hit once, even when they arrive together', async () => {
      const store = makeStore();
      const key = `test:${name}:${Math.random()}`;
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      await store.close();
    });

    it('starts again after a reset and after the window ends', async () => {
      const store = makeStore();
      const key = `test:${name}:${Math.random()}`;
      await store.hit(key, 60_000);
      await store.reset(key);
      expect((await store.hit(key, 60_000)).count).toBe(1);
      const short = `${key}:short`;
      await store.hit(short, 50);
      await new Promise((r) => setTimeout(r, 120));
      expect((await store.hit(short, 50)).count).toBe(1);
      await store.close();
    });

    it('peeks at live counters without counting, and leaves out ended and unknown ones', async () => {
      const store = makeStore();
      const key = `test:${name}:${Math.random()}`;
      await store.hit(key, 60_000);
      await store.hit(key, 60_000);
      const ended = `${key}:ended`;
      await store.hit(ended, 50);
      await new Promise((r) => setTimeout(r, 120));
      const seen = await store.peek([key, ended, `${key}:unknown`]);
      expect([...seen.keys()]).toEqual([key]);
      expect(seen.get(key)!.count).toBe(2);
      expect(seen.get(key)!.resetAt.getTime()).toBeGreaterThan(Date.now() + 58_000);
      expect((await store.hit(key, 60_000)).count).toBe(3);
      expect((await store.peek([])).size).toBe(0);
      await store.close();
    });
  });
}

behavesAsAFixedWindow('database store', () => databaseRateLimitStore(database.db));

// Runs where Redis is configured (CI sets REDIS_URL for the PostgreSQL pass).
if (process.env.REDIS_URL) {
  behavesAsAFixedWindow('redis store', () => redisRateLimitStore(process.env.REDIS_URL!));
}
