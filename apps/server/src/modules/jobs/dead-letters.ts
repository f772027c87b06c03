import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

/** Messages the outbox gave up on (the dead-letter view; docs/decisions/027). */
export function deadMessages(db: Db): Promise<
  {
    id: number;
    channel: string;
    to: string;
    subject: string | null;
    attempts: number;
    last_error: string | null;
  }[]
> {
  return queryRows(
    db,
    sql`select id, channel, "to", subject, attempts, last_error from outbox
         where status = 'dead' order by id desc limit 100`,
  );
}
