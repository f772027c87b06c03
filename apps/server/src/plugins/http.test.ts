import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/test-app';
import { createTestContext, errorOf } from '../test/test-app';
import { buildApp } from '../app';
import { permissionsPolicy } from './security';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A fresh app (so a test may add a route) whose log lines the test reads. */
async function appWithLog() {
  const logLines: string[] = [];
  const app = await buildApp({
    config: ctx.config,
    database: ctx.database,
    logStream: {
      write: (line: string) => logLines.push(line),
    } as unknown as NodeJS.WritableStream,
  });
  return { app, logLines };
}

describe('error answers', () => {
  it('answers malformed JSON with 400 and a plain message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "holder",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: { error: 'Bad request: The request body could not be read.' },
    });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      payload: { username: 'holder', password: 'x'.repeat(70_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toBe('Bad request: The request is too large.');
  });

  it('answers wrong field types with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      payload: { username: 42, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Invalid request: username must be string; password must be string.');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await ctx.app.inject({ url: '/api/portal/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Invalid request: there is nothing at this address.');
  });

  it('keeps internals out of a 500 and puts them in the log', async () => {
    const { app, logLines } = await appWithLog();
    app.get('/api/test-explode', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    const res = await app.inject({ url: '/api/test-explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ data: { error: 'Internal error: please try again later.' } });
    expect(res.body).not.toContain('hunter2');
    expect(logLines.join('')).toContain('secret connection string');
    await app.close();
  });

  it('logs a failed query by its SQL and the database error, never its parameters', async () => {
    const { app, logLines } = await appWithLog();
    app.get('/api/test-bad-query', async () => {
      await ctx.database.db.execute(sql`select 1 / ${0} as boom, ${'typed-secret-1234'} as x`);
      return {};
    });
    const res = await app.inject({ url: '/api/test-bad-query' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('division by zero');
    expect(log).toContain('select 1 /');
    expect(log).not.toContain('typed-secret-1234');
  });

  it('serves the OpenAPI document at /api/docs/json', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/portal/users/login/');
  });

  it('reports the database in /api/health', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('what the HTTP parser refuses, written past every hook', () => {
  it('answers a broken request line with 400 and the security headers of every API answer', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/9\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    await app.close();
    const [head = '', body] = raw.split('\r\n\r\n');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
    );
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body ?? '')).toEqual({
      data: { error: 'Bad request: The request could not be read.' },
    });
    expect(headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': permissionsPolicy(),
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });
});
