import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildPath } from '@outpost/contracts/api-paths';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { openPglite, openPostgres } from '../db/client';
import type { Clock } from '../lib/clock';
import { systemClock } from '../lib/clock';
import { users } from '../db/accounts.schema';
import { DEMO_PASSWORD } from '../seed/demo';
import { mintSession } from './sessions';

/** A database of its own for one test file, copied from the seeded one the global setup made. */
export async function openTestDatabase(poolSize = 4): Promise<Database> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `outpost_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = openPostgres(u.toString(), poolSize);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openPglite({ loadDataDir: new Blob([snapshot]) });
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-21T00:00:00Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's clock (sessions minted for personas are live at its time). */
  clock: Clock;
  logLines: string[];
  close: () => Promise<void>;
};

/**
 * The demo provider's business file: tests of Queensland's own words, hours and holidays pin it,
 * so they hold when the whole suite runs as another provider (OUTPOST_TEST_BUSINESS_FILE).
 */
export const QUEENSLAND_BUSINESS_FILE = fileURLToPath(
  new URL('../../../../content/business/queensland.json', import.meta.url),
);

export async function createTestContext(
  options: { clock?: Clock; env?: Record<string, string>; database?: Database } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
    // The whole suite as another provider (CI's Victorian run, issue 36): its business file.
    ...(process.env.OUTPOST_TEST_BUSINESS_FILE
      ? { BUSINESS_FILE: process.env.OUTPOST_TEST_BUSINESS_FILE }
      : {}),
    ...options.env,
  });
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database,
    logStream,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock: options.clock ?? systemClock,
    logLines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type Session = { userToken: string; refreshToken: string; userId: number };

export async function loginAs(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/portal/users/login/',
    payload: { username, password },
    remoteAddress,
  });
  if (res.statusCode !== 200)
    throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as {
    tokens: { type: string; token: string }[];
    user: { user_id: number };
  };
  return {
    userToken: data.tokens.find((t) => t.type === 'USER')!.token,
    refreshToken: data.tokens.find((t) => t.type === 'REFRESH')!.token,
    userId: data.user.user_id,
  };
}

export function errorOf(res: LightMyRequestResponse): string {
  return (res.json() as { data: { error: string } }).data.error;
}

/**
 * Who a test call is made as: a user id or a username (a live session is minted for them at the
 * app's clock, no login), a token as it is, or null for no token.
 */
export type Persona = number | string | { token: string } | null;

/** Where a call comes from (rate limits count per address). */
export type CallOptions = { remoteAddress?: string };

const SESSION_REUSE_MS = 10 * 60 * 1000; // a USER token lives 15 minutes

/**
 * Calls to the API as personas: get, post, patch, and prepare-then-commit. `who` defaults to the
 * persona given here. `context` may be a function, for a context a `beforeAll` creates.
 */
export function apiFor(context: TestContext | (() => TestContext), defaultPersona: Persona = null) {
  const current = typeof context === 'function' ? context : () => context;
  const sessions = new Map<number, { token: string; at: number }>();

  async function userIdOf(username: string): Promise<number> {
    const [user] = await current()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    if (!user) throw new Error(`no user ${username}`);
    return user.id;
  }

  /** The persona's USER token: one minted session per user, again once the clock has moved on. */
  async function tokenOf(who: Persona): Promise<string | undefined> {
    if (who === null) return undefined;
    if (typeof who === 'object') return who.token;
    const userId = typeof who === 'number' ? who : await userIdOf(who);
    const ctx = current();
    const now = ctx.clock().getTime();
    const known = sessions.get(userId);
    if (known && now >= known.at && now - known.at < SESSION_REUSE_MS) return known.token;
    const { userToken } = await mintSession(ctx.database.db, userId, 'live', new Date(now));
    sessions.set(userId, { token: userToken, at: now });
    return userToken;
  }

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload: object | undefined,
    who: Persona,
    options: CallOptions,
  ) {
    const token = await tokenOf(who);
    return current().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: token === undefined ? {} : { 'x-user-token': token },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }

  return {
    tokenOf,
    get: (url: string, who = defaultPersona, options: CallOptions = {}) =>
      call('GET', url, undefined, who, options),
    post: (url: string, payload: object, who = defaultPersona, options: CallOptions = {}) =>
      call('POST', url, payload, who, options),
    patch: (url: string, payload: object, who = defaultPersona, options: CallOptions = {}) =>
      call('PATCH', url, payload, who, options),
    /**
     * Prepare, then commit with the csrf it returned (paths as in api-paths, filled from
     * `params`). Answers the commit, or the prepare when that failed.
     */
    prepareCommit: async (
      paths: { prepare: string; commit: string; params?: Record<string, string | number> },
      body: object,
      who = defaultPersona,
      options: CallOptions = {},
    ) => {
      const params = paths.params ?? {};
      const prepared = await call('POST', buildPath(paths.prepare, params), body, who, options);
      if (prepared.statusCode !== 200) return prepared;
      const { csrf } = prepared.json().data as { csrf: string };
      return call('POST', buildPath(paths.commit, params), { ...body, csrf }, who, options);
    },
  };
}

export type Api = ReturnType<typeof apiFor>;
