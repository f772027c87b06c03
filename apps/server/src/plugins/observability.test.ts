import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { openPglite } from '../db/client';
import type { TestContext } from '../test/test-app';
import { createTestContext } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-observability-test';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { METRICS_TOKEN: TOKEN, REDIS_URL: process.env.REDIS_URL ?? '' },
  });
});
afterAll(async () => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('answers each request with its id, kept from a load balancer when it is a plain token', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: apiPaths.healthLive });
    const b = await ctx.app.inject({ method: 'GET', url: '/api/portal/no-such-route/' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const kept = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.healthLive,
      headers: { 'x-request-id': 'lb-7f3a9c21e0' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21e0');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.healthLive,
      headers: { 'x-request-id': 'bad id\nwith a newline'.replace('\n', ' ') },
    });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
  });

  it('puts the id on every log line of the request', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: 'wrong-password-1' },
      headers: { 'x-request-id': 'trace-login-000001' },
    });
    expect(res.statusCode).toBe(401);
    const lines = ctx.logLines
      .map((l) => JSON.parse(l) as { reqId?: string })
      .filter((l) => l.reqId === 'trace-login-000001');
    // At least the incoming request and its completion.
    expect(lines.length).toBeGreaterThanOrEqual(2);
  });
});

describe('health', () => {
  it('is live, and ready with the database, Redis (when used) and every migration', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: apiPaths.healthLive });
    expect(live.json()).toEqual({ data: { status: 'alive' } });
    const ready = await ctx.app.inject({ method: 'GET', url: apiPaths.healthReady });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      data: {
        status: 'ready',
        checks: { database: true, redis: process.env.REDIS_URL ? true : null, migrations: true },
      },
    });
  });

  it('is not ready before the migrations ran, and says which check failed', async () => {
    const bare = await openPglite();
    const other = await createTestContext({ database: bare });
    try {
      const res = await other.app.inject({ method: 'GET', url: apiPaths.healthReady });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        data: {
          error: 'Internal error: not ready (migrations).',
          fields: { database: 'ok', redis: 'not used', migrations: 'failed' },
        },
      });
      // Liveness does not depend on the database.
      expect((await other.app.inject({ method: 'GET', url: apiPaths.healthLive })).statusCode).toBe(
        200,
      );
    } finally {
      await other.close();
    }
  });
});

describe('/metrics', () => {
  const metrics = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('needs the bearer token', async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await metrics(TOKEN)).statusCode).toBe(401);
  });

  it('counts requests by route pattern, errors, latency and logins', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: 'wrong-password-2' },
    });
    await ctx.app.inject({ method: 'GET', url: '/api/portal/services/200101/availableblocks/' });
    const res = await metrics(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body).toMatch(
      /outpost_http_requests_total\{method="GET",route="\/api\/portal\/services\/:serviceid\/availableblocks\/",status="401"\} 1/,
    );
    // The pattern, never the id: one series for every customer.
    expect(body).not.toContain('200101');
    expect(body).toMatch(/outpost_logins_total\{outcome="failure"\} [1-9]/);
    expect(body).toContain('outpost_http_request_duration_seconds_bucket');
    expect(body).toContain('outpost_process_resident_memory_bytes');
    // On PostgreSQL, the pool's connections.
    if (ctx.database.kind === 'postgres')
      expect(body).toMatch(/outpost_db_pool_connections\{state="total"\} [1-9]/);
    // /metrics is not an API route: not in the API docs.
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    if (docs.statusCode === 200) expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
  });

  it('is absent without a token configured', async () => {
    const other = await createTestContext();
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
