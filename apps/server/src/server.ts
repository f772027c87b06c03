import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { createMessaging } from './adapters/messaging';
import { startAppWorker } from './modules/jobs/app-jobs';
import { reconcileAtStart } from './modules/payments/reconcile';
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
  // Payments a crash left between the gateway and the ledger, recorded before customers retry.
  const clock = () => new Date();
  await reconcileAtStart({ db: database.db, gateway: app.paymentGateway, clock, log: app.log });
  // The job worker (docs/decisions/027): scheduled jobs once per period across instances, their
  // retries, and the outbox of mail and SMS.
  const worker = config.jobs.enabled ? startAppWorker({ config, database, app, messaging }) : null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // The job or message in flight finishes; nothing new is claimed.
    await worker?.stop();
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
