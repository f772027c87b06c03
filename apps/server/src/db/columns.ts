import { integer, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A point in time, stored with its time zone (every timestamp the server keeps). */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** A required reference to another table's row: `integer not null references target`. */
export const requiredRef = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target);
