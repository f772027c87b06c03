import { outboxDepth } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Metrics } from '../../plugins/observability';
import { overdueTicketCount } from '../admin/admin-tickets.service';
import { queueDepth } from './queue';

/**
 * The queue's and the outbox's depth, and the desk's overdue tickets (decision 057), read at each
 * scrape (docs/decisions/024, 027).
 */
export async function collectQueueMetrics(
  db: Db,
  metrics: Pick<Metrics, 'jobQueue' | 'outbox' | 'ticketsOverdue'>,
  now: Date = new Date(),
): Promise<void> {
  const [jobs, messages, overdue] = await Promise.all([
    queueDepth(db),
    outboxDepth(db),
    overdueTicketCount(db, now),
  ]);
  metrics.ticketsOverdue.set(overdue);
  metrics.jobQueue.reset();
  for (const j of jobs) metrics.jobQueue.set({ name: j.name, state: j.state }, j.n);
  metrics.outbox.reset();
  for (const m of messages) metrics.outbox.set({ channel: m.channel, status: m.status }, m.n);
}
