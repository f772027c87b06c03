import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { migrationsApplied, openPglite, openPostgres } from '../db/client';
import { accounts, permissionDefinitions, roles } from '../db/accounts.schema';
import { permissionDefinitions as permissionCatalogue } from '@outpost/contracts/permissions';
import { roleDefinitions } from '@outpost/contracts/roles';
import { migrateDatabase, PendingMigrationsError, prepareDatabase } from './prepare';

const pgUrl = process.env.DATABASE_URL;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Two instances started at once on one empty database (the two-instance run, docs/decisions/029).
// PGlite belongs to one process, so this is PostgreSQL's only.
describe.skipIf(!pgUrl)('two instances starting together on an empty database', () => {
  // A name the global teardown drops too (outpost_t_<runner pid>_...), should this file stop early.
  const name = `outpost_t_${process.ppid}_start_${randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];

  afterAll(async () => {
    for (const database of opened) await database.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('migrate it and seed it once, and both start', { timeout: 180_000 }, async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const first = openPostgres(withDatabase(pgUrl!, name), 2);
    const second = openPostgres(withDatabase(pgUrl!, name), 2);
    opened.push(first, second);

    const results = await Promise.all([
      prepareDatabase(first, 'demo'),
      prepareDatabase(second, 'demo'),
    ]);

    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(await migrationsApplied(first.db)).toBe(true);
    const [row] = await second.db.select({ n: count() }).from(accounts);
    // The demo provider's accounts, once (a second seed would have doubled nothing: it failed).
    expect(row?.n).toBeGreaterThan(0);
    const again = await prepareDatabase(second, 'demo');
    expect(again.seeded).toBe(false);
    const [after] = await first.db.select({ n: count() }).from(accounts);
    expect(after?.n).toBe(row?.n);
  });
});

// MIGRATE_ON_START=false (docs/decisions/048): start-up refuses while a migration is pending;
// `migrate` applies them and says how many.
describe('starting without migrating', () => {
  it('refuses to start while migrations are pending, naming the command, then starts once migrate ran', async () => {
    const database = await openPglite();
    try {
      const refused = prepareDatabase(database, 'none', new Date(), { migrate: false });
      await expect(refused).rejects.toThrow(PendingMigrationsError);
      await expect(
        prepareDatabase(database, 'none', new Date(), { migrate: false }),
      ).rejects.toThrow(
        /has \d+ migrations not applied, and MIGRATE_ON_START=false.*node dist\/server\.js migrate/,
      );
      expect(await migrationsApplied(database.db)).toBe(false);

      const { applied } = await migrateDatabase(database);
      expect(applied).toBeGreaterThan(20);
      expect(await migrationsApplied(database.db)).toBe(true);
      expect((await migrateDatabase(database)).applied).toBe(0);
      await expect(
        prepareDatabase(database, 'none', new Date(), { migrate: false }),
      ).resolves.toEqual({ seeded: false });
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('a provider starting with no demo (SEED=none)', () => {
  it('gets the roles and permission catalogue every account needs, once, and no demo data', async () => {
    const database = await openPglite();
    try {
      await prepareDatabase(database, 'none');
      await prepareDatabase(database, 'none');
      const [holder] = await database.db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.role, 'Account Holder'));
      expect(holder).toBeDefined();
      const [rolesCount] = await database.db.select({ n: count() }).from(roles);
      expect(rolesCount!.n).toBe(roleDefinitions.length);
      const [definitions] = await database.db.select({ n: count() }).from(permissionDefinitions);
      expect(definitions!.n).toBe(permissionCatalogue.length);
      const [accountCount] = await database.db.select({ n: count() }).from(accounts);
      expect(accountCount!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
