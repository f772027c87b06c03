import type { DrainDeps } from '../../adapters/messaging';
import { drainOutbox } from '../../adapters/messaging';
import type { JobDefinition, QueueDeps } from './queue';
import { runNextJob, scheduleDue } from './queue';

export type WorkerOptions = {
  /** How often an idle worker looks for due jobs and unsent messages. */
  pollMs: number;
  /** Jobs this instance runs at once. */
  concurrency: number;
  onError: (error: unknown, context: string) => void;
};

export type JobWorker = {
  /** Stops claiming and waits for the jobs and messages in flight (graceful shutdown). */
  stop: () => Promise<void>;
  /** Looks for work now (after an enqueue, in tests). */
  wake: () => void;
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
 * The job worker of one instance (docs/decisions/027): adds this period's run of each scheduled
 * job (once across instances), runs due jobs (`concurrency` at a time), and drains the outbox.
 */
export function startJobWorker(
  queue: QueueDeps,
  definitions: readonly JobDefinition[],
  outbox: DrainDeps | null,
  options: WorkerOptions,
): JobWorker {
  const jobs = loop(
    async (stopping) => {
      await scheduleDue(queue.db, definitions, queue.clock());
      const runner = async () => {
        while (!stopping() && (await runNextJob(queue, definitions)));
      };
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, runner));
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
    wake: () => {
      jobs.wake();
      messages?.wake();
    },
    stop: async () => {
      await Promise.all([jobs.stop(), messages?.stop()]);
    },
  };
}
