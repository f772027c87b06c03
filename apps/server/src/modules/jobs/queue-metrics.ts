import { outboxDepth } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Metrics } from '../../plugins/observability';
import { queueDepth } from './queue';

/** The queue's and the outbox's depth, read at each scrape (docs/decisions/024, 027). */
export async function collectQueueMetrics(
  db: Db,
  metrics: Pick<Metrics, 'jobQueue' | 'outbox'>,
): Promise<void> {
  const [jobs, messages] = await Promise.all([queueDepth(db), outboxDepth(db)]);
  metrics.jobQueue.reset();
  for (const j of jobs) metrics.jobQueue.set({ name: j.name, state: j.state }, j.n);
  metrics.outbox.reset();
  for (const m of messages) metrics.outbox.set({ channel: m.channel, status: m.status }, m.n);
}
