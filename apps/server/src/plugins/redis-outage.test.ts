import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../seed/demo';
import { DEMO_STAFF_TOTP_SECRET } from '../seed/staff';
import { mintSession } from '../test/sessions';
import type { TestContext } from '../test/test-app';
import { createTestContext, errorOf } from '../test/test-app';

/**
 * With REDIS_URL set, rate-limit counters live in Redis. When Redis cannot be reached, or stops
 * answering mid-run, the calls that count (login, recovery, step-up send, staff login) answer a
 * quick 503 with Retry-After in the usual shape, as for a lost database, never a 500 after
 * seconds; and they work again once Redis is back.
 */

const HOLDER = 5001;

/**
 * A tiny Redis of our own on a local port: enough of RESP for the rate-limit store (the
 * connection's INFO ready check, MULTI/INCR/PEXPIRE/PTTL/EXEC, DEL, PING, QUIT). It can go away
 * (`stop`: its port closes, open connections are cut) or hang (connections stay open, nothing
 * answers), and come back on the same port (`start`).
 */
class FakeRedis {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  private counters = new Map<string, { count: number; expiresAt: number | null }>();
  private hanging = false;
  port = 0;
  commands = 0;

  async start(): Promise<void> {
    this.hanging = false;
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    this.server = undefined;
  }

  hang(): void {
    this.hanging = true;
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let queued: string[][] | null = null;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const parsed = parseCommand(buffer);
        if (!parsed) return;
        buffer = buffer.subarray(parsed.length);
        if (this.hanging) continue;
        this.commands += 1;
        const [name = '', ...args] = parsed.command;
        const upper = name.toUpperCase();
        if (upper === 'MULTI') {
          queued = [];
          socket.write('+OK\r\n');
        } else if (upper === 'EXEC') {
          const replies = (queued ?? []).map((c) => this.run(c));
          queued = null;
          socket.write(`*${replies.length}\r\n${replies.join('')}`);
        } else if (queued) {
          queued.push(parsed.command);
          socket.write('+QUEUED\r\n');
        } else {
          socket.write(this.run([name, ...args]));
          if (upper === 'QUIT') socket.end();
        }
      }
    });
  }

  private run([name = '', key = '', value]: string[]): string {
    const now = Date.now();
    const live = this.counters.get(key);
    const entry = live && (live.expiresAt === null || live.expiresAt > now) ? live : undefined;
    switch (name.toUpperCase()) {
      case 'INFO': {
        const info = '# Server\r\nredis_version:7.2.0\r\nloading:0\r\n';
        return `$${Buffer.byteLength(info)}\r\n${info}\r\n`;
      }
      case 'INCR': {
        const next = { count: (entry?.count ?? 0) + 1, expiresAt: entry?.expiresAt ?? null };
        this.counters.set(key, next);
        return `:${next.count}\r\n`;
      }
      case 'PEXPIRE':
        if (!entry || entry.expiresAt !== null) return ':0\r\n';
        entry.expiresAt = now + Number(value);
        return ':1\r\n';
      case 'PTTL':
        if (!entry) return ':-2\r\n';
        return entry.expiresAt === null ? ':-1\r\n' : `:${entry.expiresAt - now}\r\n`;
      case 'DEL':
        return `:${this.counters.delete(key) ? 1 : 0}\r\n`;
      case 'PING':
        return '+PONG\r\n';
      default:
        return '+OK\r\n';
    }
  }
}

/** One RESP command (an array of bulk strings) from the front of `buffer`, if complete. */
function parseCommand(buffer: Buffer): { command: string[]; length: number } | null {
  const text = buffer.toString('latin1');
  if (!text.startsWith('*')) return null;
  let at = text.indexOf('\r\n');
  if (at < 0) return null;
  const count = Number(text.slice(1, at));
  let offset = at + 2;
  const command: string[] = [];
  for (let i = 0; i < count; i++) {
    at = text.indexOf('\r\n', offset);
    if (at < 0) return null;
    const size = Number(text.slice(offset + 1, at));
    const start = at + 2;
    if (text.length < start + size + 2) return null;
    command.push(text.slice(start, start + size));
    offset = start + size + 2;
  }
  return { command, length: offset };
}

