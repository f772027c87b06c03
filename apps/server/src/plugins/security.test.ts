import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@outpost/contracts/api-routes';
import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { mintSession } from '../test/sessions';
import type { TestContext } from '../test/test-app';
import { createTestContext, errorOf } from '../test/test-app';
import { PRODUCTION_OPT_INS } from '../test/production-env';
import { DOCS_POLICY, loggableUrl, permissionsPolicy } from './security';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ userToken: token } = await mintSession(ctx.database.db, 5001));
});
afterAll(async () => ctx.close());

const badCharacters = serverErrors.badCharacters;
const PERMISSIONS =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()';

describe('browser security headers', () => {
  it('send a self-only policy on pages and a load-nothing one on API answers, both refusing framing', async () => {
    for (const url of ['/', '/login', '/no-such-page', apiPaths.health, '/api/portal/nothing/']) {
      const res = await ctx.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      if (url.startsWith('/api/')) {
        expect(csp, url).toBe("default-src 'none'; frame-ancestors 'none'");
      } else {
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("script-src 'self';");
      }
      expect(csp, url).not.toContain('unsafe-inline');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      // HSTS only in production (a development server on http://localhost must stay reachable).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('add HSTS in production, and the configured gateway and chat origins to the policy', async () => {
    const config = loadConfig({
      ...PRODUCTION_OPT_INS,
      WEB_DIST: '/nonexistent',
      CSP_SCRIPT_SOURCES: 'https://js.stripe.com',
      CSP_FRAME_SOURCES: 'https://js.stripe.com https://hooks.stripe.com',
      CSP_CONNECT_SOURCES: 'https://api.stripe.com',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database: ctx.database });
    const res = await app.inject({ url: '/login' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain('upgrade-insecure-requests');
    // Payment requests only from the card gateway's frame, when that is Stripe's.
    expect(res.headers['permissions-policy']).toBe(
      PERMISSIONS.replace('payment=()', 'payment=(self "https://js.stripe.com")'),
    );
    expect(permissionsPolicy()).toBe(PERMISSIONS);
    const api = await app.inject({ url: apiPaths.health });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });

  it("name the chat vendor's origins in the page's policy only when a chat licence is set", async () => {
    const policyWith = async (env: Record<string, string>) => {
      const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ...env });
      const app = await buildApp({ config, database: ctx.database });
      const res = await app.inject({ url: '/services/usage' });
      await app.close();
      return String(res.headers['content-security-policy']);
    };
    const off = await policyWith({});
    expect(off).not.toContain('livechatinc');
    expect(off).toContain("script-src 'self';");
    expect(off).toContain("frame-src 'none'");
    const on = await policyWith({ LIVECHAT_LICENSE: '12345678' });
    expect(on).toContain("script-src 'self' https://cdn.livechatinc.com;");
    expect(on).toMatch(/frame-src https:\/\/secure\.livechatinc\.com(;|$)/);
    expect(on).toContain("connect-src 'self' https://*.livechatinc.com wss://*.livechatinc.com;");
    // Still nothing inline but the page's own hashed scripts.
    expect(on).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('let the inline scripts of the page as served run by their hashes, and no others', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outpost-web-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head><!--outpost-brand--><script>preload()</script><script type="module" src="/assets/a.js"></script></head></html>',
    );
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: dir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: ctx.database });
    const page = await app.inject({ url: '/' });
    await app.close();
    const inline = [...page.body.matchAll(/<script>(.*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    expect(inline).toHaveLength(2); // the brand and the preloader
    expect(String(page.headers['content-security-policy'])).toContain(
      `script-src 'self' ${inline.join(' ')};`,
    );
  });
});

describe('security headers on every kind of response', () => {
  it('are sent on API answers, errors, pages, assets, staff pages, the docs, /metrics and health', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outpost-web-'));
    writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'a.js'), 'console.log(1)');
    const metricsToken = 'metrics-token-0123456789abcdef';
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: dir,
      LOG_LEVEL: 'silent',
      METRICS_TOKEN: metricsToken,
      LOGIN_LIMIT_PER_USERNAME: '1',
      EMBED_FRAME_ANCESTORS: 'https://www.provider.example https://help.provider.example',
    });
    const app = await buildApp({ config, database: ctx.database });
    app.get('/api/test-boom', async () => {
      throw new Error('boom');
    });
    const wrongLogin = { username: 'viewer', password: 'wrong-password-1' };
    await app.inject({ method: 'POST', url: apiPaths.login, payload: wrongLogin });
    const api = "default-src 'none'; frame-ancestors 'none'";
    const kinds: [
      string,
      { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; payload?: object },
      number,
      string,
    ][] = [
      ['API JSON', { url: apiPaths.dashboard, headers: { 'x-user-token': token } }, 200, api],
      ['404 API', { url: '/api/portal/nothing/' }, 404, api],
      ['401', { url: apiPaths.currentUser }, 401, api],
      ['429', { method: 'POST', url: apiPaths.login, payload: wrongLogin }, 429, api],
      ['500', { url: '/api/test-boom' }, 500, api],
      ['health', { url: apiPaths.health }, 200, api],
      ['ready', { url: apiPaths.healthReady }, 200, api],
      [
        'metrics',
        { url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } },
        200,
        api,
      ],
      ['metrics 401', { url: '/metrics' }, 401, api],
      ['docs JSON', { url: '/api/docs/json' }, 200, api],
      ['docs page', { url: '/api/docs' }, 200, DOCS_POLICY],
      ['page', { url: '/' }, 200, 'page'],
      ['page 404', { url: '/no-such-page' }, 404, 'page'],
      ['asset', { url: '/assets/a.js' }, 200, 'page'],
      ['staff link page', { url: '/staff-login/verify?t=x' }, 200, 'page'],
      ['staff usage page', { url: '/staff-usage/200101/verify?t=x' }, 200, 'page'],
      ['embedded usage', { url: '/embed/usage/abcdef0123456789' }, 200, 'embed'],
    ];
    for (const [kind, request, status, policy] of kinds) {
      const res = await app.inject(request);
      expect(res.statusCode, kind).toBe(status);
      const csp = String(res.headers['content-security-policy']);
      expect(res.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(res.headers['referrer-policy'], kind).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy'], kind).toBe('same-origin');
      expect(res.headers['permissions-policy'], kind).toBe(PERMISSIONS);
      expect(res.headers['x-request-id'], kind).toBeTruthy();
      expect(csp, kind).not.toMatch(/unsafe-inline|unsafe-eval/);
      if (policy === 'page') {
        expect(csp, kind).toContain("default-src 'self'");
        expect(csp, kind).toContain("frame-ancestors 'none'");
      } else if (policy === 'embed') {
        expect(csp, kind).toContain("default-src 'self'");
        expect(csp, kind).toContain(
          'frame-ancestors https://www.provider.example https://help.provider.example',
        );
      } else {
        expect(csp, kind).toBe(policy);
      }
      expect(res.headers['x-frame-options'], kind).toBe(policy === 'embed' ? undefined : 'DENY');
      // API answers are never kept by shared caches: errors 'no-store', a successful read
      // 'private, no-cache' with its ETag (decision 032) unless its route says 'no-store'.
      if (request.url.startsWith('/api/') && kind !== 'docs page') {
        const read = status === 200 && (request.method ?? 'GET') === 'GET';
        if (kind === 'API JSON')
          expect(res.headers['cache-control'], kind).toBe('private, no-cache');
        else if (read)
          expect(res.headers['cache-control'], kind).toMatch(/^(no-store|private, no-cache)$/);
        else expect(res.headers['cache-control'], kind).toBe('no-store');
      }
    }
    await app.close();
    // Without EMBED_FRAME_ANCESTORS the embedded page refuses framing like every other.
    const embed = await ctx.app.inject({ url: '/embed/usage/abcdef0123456789' });
    expect(String(embed.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(embed.headers['x-frame-options']).toBe('DENY');
  });
});

