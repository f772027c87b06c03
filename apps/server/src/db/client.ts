import { DrizzleQueryError } from 'drizzle-orm/errors';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { paths } from '../paths';

/** The one database type the app uses: the PostgreSQL dialect, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string (PostgreSQL): the job queue opens its own pool with it. */
  url?: string;
  migrate: () => Promise<void>;
  /**
   * Runs `work` while holding the start-up lock (PostgreSQL: a session advisory lock on a
   * connection of its own, outside the pool), so instances starting together migrate and seed
   * one after the other (docs/decisions/029). PGlite belongs to one process: it just runs `work`.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** The embedded instance, when this is PGlite (tests copy it with dumpDataDir). */
  pglite?: PGlite;
  /** The pool's connections (PostgreSQL only): for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export const migrationsFolder = paths.migrations;

// Any fixed numbers: the advisory locks that serialise migrations, and the whole start-up
// (migrations, then the demo seed of an empty database), across instances.
const MIGRATION_LOCK_ID = 7_310_042;
const STARTUP_LOCK_ID = 7_310_043;

/**
 * pg's Client, given each query's options as an object that inherits them. pg copies the options
 * of every query by their property descriptors (Object.getOwnPropertyDescriptors), about 2 µs a
 * query on this machine and a copy slow to read; drizzle hands it a plain object of three (name,
 * text, types) each time. An object inheriting them has none of its own, so the copy is an empty
 * object with the same prototype: what the query reads is the same (issue 38).
 */
export class Client extends pg.Client {}
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
Client.prototype.query = function query(
  this: pg.Client,
  config: unknown,
  values?: unknown,
  callback?: unknown,
) {
  const options =
    config !== null &&
    typeof config === 'object' &&
    Object.getPrototypeOf(config) === Object.prototype &&
    typeof (config as { submit?: unknown }).submit !== 'function'
      ? (Object.create(config) as object)
      : config;
  return clientQuery.call(this, options, values, callback);
} as typeof pg.Client.prototype.query;

export function openPostgres(url: string, poolSize = 10): Database {
  // A request waits at most 5 s for a connection (an unreachable database answers 503, not never).
  const pool = new pg.Pool({
    Client,
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  const lost = (error: Error & { code?: string }) => {
    console.warn(`database connection lost (${error.code ?? 'no code'}): ${error.message}`);
  };
  // A connection can die at any time (database restart, failover, a terminated backend). The pool
  // listens only while a connection is idle; one that dies while checked out (inside a
  // transaction, between two statements) emits 'error' on the client itself, and without a
  // listener that ends the process. Every client gets one for its whole life: the query in flight
  // fails on its own (a 503, see isConnectionLost), and the pool drops the dead client when it is
  // released and opens a new one on demand.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzlePg(pool);
  // drizzle's pooled transaction sends BEGIN before its try block: when BEGIN fails on a dead
  // connection the client is never released, and repeated losses drain the pool until every
  // request waits forever. Check the client out here instead, run drizzle's transaction on that one
  // client, and always give it back (with the error when the connection is gone, so the pool
  // drops it).
  const transaction: typeof db.transaction = async (run, config) => {
    const client = await pool.connect();
    let lostWith: Error | undefined;
    try {
      return await drizzlePg(client).transaction(run as never, config);
    } catch (error) {
      if (isConnectionLost(error)) lostWith = error as Error;
      throw error;
    } finally {
      client.release(lostWith);
    }
  };
  db.transaction = transaction;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    url,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    exclusively: async (work) => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      client.on('error', lost);
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        // Ending the session releases the lock, also when `work` failed.
        await client.end().catch(() => {});
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Embedded PostgreSQL (WebAssembly). `dataDir` undefined keeps it in memory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // Trigram matching for the staff search (decision 051), as PostgreSQL's contrib gives it.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (work) => work(),
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * SQLSTATE classes and codes that mean the connection (not the statement) failed: the server
 * shut down or is starting (57P01-57P03), the connection broke (08...), or the server is out of
 * connections (53300). The driver's own errors for a dead socket carry no SQLSTATE.
 */
const LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const LOST_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

/**
 * Whether an error means the database could not be reached or the connection was lost mid-request.
 * Such a request is answered 503 and not retried: its transaction rolled back, or (when the
 * connection died during COMMIT) may have committed; the caller re-reads, prepare/commit replays.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
    if (LOST_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * Runs `work` in one transaction and returns what it returns. It goes through `db.transaction`,
 * so on PostgreSQL the wrapper of openPostgres (which always gives its client back) applies.
 * The transaction is typed as a `Db`: the functions that take a database take it unchanged.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How many migrations of the folder the database has not applied yet (all: none ever ran). */
export async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  let applied = 0;
  try {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    applied = row?.n ?? 0;
  } catch {
    // No migrations table yet.
  }
  return Math.max(0, journal.entries.length - applied);
}

/** Whether every migration in the folder has been applied (readiness). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  return (await pendingMigrations(db)) === 0;
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type PreparingDb = {
  session: PgSession;
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
};

type PreparedRaw = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * A raw statement run as a named prepared statement: PostgreSQL plans it once per connection
 * instead of on every call (for the hot reads, planning cost more than running), and its SQL
 * text is built once per database, not on every call. Values go in through
 * `sql.placeholder(name)`; `name` must be unique to this statement. PGlite runs it as a plain
 * query.
 */
export function preparedStatement<T, V extends Record<string, unknown>>(
  name: string,
  query: SQL,
): (db: Db, values: V) => Promise<T[]> {
  const prepared = new WeakMap<Db, PreparedRaw>();
  return async (db, values) => {
    let statement = prepared.get(db);
    if (!statement) {
      const { session, dialect } = db as unknown as PreparingDb;
      statement = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
      prepared.set(db, statement);
    }
    const result = (await statement.execute(values)) as { rows: T[] };
    return result.rows;
  };
}

/** Whether a statement failed on a unique index (SQLSTATE 23505), as drizzle wraps it or not. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  return (cause as { code?: unknown } | undefined)?.code === '23505';
}
