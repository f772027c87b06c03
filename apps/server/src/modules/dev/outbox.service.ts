import { desc } from 'drizzle-orm';
import { outbox } from '../../adapters/messaging.schema';
import type { Db } from '../../db/client';

/** The outbox's last 100 messages, newest first. */
export function latestOutbox(db: Db) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);
}
