import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { createMessaging } from './adapters/messaging';
import { isSandboxGateway } from './adapters/payments';
import { billingRunDeps, runBillingRun } from './modules/billing/billing-run';
import { startServiceJobs } from './modules/services/jobs';
import { runReferralCredits } from './modules/referrals/referral-credits';
import { DEMO_PASSWORD, demoLogins } from './seed/demo';
import { prepareDatabase } from './seed/prepare';

const started = performance.now();

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  const { seeded } = await prepareDatabase(database, config.seed);

  // One set of mail, SMS and push clients for the API and the jobs (docs/decisions/023).
  const messaging = createMessaging(config, database.db);
  const app = await buildApp({ config, database, messaging });
  const gateway = app.paymentGateway;
  const billing = billingRunDeps(config, database.db, gateway, messaging, (error, context) =>
    app.log.error({ err: error }, context),
  );
  const stopJobs =
    config.jobsIntervalSeconds > 0
      ? startServiceJobs(
          {
            db: database.db,
            clock: () => new Date(),
            blockActivationMs: config.blockActivationSeconds * 1000,
            more: [
              // Invoices and automatic charges, then the sandbox's undelivered events.
              (now) => runBillingRun(billing, now),
              // Referral credits once a referred service has qualified (docs/decisions/020).
              (now) => runReferralCredits(database.db, now),
              ...(isSandboxGateway(gateway) ? [() => gateway.deliverPending()] : []),
            ],
          },
          config.jobsIntervalSeconds * 1000,
          (error) => {
            app.metrics.jobRuns.inc({ outcome: 'failure' });
            app.log.error({ err: error }, 'service jobs failed');
          },
          () => app.metrics.jobRuns.inc({ outcome: 'success' }),
        )
      : async () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopJobs();
    await app.close();
    await messaging.push.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const ms = Math.round(performance.now() - started);
  const lines = [
    '',
    `  Outpost is running: http://localhost:${port}/`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo provider seeded' : ''}`,
    `  Started in ${ms} ms`,
  ];
  if (config.seed === 'demo') {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of demoLogins)
      lines.push(`    ${login.username.padEnd(10)} ${login.description}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
