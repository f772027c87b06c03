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
 * Operations' view of orders from the command line (docs/decisions/021, 022, 058); the same
 * function as the admin API's POST /api/admin/v1/orders/{orderid}/move/ and the internal
 * POST /api/internal/orders/{orderid}/status/. An order moves forward one step at a time, or is
 * rejected with a reason; its ticket follows (New, In Progress, Completed in My Tickets) and the
 * customer is emailed.
 *
 *   npm run order -- list [--status received|in-progress|completed|rejected]
 *   npm run order -- move ID in-progress|completed
 *   npm run order -- move ID rejected --reason "Out of stock until March"
 */
const usage =
  'Usage: npm run order -- list [--status received|in-progress|completed|rejected]\n' +
  '       npm run order -- move ID in-progress|completed\n' +
  '       npm run order -- move ID rejected --reason TEXT';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { status: { type: 'string' }, reason: { type: 'string' } },
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
      moveOrder(
        tx,
        { brand: config.brand, publicUrl: config.publicUrl },
        Number(id),
        { status: to as OrderStatus, reason: values.reason },
        new Date(),
      ),
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
