import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { createUsageCode } from '../modules/usage/usage-codes';

// npm run usage:code -- SERVICEID: a one-time embedded-usage link for a service (10 minutes).
const serviceId = Number(process.argv[2]);
if (!Number.isInteger(serviceId) || serviceId <= 0) {
  console.error('Usage: npm run usage:code -- SERVICEID');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const code = await createUsageCode(database.db, serviceId, new Date());
await database.close();
if (!code) {
  console.error(`No service ${serviceId}.`);
  process.exit(1);
}
console.log(`${config.publicUrl}/embed/usage/${code.otc}`);
console.log(`One use, until ${code.expires.toISOString()}.`);
