import type { Database } from '../db/client';
import { isDatabaseEmpty, seedDemo } from './demo';

/**
 * What every start does before listening: apply the migrations, then seed the demo provider when
 * `seed` is 'demo' and the database has no accounts. Under the start-up lock, so two instances
 * started together on one empty PostgreSQL database seed it once; without it both saw it empty
 * and the second died on the first's rows (docs/decisions/029).
 */
export async function prepareDatabase(
  database: Database,
  seed: 'demo' | 'none',
  now: Date = new Date(),
): Promise<{ seeded: boolean }> {
  return database.exclusively(async () => {
    await database.migrate();
    if (seed !== 'demo' || !(await isDatabaseEmpty(database.db))) return { seeded: false };
    await seedDemo(database.db, now);
    return { seeded: true };
  });
}
