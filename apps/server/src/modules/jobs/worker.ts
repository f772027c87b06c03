import type { DrainDeps } from '../../adapters/messaging';
import { drainOutbox } from '../../adapters/messaging';
import type { JobDefinition, JobQueue, QueueOptions } from './queue';
import { openJobQueue } from './queue';

export type WorkerOptions = {
  /** How often an idle worker looks for due jobs and unsent messages. */
  pollMs: number;
  /** Runs of each job this instance runs at once. */
  concurrency: number;
  onError: (error: unknown, context: string) => void;
};

export type JobWorker = {
  /** Stops claiming and waits for the jobs and messages in flight (graceful shutdown). */
  stop: () => Promise<void>;
  /** Looks for work now (after an enqueue, in tests). */
  wake: () => void;
  /** Settles once the queue runs (pg-boss started, the workers polling). */
  ready: Promise<void>;
};

/**
 * A loop that runs `round` every `pollMs` (never two rounds at once) until stopped; stop waits
 * for the round in flight.
 */
function loop(
  round: (stopping: () => boolean) => Promise<void>,
  pollMs: number,
  onError: (error: unknown) => void,
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round(() => stopped)
      .catch(onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      });
  };
  tick();
  return {
    wake: tick,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The job worker of one instance (docs/decisions/050): starts pg-boss (its schema, the jobs'
 * queues), adds this period's run of each scheduled job every `pollMs` (once across instances),
 * runs the jobs' runs (`concurrency` of each at once), and drains the outbox (ours: its messages
 * are written in the business transaction). It starts in the background; `ready` settles when it
 * runs (a failed start is reported to onError and retried by the next round).
 */
export function startJobWorker(
  queue: QueueOptions,
  definitions: readonly JobDefinition[],
  outbox: DrainDeps | null,
  options: WorkerOptions,
): JobWorker {
  let opened: JobQueue | null = null;
  let opening: Promise<JobQueue> | null = null;
  const open = () =>
    (opening ??= openJobQueue(queue, definitions).then(async (q) => {
      await q.work(definitions, { concurrency: options.concurrency, pollMs: options.pollMs });
      opened = q;
      return q;
    })).catch((error: unknown) => {
      opening = null;
      throw error;
    });
  const jobs = loop(
    async (stopping) => {
      const q = opened ?? (await open());
      if (!stopping()) await q.scheduleDue(definitions);
    },
    options.pollMs,
    (error) => options.onError(error, 'job queue round failed'),
  );
  const messages = outbox
    ? loop(
        async (stopping) => {
          while (!stopping() && (await drainOutbox(outbox)) > 0);
        },
        options.pollMs,
        (error) => options.onError(error, 'outbox round failed'),
      )
    : null;
  return {
    ready: open().then(
      () => {},
      (error: unknown) => options.onError(error, 'job queue did not start'),
    ),
    wake: () => {
      jobs.wake();
      opened?.wake();
      messages?.wake();
    },
    stop: async () => {
      await Promise.all([jobs.stop(), messages?.stop()]);
      // The runs in flight finish; nothing new is claimed.
      const q = opened ?? (await opening?.catch(() => null));
      await q?.stop();
    },
  };
}
