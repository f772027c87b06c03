import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { messages, serverErrors } from '@outpost/contracts/messages';
import { recoveryServerMessages } from '@outpost/contracts/recovery';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { errorOf, openTestDatabase } from './test/test-app';
import { LIVE_STRIPE_KEYS, PRODUCTION_OPT_INS } from './test/production-env';

/**
 * What production mode changes for a client (docs/decisions/034): the test-site banner, the
 * sandbox's routes, the API docs, and the client address behind a proxy (TRUST_PROXY).
 */
let database: Database;
let webDist: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  webDist = mkdtempSync(path.join(tmpdir(), 'outpost-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><!--outpost-brand--></head><body><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist, ...env });
  const app = await buildApp({ config, database });
  apps.push(app);
  return app;
}

const BANNER = `<p class="outpost-test-site" role="note">${messages.billing.testSite}</p>`;

describe('the test-site banner', () => {
  it('is on every page of production with PAYMENTS=sandbox, first in the body, allowed by the policy', async () => {
    const app = await appWith(PRODUCTION_OPT_INS);
    for (const url of ['/', '/login', '/billing/payment-methods', '/no-such-page']) {
      const res = await app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain(`<body>${BANNER}<div id="root">`);
      expect(res.body.split(messages.billing.testSite)).toHaveLength(2);
    }
    // Its style is in the page's one inline style element, which the policy lets in by hash.
    const page = await app.inject({ url: '/' });
    expect(page.body).toMatch(/<style>[^<]*\.outpost-test-site\{[^<]*<\/style>/);
    expect(String(page.headers['content-security-policy'])).toMatch(/style-src 'self' 'sha256-/);
  });

  it('is not there with live Stripe keys, nor in development', async () => {
    for (const env of [{ ...PRODUCTION_OPT_INS, PAYMENTS: '', ...LIVE_STRIPE_KEYS }, {}]) {
      const app = await appWith(env);
      const res = await app.inject({ url: '/login' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain(messages.billing.testSite);
      expect(res.body).not.toContain('outpost-test-site');
    }
  });
});

describe("the sandbox gateway's browser routes", () => {
  it('answer 404 in production with Stripe as the gateway, and are served with PAYMENTS=sandbox', async () => {
    const intent = { intent: 'pi_abcdefghijkl' };
    const requests = [
      {
        method: 'POST' as const,
        url: buildPath(apiPaths.sandboxConfirmPayment, intent),
        payload: { client_secret: 'pi_abcdefghijkl_secret_x', payment_method: 'pm_x' },
      },
      {
        method: 'POST' as const,
        url: buildPath(apiPaths.sandboxConfirmSetup, { intent: 'seti_abcdefghijkl' }),
        payload: { client_secret: 'seti_abcdefghijkl_secret_x', payment_method: 'pm_x' },
      },
      {
        method: 'GET' as const,
        url: `${buildPath(apiPaths.sandboxAuthenticate, intent)}?client_secret=pi_abcdefghijkl_secret_x&return_url=%2Fbilling`,
      },
      {
        method: 'POST' as const,
        url: buildPath(apiPaths.sandboxAuthenticate, intent),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'client_secret=pi_abcdefghijkl_secret_x&outcome=approve&return_url=%2Fbilling',
      },
    ];
    const stripe = await appWith({ ...PRODUCTION_OPT_INS, PAYMENTS: '', ...LIVE_STRIPE_KEYS });
    expect(stripe.paymentGateway.mode).toBe('stripe');
    for (const request of requests) {
      const res = await stripe.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(errorOf(res), request.url).toBe(serverErrors.notFound);
    }
    const sandbox = await appWith(PRODUCTION_OPT_INS);
    expect(sandbox.paymentGateway.mode).toBe('sandbox');
  });
});

describe('the API docs', () => {
  it('are off in production unless API_DOCS=true, and on in development unless API_DOCS=false', async () => {
    const cases: [Record<string, string>, number][] = [
      [PRODUCTION_OPT_INS, 404],
      [{ ...PRODUCTION_OPT_INS, API_DOCS: 'true' }, 200],
      [{}, 200],
      [{ API_DOCS: 'false' }, 404],
    ];
    for (const [env, status] of cases) {
      const app = await appWith(env);
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await app.inject({ url });
        expect(res.statusCode, `${JSON.stringify(env)} ${url}`).toBe(status);
        if (status === 404) expect(errorOf(res)).toBe(serverErrors.routeNotFound);
      }
    }
  });
});

describe('TRUST_PROXY behind one proxy', () => {
  it('takes the address the proxy saw: 40 recovery requests with made-up X-Forwarded-For pass a limit of 30 only 30 times', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await app.inject({
        method: 'POST',
        url: apiPaths.recoverRequestPrepare,
        payload: { method: 'username', username: `nobody-proxy-${i}` },
        // The client wrote the first address; the proxy (10.0.0.2) appended the one it saw.
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(errorOf(res)).toBe(recoveryServerMessages.tooManyRequests);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // Another client behind the same proxy has a count of its own.
    const other = await app.inject({
      method: 'POST',
      url: apiPaths.recoverRequestPrepare,
      payload: { method: 'username', username: 'nobody-proxy-other' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.statusCode).toBe(200);
  });
});