/** A request and how long its answer took, in milliseconds. */
async function timed(
  send: () => Promise<LightMyRequestResponse>,
): Promise<{ res: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const res = await send();
  return { res, ms: performance.now() - started };
}

/** The four calls that count in the rate-limit store, each as a fresh request. */
function countedCalls(ctx: TestContext, userToken: string, ip: string) {
  const code = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF_TOTP_SECRET) }).generate();
  return {
    login: () =>
      ctx.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { username: 'holder', password: DEMO_PASSWORD },
        remoteAddress: ip,
      }),
    recovery: () =>
      ctx.app.inject({
        method: 'POST',
        url: apiPaths.recoverRequestPrepare,
        payload: { method: 'username', username: 'holder' },
        remoteAddress: ip,
      }),
    stepUpSend: () =>
      ctx.app.inject({
        method: 'POST',
        url: apiPaths.stepUpSend,
        headers: { 'x-user-token': userToken },
        payload: {},
        remoteAddress: ip,
      }),
    staffLogin: () =>
      ctx.app.inject({
        method: 'POST',
        url: apiPaths.staffLogin,
        payload: { email: 'sam.support@outpost.example', password: DEMO_PASSWORD, code },
        remoteAddress: ip,
      }),
  };
}

/** Each call answers the clean 503 with Retry-After, within `withinMs`. */
async function expectQuickUnavailable(
  calls: ReturnType<typeof countedCalls>,
  withinMs: number,
): Promise<void> {
  for (const [name, call] of Object.entries(calls)) {
    const { res, ms } = await timed(call);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
    expect(errorOf(res), name).toBe(serverErrors.unavailable);
    expect(res.headers['retry-after'], name).toBe('5');
    expect(res.body, name).not.toMatch(/redis|ECONNREFUSED|127\.0\.0\.1|timed out/i);
    expect(ms, `${name} answered after ${Math.round(ms)} ms`).toBeLessThan(withinMs);
  }
}

describe('a Redis that cannot be reached', () => {
  let ctx: TestContext;
  let userToken: string;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    ctx = await createTestContext({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    ({ userToken } = await mintSession(ctx.database.db, HOLDER));
  });
  afterAll(async () => ctx.close());

  it('answers login, recovery, step-up send and staff login with a quick 503 and Retry-After', async () => {
    const calls = countedCalls(ctx, userToken, '192.0.2.20');
    await expectQuickUnavailable(calls, 1000);
    // And again, once the client has given up its first connection attempts.
    await expectQuickUnavailable(calls, 1000);
  });
});

describe('a Redis that goes away mid-run', () => {
  const redis = new FakeRedis();
  let ctx: TestContext;
  let userToken: string;
  beforeAll(async () => {
    await redis.start();
    ctx = await createTestContext({ env: { REDIS_URL: `redis://127.0.0.1:${redis.port}` } });
    ({ userToken } = await mintSession(ctx.database.db, HOLDER));
  });
  afterAll(async () => {
    await ctx.close();
    await redis.stop();
  });

  it('answers 503 quickly while it hangs or is gone, and works again when it is back', async () => {
    const calls = countedCalls(ctx, userToken, '192.0.2.21');
    const before = await calls.login();
    expect(before.statusCode, before.body).toBe(200);
    expect(redis.commands).toBeGreaterThan(0);

    // It stops answering, its connections still open.
    redis.hang();
    await expectQuickUnavailable(calls, 1500);

    // It goes away: its port closes.
    await redis.stop();
    await expectQuickUnavailable(calls, 1000);

    // Back on the same port: the client reconnects by itself within a few seconds.
    await redis.start();
    let after: LightMyRequestResponse | undefined;
    for (let i = 0; i < 40 && after?.statusCode !== 200; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      after = await calls.login();
    }
    expect(after?.statusCode, after?.body).toBe(200);
  });
});
