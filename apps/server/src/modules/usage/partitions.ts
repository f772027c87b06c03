import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * usage_hourly is partitioned by calendar month (UTC) of `hour`. Ingestion calls this before
 * writing so every month it writes has its partition; creating one that exists is harmless, and
 * the months known to exist are remembered per database to skip the DDL on later batches.
 */
const known = new WeakMap<Db, Set<string>>();

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

export function partitionName(instant: Date): string {
  const y = instant.getUTCFullYear();
  const m = String(instant.getUTCMonth() + 1).padStart(2, '0');
  return `usage_hourly_y${y}m${m}`;
}

/** Creates the monthly partitions covering every instant given (deduplicated by month). */
export async function ensureUsagePartitions(db: Db, instants: Iterable<Date>): Promise<void> {
  let done = known.get(db);
  if (!done) {
    done = new Set();
    known.set(db, done);
  }
  const months = new Map<string, Date>();
  for (const instant of instants) {
    const name = partitionName(instant);
    if (!done.has(name) && !months.has(name))
      months.set(name, monthStart(instant.getUTCFullYear(), instant.getUTCMonth()));
  }
  for (const [name, from] of months) {
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    try {
      await db.execute(
        sql.raw(
          `create table if not exists ${name} partition of usage_hourly for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
        ),
      );
    } catch (error) {
      // Another instance created it between our check and ours: that is the outcome we wanted.
      const code = (error as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw error;
    }
    done.add(name);
  }
}
