import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import type { Config } from './config';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { createMessaging } from './adapters/messaging';
import { startAppWorker } from './modules/jobs/app-jobs';
import { reconcileAtStart } from './modules/payments/reconcile';
import { serverClock } from './lib/clock';
import { DEMO_PASSWORD, demoLogins } from './seed/demo';
import { DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from './seed/staff';
import { migrateDatabase, PendingMigrationsError, prepareDatabase } from './seed/prepare';

/**
 * The server's one entry, from the sources (`tsx src/server.ts`) and from the release
 * (`node dist/server.js`, the esbuild bundle of this file; docs/decisions/048):
 *
 *   (none) or web   the portal (API and web app) on PORT, and the job worker unless JOBS=off
 *   worker          the job worker and the outbox of mail, SMS and push; on PORT only
 *                   /api/health/* and /metrics (for the orchestrator and Prometheus)
 *   migrate         applies the pending migrations and exits 0
 *   jobs, staff, order, advisory, usage-ingest, usage-code, content-load
 *                   the operations commands (`npm run <name>` in a checkout), the same arguments
 */
const COMMANDS = {
  jobs: () => import('./cli/run-jobs'),
  staff: () => import('./cli/staff'),
  order: () => import('./cli/order'),
  advisory: () => import('./cli/advisory'),
  'usage-ingest': () => import('./cli/usage-ingest'),
  'usage-code': () => import('./cli/usage-code'),
  'content-load': () => import('./cli/load-content'),
} satisfies Record<string, () => Promise<unknown>>;

const USAGE = `Usage: node dist/server.js [web | worker | migrate | ${Object.keys(COMMANDS).join(' | ')}] [arguments]`;

type Mode = 'web' | 'worker';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function serve(mode: Mode): Promise<void> {
  const config = configOrExit();
  const database = await openDatabase(config);
  const clock = serverClock(config.clockStart);
  let seeded: boolean;
  try {
    ({ seeded } = await prepareDatabase(database, config.seed, clock(), {
      migrate: config.migrateOnStart,
    }));
  } catch (error) {
    if (!(error instanceof PendingMigrationsError)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(1);
  }

  // One set of mail, SMS and push clients for the API and the jobs (docs/decisions/023).
  const messaging = createMessaging(config, database.db);
  // A worker serves only health and metrics: no portal, no web app.
  const app = await buildApp({
    config,
    database,
    messaging,
    clock,
    routes: mode === 'web' ? 'all' : 'operations',
  });
  // Payments a crash left between the gateway and the ledger, recorded before customers retry.
  await reconcileAtStart({ db: database.db, gateway: app.paymentGateway, clock, log: app.log });
  // The job worker (docs/decisions/027, 050: pg-boss): scheduled jobs once per period across instances, their
  // retries, and the outbox of mail and SMS. Always in a worker; in a web instance unless JOBS=off.
  const worker =
    mode === 'worker' || config.jobs.enabled
      ? startAppWorker({ config, database, app, messaging, clock })
      : null;
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
  // Since the process began (module loading included): what an orchestrator waits for.
  const ms = Math.round(performance.now());
  const lines = [
    '',
    mode === 'web'
      ? `  Outpost is running: http://localhost:${port}/`
      : `  Outpost worker is running: health and metrics on http://localhost:${port}/`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo provider seeded' : ''}`,
    `  Jobs: ${worker ? 'run here' : 'off (JOBS=off: a worker process runs them)'}`,
    `  Started in ${ms} ms`,
  ];
  if (mode === 'web' && config.seed === 'demo') {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of demoLogins)
      lines.push(`    ${login.username.padEnd(10)} ${login.description}`);
    lines.push(
      `  Staff console: http://localhost:${port}/console/ (same password; authenticator secret ${DEMO_STAFF_TOTP_SECRET}):`,
    );
    for (const staff of DEMO_STAFF) lines.push(`    ${staff.email.padEnd(30)} ${staff.role}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function migrate(): Promise<void> {
  const config = configOrExit();
  const database = await openDatabase(config);
  try {
    const { applied } = await migrateDatabase(database);
    console.log(
      applied === 0
        ? 'No migration pending.'
        : `Applied ${applied} migration${applied === 1 ? '' : 's'}.`,
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'web';
  if (command === 'web' || command === 'worker') return serve(command);
  if (command === 'migrate') return migrate();
  if (Object.hasOwn(COMMANDS, command)) {
    // The command sees its own arguments where it would under `npm run <name> -- ...`.
    process.argv.splice(2, 1);
    await COMMANDS[command as keyof typeof COMMANDS]();
    return;
  }
  console.error(USAGE);
  process.exit(2);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
