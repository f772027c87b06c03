import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { createMessaging } from '../../adapters/messaging';
import { outbox } from '../../adapters/messaging.schema';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, manualClock } from '../../test/test-app';
import { runBillingRun } from '../billing/billing-run';
import { billingRunDeps } from '../billing/billing-run-deps';
import { tickets } from '../tickets/tickets.schema';
import { orders } from './orders.schema';

/** The holder's services the order tests use, and another account's. */
export const SERVICES = {
  SKY: 200101, // holder: active Sky Muster Plus
  PENDING: 200102, // holder: pending broadband
  LANDLINE: 200103, // holder: barring, landline options, can_transfer
  VOIP: 200104, // holder: VoIP options, can_transfer and can_ordernew
  FOREIGN: 200301, // other's
};
export const HOLDER_EMAIL = 'jordan.citizen@example.com';

/**
 * One test file's context for the orders module (decisions 021, 022): a manual clock at
 * 2027-01-10, the internal key, the holder's API, and readers of what an order leaves behind.
 * Call at the top of the file: it registers the file's beforeAll/afterAll.
 */
export function ordersTestContext(key: string) {
  const time = manualClock(new Date('2027-01-10T00:00:00Z'));
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      clock: time.clock,
      env: { INTERNAL_API_KEY: key, PUBLIC_URL: 'https://portal.example.net' },
    });
  });
  afterAll(async () => ctx.close());
  const context = () => ctx;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

  return {
    time,
    context,
    api: apiFor(context, 'holder'),
    rows,
    /** Operations move an order on (the internal route, with the service key). */
    moveOrder: (orderid: number, status: string, serviceKey = key) =>
      ctx.app.inject({
        method: 'POST',
        url: buildPath(apiPaths.internalOrderStatus, { orderid }),
        headers: { 'x-service-key': serviceKey },
        payload: { status },
      }),
    orderRow: async (orderid: number) => {
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderid));
      return row!;
    },
    ticketRow: async (ticketid: number) => {
      const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticketid));
      return row!;
    },
    /** The first message of a ticket: what the customer reads in My Tickets. */
    ticketBody: async (ticketid: number) => {
      const [row] = await rows<{ body: string }>(
        sql`select body from ticket_messages where ticket_id = ${ticketid} order by id limit 1`,
      );
      return row!.body;
    },
    /** The emails sent to an address, newest first. */
    emailsTo: (address: string) =>
      ctx.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'email'), eq(outbox.to, address)))
        .orderBy(desc(outbox.id)),
    /**
     * The billing run at the start of the holder's first period after now (plus a minute), and
     * the lines of the holder's invoices of `kind` (or of the newest invoice, without one).
     */
    billingRunLines: async (kind?: string) => {
      const [acc] = await rows<{ start: string | Date }>(
        sql`select billing_period_start as start from accounts where id = 100001`,
      );
      const PERIOD = 30 * 86_400_000;
      const start = new Date(acc!.start).getTime();
      const periods = Math.max(1, Math.ceil((time.clock().getTime() - start) / PERIOD));
      const deps = billingRunDeps(
        ctx.config,
        ctx.database.db,
        null,
        createMessaging(ctx.config, ctx.database.db),
      );
      await runBillingRun(deps, new Date(start + periods * PERIOD + 60_000));
      return rows<{ description: string; amount_cents: number; kind: string }>(
        kind
          ? sql`select l.description, l.amount_cents, l.kind from invoice_lines l
                  join invoices i on i.id = l.invoice_id
                 where i.account_id = 100001 and l.kind = ${kind}`
          : sql`select l.description, l.amount_cents, l.kind from invoice_lines l
                  join invoices i on i.id = l.invoice_id
                 where i.account_id = 100001
                   and i.period_start = (select max(period_start) from invoices where account_id = 100001)`,
      );
    },
  };
}