describe('caching of personal answers', () => {
  it('marks login and refresh no-store, and personal reads private and revalidated (ETag)', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: 'Outpost-demo-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = login.json().data.tokens.find((t: { type: string }) => t.type === 'REFRESH');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.refresh,
      headers: { 'x-refresh-token': refresh.token },
    });
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const failed = await ctx.app.inject({ url: apiPaths.currentUser });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
    for (const url of [apiPaths.currentUser, apiPaths.services, apiPaths.dashboard]) {
      const res = await ctx.app.inject({ url, headers: { 'x-user-token': token } });
      expect(res.statusCode, url).toBe(200);
      // The browser may keep them but must ask first; no shared cache keeps them (decision 032).
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
  });
});

describe('text at the edge', () => {
  it('refuses a NUL or broken text in a login or recovery field with 400, not a 500', async () => {
    const bodies: [string, object][] = [
      [apiPaths.login, { username: 'hol\u0000der', password: 'x' }],
      [apiPaths.login, { username: 'holder\ud800', password: 'x' }],
      [apiPaths.login, { username: 'holder', password: 'pass\u0007word' }],
      [apiPaths.recoverRequestPrepare, { method: 'username', username: 'a\u0000' }],
      [apiPaths.recoverRequestPrepare, { method: 'email', email: 'a@b.co\udc00' }],
      [
        apiPaths.recoverVerifyPrepare,
        { method: 'sms', mobile: '0491\u0000570110', code: '123456' },
      ],
    ];
    for (const [url, payload] of bodies) {
      const res = await ctx.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res)).toBe(badCharacters);
    }
    // Nothing about them reached the log as SQL.
    expect(ctx.logLines.join('')).not.toMatch(/Failed query|select .* from users/i);
  });

  it('refuses control characters in the path and the query', async () => {
    const inPath = await ctx.app.inject({
      url: '/api/portal/services/%00/',
      headers: { 'x-user-token': token },
    });
    expect(errorOf(inPath)).toBe(badCharacters);
    const query = await ctx.app.inject({
      url: '/api/portal/blogs/?c=%1B%5B31m',
      headers: { 'x-user-token': token },
    });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query)).toBe(badCharacters);
  });

  it('keeps tabs and new lines, which people do type', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: 'not\tthe\npassword' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes only digit strings as ids', async () => {
    for (const id of ['200101.0', '%20200101', '2e5', '+200101', '0x30e25']) {
      const res = await ctx.app.inject({
        url: `/api/portal/services/${id}/availableplans/`,
        headers: { 'x-user-token': token },
      });
      expect(res.statusCode, id).toBe(400);
    }
    const ok = await ctx.app.inject({
      url: '/api/portal/services/200101/availableplans/',
      headers: { 'x-user-token': token },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('what the HTTP parser refuses', () => {
  it('answers a 70 KB address with 431 in the error shape', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const res = await new Promise<{
      status: number;
      body: string;
      type: string;
      headers: Record<string, unknown>;
    }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/api/health?x=${'a'.repeat(70_000)}` },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body,
              type: String(response.headers['content-type']),
              headers: response.headers,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    await app.close();
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ data: { error: serverErrors.headersTooLarge } });
    // Written straight to the socket, past every hook: the API answers' security headers still.
    expect(res.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': PERMISSIONS,
    });
  });
});

describe('logged addresses', () => {
  it('never hold a query string or a one-time code', async () => {
    expect(loggableUrl('/forgot-password/verify?code=493817&username=holder')).toBe(
      '/forgot-password/verify?[redacted]',
    );
    expect(loggableUrl('/embed/usage/abcdef0123456789')).toBe('/embed/usage/[redacted]');
    expect(loggableUrl('/api/portal/services/')).toBe('/api/portal/services/');
    const before = ctx.logLines.length;
    await ctx.app.inject({ url: '/forgot-password/verify?code=493817&username=holder' });
    await ctx.app.inject({ url: '/embed/usage/otc-secret-0123456789' });
    const log = ctx.logLines.slice(before).join('');
    expect(log).toContain('/forgot-password/verify?[redacted]');
    expect(log).not.toContain('493817');
    expect(log).not.toContain('otc-secret-0123456789');
  });
});

describe('the API document and the spec paths', () => {
  it('lists only API routes, and serves the embedded usage login at the spec path', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(Object.keys(doc.paths)).toContain('/api/portal/users/usageONLYlogin/');
    expect(apiRoutes.some((r) => r.path === '/api/portal/users/usageONLYlogin/')).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/usageONLYlogin/',
      payload: { otc: 'not-a-real-code-1234' },
    });
    expect(res.statusCode).toBe(401);
  });
});
