import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@outpost/contracts/api-routes';
import { paths } from '../paths';
import type { TestContext } from '../test/test-app';
import { createTestContext } from '../test/test-app';
import { SECURITY_BY_ACCESS } from './api-docs';
import { DOCS_POLICY } from './security';

let ctx: TestContext;
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown;
  responses: Record<string, unknown>;
};
let doc: {
  openapi: string;
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portal.outpost-demo.net' } });
  doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
}, 60_000);
afterAll(async () => ctx.close());

/** The document's path for an inventory path (`:serviceid` is `{serviceid}`). */
const openApiPath = (p: string) => p.replace(/:([a-zA-Z_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.0.3 with PUBLIC_URL as its server and only /api/ paths', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([
      expect.objectContaining({ url: 'https://portal.outpost-demo.net' }),
    ]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    expect(Object.keys(doc.paths)).not.toContain('/api/docs/json');
    expect(
      Object.fromEntries(
        Object.entries(doc.components.securitySchemes).map(([k, v]) => [k, v.name]),
      ),
    ).toEqual({
      userToken: 'X-User-Token',
      refreshToken: 'X-Refresh-Token',
      serviceKey: 'X-Service-Key',
      staffToken: 'X-Staff-Token',
    });
  });

  it('has one operation per inventory row, named by its id, with its summary and its security', () => {
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations).toHaveLength(apiRoutes.length);
    for (const route of apiRoutes) {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, route.id).toBeDefined();
      expect(operation!.operationId).toBe(route.id);
      expect(operation!.summary).toBe(route.summary);
      expect(operation!.security, route.id).toEqual(SECURITY_BY_ACCESS[route.access]);
      expect(Object.keys(operation!.responses), route.id).toContain('200');
    }
    // Public routes declare none; the rest name the header the auth hook reads.
    expect(doc.paths['/api/portal/users/login/']!.post!.security).toEqual([]);
    expect(doc.paths['/api/portal/users/current/dashboard/']!.get!.security).toEqual([
      { userToken: [] },
    ]);
  });
});

describe('the docs page', () => {
  it('serves Swagger UI under its own policy: no inline script, files from our origin', async () => {
    const page = await ctx.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_POLICY);
    expect(DOCS_POLICY).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(DOCS_POLICY).toContain("script-src 'self';");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\//);
      expect(body!.trim()).toBe('');
    }
    for (const [, src] of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const asset = await ctx.app.inject({ url: src! });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-security-policy'], src).toBe(DOCS_POLICY);
    }
    const init = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
    expect(init.body).not.toContain('validator.swagger.io');
    const json = await ctx.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('Redocly lint (recommended ruleset, redocly.yaml)', () => {
  it('finds no problem in the live document', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outpost-openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = path.join(paths.appRoot, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(paths.appRoot, 'redocly.yaml'), '--format', 'json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout: string }) => error);
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; message: string }[] })
      .problems;
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  }, 60_000);
});
