import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { openPglite, openPostgres } from '../db/client';
import type { Clock } from '../lib/clock';
import { DEMO_PASSWORD } from '../seed/demo';

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
  logLines: string[];
  close: () => Promise<void>;
};

export async function createTestContext(
  options: { clock?: Clock; env?: Record<string, string>; database?: Database } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
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
