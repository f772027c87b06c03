import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { activateDataBlocks, runPeriodRollover } from '../modules/services/jobs';

// Runs the service jobs once (period roll-over, data block activation), for a provider's
// scheduler (cron) when instances run with JOBS_INTERVAL_SECONDS=0.
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const now = new Date();
const rollover = await runPeriodRollover(database.db, now);
const activated = await activateDataBlocks(database.db, now, config.blockActivationSeconds * 1000);
console.log(
  `periods rolled: ${rollover.periodsRolled}, plan changes applied: ${rollover.changesApplied}, data blocks activated: ${activated}`,
);
await database.close();
