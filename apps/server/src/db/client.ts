import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The one database type the app uses: the PostgreSQL dialect, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The embedded instance, when this is PGlite (tests copy it with dumpDataDir). */
  pglite?: PGlite;
};

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

// Any fixed number: the advisory lock that serialises migrations across instances.
const MIGRATION_LOCK_ID = 7_310_042;

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can die (database restart, failover). Without a listener that error
  // would end the process; the pool replaces the connection on the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    console.warn(`database connection lost (${error.code ?? 'no code'}): ${error.message}`);
  });
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL (WebAssembly). `dataDir` undefined keeps it in memory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    pglite: client,
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
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
