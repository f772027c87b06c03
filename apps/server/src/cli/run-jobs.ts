import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createMessaging } from '../adapters/messaging';
import { createPaymentGateway } from '../adapters/payments';
import { billingRunDeps, runBillingRun } from '../modules/billing/billing-run';
import { activateDataBlocks, runPeriodRollover } from '../modules/services/jobs';
import { runReferralCredits } from '../modules/referrals/referral-credits';

// Runs the jobs once (period roll-over, data block activation, the billing run, referral credits), for a
// provider's scheduler (cron) when instances run with JOBS_INTERVAL_SECONDS=0. The gateway's
// events (sandbox) are delivered by the running server, whose payments module handles them.
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const now = new Date();
const rollover = await runPeriodRollover(database.db, now);
const activated = await activateDataBlocks(database.db, now, config.blockActivationSeconds * 1000);
const gateway = createPaymentGateway(config, database.db, () => new Date());
const billing = await runBillingRun(
  billingRunDeps(
    config,
    database.db,
    gateway,
    createMessaging(config, database.db),
    (error, context) => console.error(context, error),
  ),
  now,
);
const referrals = await runReferralCredits(database.db, now);
console.log(
  `periods rolled: ${rollover.periodsRolled}, plan changes applied: ${rollover.changesApplied}, data blocks activated: ${activated}`,
);
console.log(
  `invoices issued: ${billing.invoicesIssued}, charged: ${billing.charged}, declined: ${billing.declined}, pending: ${billing.pending}, paid without a charge: ${billing.settledWithoutCharge}, gateway errors: ${billing.gatewayErrors}`,
);
console.log(`referrals connected: ${referrals.connected}, referral credits: ${referrals.credited}`);
await database.close();
