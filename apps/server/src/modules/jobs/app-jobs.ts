import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import type { Messaging } from '../../adapters/messaging';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { isSandboxGateway } from '../../adapters/payments/sandbox';
import { deliverAdvisoryUpdates } from '../advisories/advisories.service';
import { runBillingRun } from '../billing/billing-run';
import { billingRunDeps } from '../billing/billing-run-deps';
import { runReferralCredits } from '../referrals/referral-credits';
import { activateDataBlocks, runPeriodRollover } from '../services/jobs';
import { forgetIdempotencyKeys } from '../../lib/idempotency';
import type { OutboundNet } from '../../adapters/outbound-https';
import { OUTBOUND_NET } from '../../adapters/outbound-https';
import { deliverAllWebhooks } from '../webhooks/webhooks.service';
import { sendDeskDigests } from '../tickets/desk-notices';
import { continueUnfinishedImports } from '../admin/admin-import.service';
import { recordSlaBreaches } from '../admin/admin-tickets.service';
import type { JobDefinition } from './queue';
import type { JobWorker } from './worker';
import { startJobWorker } from './worker';
import type { Clock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';

export type AppJobDeps = {
  config: Pick<Config, 'brand' | 'publicUrl' | 'billing' | 'blockActivationSeconds' | 'desk'>;
  db: Db;
  gateway: PaymentGateway | null;
  messaging: Messaging;
  /** The period of every scheduled job (0: run only when enqueued, e.g. by `npm run jobs`). */
  everyMs: number;
  onError?: (error: unknown, context: string) => void;
  /** What a run did (the CLI prints it). */
  onResult?: (name: string, result: unknown) => void;
  /** How webhooks reach the provider's endpoints (tests: a local fake). */
  outboundNet?: OutboundNet;
  /** Tickets that newly missed their due time (the breach counter, decision 057). */
  onSlaBreaches?: (count: number) => void;
};

/**
 * The portal's periodic jobs (docs/decisions/007, 015, 019, 020, 027), each idempotent: period
 * roll-over, data block activation, the billing run (invoices, charges and dunning retries),
 * referral credits, advisory notifications still owed, and the sandbox gateway's undelivered
 * events. One run of each per period across all instances.
 */
export function appJobDefinitions(deps: AppJobDeps): JobDefinition[] {
  const { db, config, everyMs } = deps;
  const job = (name: string, run: (now: Date) => Promise<unknown>): JobDefinition => ({
    name,
    everyMs,
    run: async ({ now }) => {
      const result = await run(now);
      deps.onResult?.(name, result);
      return result;
    },
  });
  const billing = billingRunDeps(config, db, deps.gateway, deps.messaging, deps.onError);
  const gateway = deps.gateway;
  return [
    job('services.period-rollover', (now) => runPeriodRollover(db, now)),
    job('services.data-block-activation', (now) =>
      activateDataBlocks(db, now, config.blockActivationSeconds * 1000),
    ),
    job('billing.run', (now) => runBillingRun(billing, now)),
    job('referrals.credits', (now) => runReferralCredits(db, now)),
    job('advisories.notifications', (now) =>
      deliverAdvisoryUpdates(
        {
          db,
          messaging: deps.messaging,
          brandName: config.brand.providerName,
          publicUrl: config.publicUrl,
          ...(deps.onError ? { onError: deps.onError } : {}),
        },
        now,
      ),
    ),
    // The desk's digests of new tickets, callbacks, orders and replies (decision 060).
    job('desk.digests', (now) =>
      sendDeskDigests(
        {
          db,
          brandName: config.brand.providerName,
          publicUrl: config.publicUrl,
          emails: config.desk.emails,
          digestMinutes: config.desk.digestMinutes,
        },
        now,
      ),
    ),
    // The admin API's Idempotency-Keys older than a day, and the webhooks due (decision 051).
    job('admin.idempotency-keys', (now) => forgetIdempotencyKeys(db, now)),
    // CSV imports the admin API queued, or a stopped process left mid-way (decision 053).
    job('admin.imports', (now) =>
      continueUnfinishedImports(
        { db, brand: config.brand, publicUrl: config.publicUrl },
        () => now,
        deps.onError ? (error) => deps.onError!(error, 'admin.imports') : undefined,
      ),
    ),
    // Tickets that newly missed their due time: recorded once, counted (decision 057).
    job('tickets.sla-breaches', async (now) => {
      const result = await recordSlaBreaches(db, now);
      if (result.breached > 0) deps.onSlaBreaches?.(result.breached);
      return result;
    }),
    job('webhooks.deliver', (now) => deliverAllWebhooks(db, deps.outboundNet ?? OUTBOUND_NET, now)),
    ...(gateway && isSandboxGateway(gateway)
      ? [job('payments.sandbox-events', () => gateway.deliverPending())]
      : []),
  ];
}

/** The server's worker: the app's jobs and the outbox, with its log and metrics. */
export function startAppWorker(deps: {
  config: Config;
  database: Database;
  app: FastifyInstance;
  messaging: Messaging;
  clock?: Clock;
}): JobWorker {
  const { config, database, app, messaging } = deps;
  const db = database.db;
  const onError = (error: unknown, context: string) => app.log.error({ err: error }, context);
  const clock = deps.clock ?? systemClock;
  return startJobWorker(
    {
      database,
      clock,
      onError: (error, job) => app.log.error({ err: error, job }, `job ${job.name} failed`),
      onRun: (name, outcome) => {
        app.metrics.jobRuns.inc({ outcome: outcome === 'success' ? 'success' : 'failure' });
        if (outcome !== 'success')
          app.metrics.jobFailures.inc({ name, final: String(outcome === 'dead') });
      },
    },
    appJobDefinitions({
      config,
      db,
      gateway: app.paymentGateway,
      messaging,
      everyMs: config.jobsIntervalSeconds * 1000,
      onError,
      onSlaBreaches: (count) => app.metrics.ticketSlaBreaches.inc(count),
    }),
    {
      db,
      clock,
      messaging,
      onError: (error, message) => app.log.error({ err: error, message }, 'message not sent'),
      onDelivered: (channel, outcome) => app.metrics.outboxDeliveries.inc({ channel, outcome }),
    },
    { pollMs: config.jobs.pollMs, concurrency: config.jobs.concurrency, onError },
  );
}
