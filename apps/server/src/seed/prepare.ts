import type { Database } from '../db/client';
import { pendingMigrations } from '../db/client';
import { isDatabaseEmpty, seedDemo } from './demo';
import { ensureReferenceData } from './reference';

/** Start-up found migrations it was told not to apply (MIGRATE_ON_START=false). */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: number) {
    super(
      `The database has ${pending} migration${pending === 1 ? '' : 's'} not applied, and ` +
        'MIGRATE_ON_START=false: apply them first (`node dist/server.js migrate` in a release, ' +
        '`npm run migrate` in a checkout), then start again.',
    );
    this.name = 'PendingMigrationsError';
  }
}

/**
 * What every start does before listening: apply the migrations (or, with `migrate: false`, refuse
 * to start while any is pending: docs/decisions/048), then seed the demo provider when `seed` is
 * 'demo' and the database has no accounts. Under the start-up lock, so two instances started
 * together on one empty PostgreSQL database seed it once; without it both saw it empty and the
 * second died on the first's rows (docs/decisions/029).
 */
export async function prepareDatabase(
  database: Database,
  seed: 'demo' | 'none',
  now: Date = new Date(),
  options: { migrate?: boolean } = {},
): Promise<{ seeded: boolean }> {
  return database.exclusively(async () => {
    if (options.migrate === false) {
      const pending = await pendingMigrations(database.db);
      if (pending > 0) throw new PendingMigrationsError(pending);
    } else {
      await database.migrate();
    }
    // Every provider's database holds the roles and the permission catalogue, demo or not.
    await ensureReferenceData(database.db);
    if (seed !== 'demo' || !(await isDatabaseEmpty(database.db))) return { seeded: false };
    await seedDemo(database.db, now);
    return { seeded: true };
  });
}

/** `migrate`: applies every pending migration under the start-up lock; answers how many ran. */
export async function migrateDatabase(database: Database): Promise<{ applied: number }> {
  return database.exclusively(async () => {
    const pending = await pendingMigrations(database.db);
    await database.migrate();
    return { applied: pending };
  });
}
