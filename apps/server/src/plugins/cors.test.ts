import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { loadConfig } from '../config';
import type { TestContext } from '../test/test-app';
import { createTestContext } from '../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { APP_ORIGINS: 'capacitor://localhost https://localhost' },
  });
});
afterAll(async () => ctx.close());

/** The native app's web view calls the API cross-origin (docs/decisions/026). */
describe('CORS for the native app', () => {
  it('answers a preflight from the app (iOS and Android) with what the client sends', async () => {
    for (const origin of ['capacitor://localhost', 'https://localhost']) {
      const res = await ctx.app.inject({
        method: 'OPTIONS',
        url: apiPaths.login,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.statusCode, origin).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toContain('PATCH');
      expect(res.headers['access-control-allow-headers']).toContain('X-User-Token');
      expect(res.headers['access-control-allow-headers']).toContain('X-Refresh-Token');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('answers the app at the push paths the spec writes without /api/portal too', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/notifications/device-token',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'PATCH' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
  });

  it('lets the app read answers, errors included, and the permissions header', async () => {
    const ok = await ctx.app.inject({
      url: apiPaths.health,
      headers: { origin: 'capacitor://localhost' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(ok.headers['access-control-expose-headers']).toContain('x-permissions');
    expect(ok.headers.vary).toContain('Origin');

    const refused = await ctx.app.inject({
      url: apiPaths.currentUser,
      headers: { origin: 'https://localhost' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('https://localhost');
  });

  it('gives another origin no CORS headers at all', async () => {
    for (const origin of ['https://evil.example', 'http://localhost', 'capacitor://other']) {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: apiPaths.login,
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods'], origin).toBeUndefined();
      const res = await ctx.app.inject({ url: apiPaths.health, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('is configured by APP_ORIGINS (validated; empty means no cross-origin caller)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).appOrigins).toEqual([
      'capacitor://localhost',
      'https://localhost',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', APP_ORIGINS: '' }).appOrigins).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'test', APP_ORIGINS: 'localhost' })).toThrow(/APP_ORIGINS/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', APP_ORIGINS: 'capacitor://localhost/path' }),
    ).toThrow(/APP_ORIGINS/);
  });
});
