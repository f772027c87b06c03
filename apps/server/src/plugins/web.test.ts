import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import type { FastifyInstance } from 'fastify';

let dist: string;
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'outpost-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="theme-color" content="#0a4f8f" /><!--outpost-brand--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: dist,
    PROVIDER_NAME: 'Red Dirt Internet </script><script>alert(1)</script>',
  });
  app = await buildApp({ config, database });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves index.html with the brand injected and safely escaped', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      'window.__OUTPOST_BRAND__={"providerName":"Red Dirt Internet \\u003c/script>',
    );
    expect(res.body).not.toContain('</script><script>alert(1)');
    // The Contact page's hours from the business file (docs/decisions/042), in the same script.
    expect(res.body).toContain(
      '"business":{"timeZone":"Australia/Brisbane","hours":[{"team":"Sales & Accounts","hours":"Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed"},{"team":"Technical Support","hours":"Monday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed"}]}}</script>',
    );
  });

  it("puts the brand's colours in before the first paint, the style's hash in the policy", async () => {
    const res = await app.inject({ url: '/login' });
    const style = /<style>([^<]*)<\/style>/.exec(res.body)?.[1];
    expect(style).toContain(':root:root{--color-primary:#0a4f8f;--color-primary-hover:#083d6f;');
    expect(style).toContain('--color-on-primary:#ffffff');
    const hash = createHash('sha256').update(style!).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(
      `style-src 'self' 'sha256-${hash}'`,
    );
    expect(res.body).toContain('<meta name="theme-color" content="#0a4f8f" />');
  });

  it("serves the brand's logo as an image, cached and versioned", async () => {
    const page = await app.inject({ url: '/' });
    const logoUrl = /"logoUrl":"([^"]+)"/.exec(page.body)?.[1];
    expect(logoUrl).toMatch(/^\/brand\/logo\.svg\?v=/);
    const res = await app.inject({ url: logoUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const again = await app.inject({
      url: '/brand/logo.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a repeat visit with 304 when the page has not changed', async () => {
    const first = await app.inject({ url: '/login' });
    const again = await app.inject({
      url: '/login',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the page compressed on every path, and plain to clients that cannot decode it', async () => {
    for (const url of ['/', '/login', '/no/such/page']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toBe('accept-encoding');
    }
    const gzip = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('serves the page for known routes, including ones with parameters', async () => {
    for (const url of [
      '/login',
      '/services/usage',
      '/support/guides/privacy-policy',
      '/support/outpost-customer-terms',
      '/embed/usage/abc',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('serves the page with status 404 for unknown paths', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toMatch(/br|gzip/);
  });

  it('serves the service worker for revalidation on every visit', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest from the brand: name, colours, icons (maskable too)', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json<{
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    }>();
    expect(manifest.name).toBe('Red Dirt Internet </script><script>alert(1)</script>');
    expect(manifest).toMatchObject({
      start_url: '/',
      display: 'standalone',
      theme_color: '#0a4f8f',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});
