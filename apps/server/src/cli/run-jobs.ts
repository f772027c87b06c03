import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createMessaging, drainOutbox, retryDeadMessage } from '../adapters/messaging';
import { createPaymentGateway } from '../adapters/payments';
import { appJobDefinitions } from '../modules/jobs/app-jobs';
import { listJobs, openJobQueue, retryDeadJob } from '../modules/jobs/queue';
import { deadMessages } from '../modules/jobs/dead-letters';

// The job queue from the command line (docs/decisions/027, 050):
//   npm run jobs [-- run]        queue one run of every job now, run them, send the outbox (a
//                                provider's cron, with JOBS_INTERVAL_SECONDS=0 on the instances)
//   npm run jobs -- list         the latest runs
//   npm run jobs -- dead         dead runs and dead messages (the dead-letter view)
//   npm run jobs -- retry <id>   queue a dead run again (its uuid); retry-message <id> for a message
const [command = 'run', arg] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const clock = () => new Date();
const show = (rows: unknown[]) => (rows.length ? console.table(rows) : console.log('none'));
try {
  if (command === 'run') {
    const messaging = createMessaging(config, db);
    const gateway = await createPaymentGateway(config, db, clock);
    const definitions = appJobDefinitions({
      config,
      db,
      gateway,
      messaging,
      everyMs: 0,
      onError: (error, context) => console.error(context, error),
      onResult: (name, result) => console.log(`${name}: ${JSON.stringify(result)}`),
    });
    const queue = await openJobQueue(
      {
        database,
        clock,
        onError: (error, job) => console.error(`${job.name} failed`, error),
      },
      definitions,
    );
    try {
      for (const d of definitions) await queue.enqueue(d.name);
      while (await queue.runNext(definitions));
    } finally {
      await queue.stop();
    }
    let sent = 0;
    for (let n; (n = await drainOutbox({ db, clock, messaging })) > 0;) sent += n;
    console.log(`messages tried: ${sent}`);
    await messaging.push.close();
  } else if (command === 'list') {
    show(await listJobs(db, { limit: 50 }));
  } else if (command === 'dead') {
    console.log('Dead job runs:');
    show(await listJobs(db, { state: 'dead', limit: 100 }));
    console.log('Dead messages:');
    show(await deadMessages(db));
  } else if (command === 'retry' && arg) {
    const queue = await openJobQueue({ database, clock }, []);
    const ok = await retryDeadJob(queue, db, arg).finally(() => queue.stop());
    console.log(ok ? `queued ${arg} again` : `${arg} is not dead`);
    if (!ok) process.exitCode = 1;
  } else if (command === 'retry-message' && arg && /^\d+$/.test(arg)) {
    const ok = await retryDeadMessage(db, Number(arg));
    console.log(ok ? `queued ${arg} again` : `${arg} is not dead`);
    if (!ok) process.exitCode = 1;
  } else {
    console.error('usage: npm run jobs -- [run | list | dead | retry <id> | retry-message <id>]');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
