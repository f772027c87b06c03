import { parseArgs } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '@outpost/domain/orders-rules';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import { withTransaction } from '../db/client';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { orders } from '../modules/orders/orders.schema';
import { moveOrder } from '../modules/orders/orders.service';

/**
 * Operations' view of orders from the command line (docs/decisions/021, 022); the same service
 * as POST /api/internal/orders/{orderid}/status/. An order moves forward one step at a time and
 * its ticket follows (New, In Progress, Completed in My Tickets).
 *
 *   npm run order -- list [--status received|in-progress|completed]
 *   npm run order -- move ID in-progress|completed
 */
const usage =
  'Usage: npm run order -- list [--status received|in-progress|completed]\n' +
  '       npm run order -- move ID in-progress|completed';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' } },
});
const [command, id, to] = positionals;
const isStatus = (s: string | undefined): s is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(s ?? '');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (command === 'list') {
  if (values.status !== undefined && !isStatus(values.status)) fail(usage);
} else if (command !== 'move' || !id || !/^[0-9]+$/.test(id) || !isStatus(to)) fail(usage);

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
try {
  if (command === 'list') {
    const rows = await database.db
      .select()
      .from(orders)
      .where(values.status ? eq(orders.status, values.status) : undefined)
      .orderBy(desc(orders.id))
      .limit(100);
    for (const o of rows) {
      console.log(
        [
          `order ${o.id}`,
          o.kind,
          o.status,
          `account ${o.accountId}`,
          o.serviceId ? `service ${o.serviceId}` : '-',
          `ticket ${ticketNumber(o.ticketId)}`,
          o.createdAt.toISOString(),
        ].join('\t'),
      );
    }
    if (rows.length === 0) console.log('no orders');
  } else {
    const moved = await withTransaction(database.db, (tx) =>
      moveOrder(tx, Number(id), to as OrderStatus, new Date()),
    );
    console.log(
      `order ${moved.orderid} is ${moved.status}; ticket ${ticketNumber(moved.ticketid)} is ${moved.ticket_status}`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
