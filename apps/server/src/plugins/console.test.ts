import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { CONSOLE_POLICY } from './console';

let dist: string;
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'outpost-console-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="" /><script type="module" src="/console/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("console");');
  database = await openTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONSOLE_DIST: dist }),
    database,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const nonceOf = (policy: string) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];

describe('the staff console at /console/', () => {
  it('answers every console path with its page, under its own policy and a fresh nonce', async () => {
    const first = await app.inject({ url: '/console/customers/100001' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    // None of the customer pages' outside origins or inline-script hashes.
    expect(policy).not.toContain('sha256-');
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).toContain(`<meta name="csp-nonce" content="${nonce}">`);

    const second = await app.inject({ url: '/console/' });
    expect(nonceOf(String(second.headers['content-security-policy']))).not.toBe(nonce);
    expect((await app.inject({ url: '/console' })).headers.location).toBe('/console/');
  });

  it('serves its assets immutable, and a missing one as 404 (not the page)', async () => {
    const asset = await app.inject({ url: '/console/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe(CONSOLE_POLICY);
    const missing = await app.inject({ url: '/console/assets/index-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('leaves the customer pages their own policy', async () => {
    const page = await app.inject({ url: '/login' });
    expect(String(page.headers['content-security-policy'])).not.toContain('nonce-');
  });
});
