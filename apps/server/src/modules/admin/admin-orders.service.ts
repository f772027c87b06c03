import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminOrderView,
  adminOrderMoveInput,
  adminOrdersQuery,
} from '@outpost/contracts/admin';
import type { OrderKind, OrderStatus } from '@outpost/domain/orders-rules';
import { WAITING_ORDER_STATUSES } from '@outpost/domain/orders-rules';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/accounts.schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../staff/staff.service';
import { orders, products } from '../orders/orders.schema';
import type { OrderMoveDeps } from '../orders/orders.service';
import { moveOrder } from '../orders/orders.service';
import type { PackingSlip } from '../orders/packing-slip-pdf';
import { services } from '../services/services.schema';
import { tickets } from '../tickets/tickets.schema';
import type { DeskCaller } from './admin-desk.service';
import { adminError } from './admin.errors';

/**
 * The orders queue (docs/decisions/058): every product and telephony order customers placed,
 * read by anyone with `read`, moved on with `provisioning` through the one move the internal
 * route and `npm run order` use.
 */

type OrdersQuery = z.output<typeof adminOrdersQuery>;
type OrderSummary = Omit<
  AdminOrderView,
  'payload' | 'agreement' | 'reason' | 'ticket' | 'ordered_by' | 'account' | 'service'
> & {
  account: { accountid: number; name: string };
  service: { serviceid: number; identifier: string } | null;
};

const iso = (d: Date) => d.toISOString();

/** The columns a list row and the detail share. */
const summaryColumns = {
  id: orders.id,
  kind: orders.kind,
  status: orders.status,
  subject: tickets.subject,
  accountId: accounts.id,
  accountName: accounts.name,
  serviceId: services.id,
  identifier: services.identifier,
  ticketId: orders.ticketId,
  priceCents: orders.priceCents,
  monthlyCents: orders.monthlyCents,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};
type SummaryRow = {
  id: number;
  kind: string;
  status: string;
  subject: string;
  accountId: number;
  accountName: string;
  serviceId: number | null;
  identifier: string | null;
  ticketId: number;
  priceCents: number | null;
  monthlyCents: number | null;
  createdAt: Date;
  updatedAt: Date;
};

const summaryOf = (r: SummaryRow): OrderSummary => ({
  orderid: r.id,
  kind: r.kind as OrderKind,
  status: r.status as OrderStatus,
  subject: r.subject,
  account: { accountid: r.accountId, name: r.accountName },
  service:
    r.serviceId === null || r.identifier === null
      ? null
      : { serviceid: r.serviceId, identifier: r.identifier },
  ticket_id: r.ticketId,
  price_cents: r.priceCents,
  monthly_cents: r.monthlyCents,
  created: iso(r.createdAt),
  updated: iso(r.updatedAt),
});

/**
 * A page of the queue: waiting orders (received or in-progress, the default) the oldest first,
 * so the one waiting longest is on top; completed or rejected ones the latest moved first. A
 * product order, or a telephony one (every other kind).
 */
export async function listOrders(
  db: Db,
  query: OrdersQuery,
): Promise<{ rows: OrderSummary[]; hasMore: boolean }> {
  const status = query.status ?? 'waiting';
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const waiting =
    status === 'waiting' || (WAITING_ORDER_STATUSES as readonly string[]).includes(status);
  const where: SQL[] = [
    status === 'waiting'
      ? inArray(orders.status, WAITING_ORDER_STATUSES)
      : eq(orders.status, status),
  ];
  if (query.kind === 'product') where.push(eq(orders.kind, 'product'));
  if (query.kind === 'telephony') where.push(ne(orders.kind, 'product'));
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(services, eq(services.id, orders.serviceId))
    .where(and(...where))
    .orderBy(
      ...(waiting
        ? [asc(orders.createdAt), asc(orders.id)]
        : [desc(orders.updatedAt), desc(orders.id)]),
    )
    .limit(limit + 1)
    .offset(offset);
  return { rows: rows.slice(0, limit).map(summaryOf), hasMore: rows.length > limit };
}

/** One order as the console's order page shows it; 404 when there is none. */
export async function adminOrder(db: Db, orderId: number): Promise<AdminOrderView> {
  const [row] = await db
    .select({
      ...summaryColumns,
      payload: orders.payload,
      agreement: orders.agreement,
      agreedAt: orders.agreedAt,
      reason: orders.reason,
      ticketStatus: tickets.status,
      accountExternalId: accounts.externalId,
      technology: services.technology,
      serviceStatus: services.status,
      serviceExternalId: services.externalId,
      userId: users.id,
      givenNames: users.givenNames,
      surname: users.surname,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(services, eq(services.id, orders.serviceId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw adminError('orderMissing');
  const summary = summaryOf(row);
  return {
    ...summary,
    payload: row.payload,
    agreement:
      row.agreement === null || row.agreedAt === null
        ? null
        : { text: row.agreement, agreed_at: iso(row.agreedAt) },
    reason: row.reason,
    ticket: {
      ticket_id: row.ticketId,
      number: ticketNumber(row.ticketId),
      status: row.ticketStatus,
    },
    account: { ...summary.account, external_id: row.accountExternalId },
    service:
      summary.service === null
        ? null
        : {
            ...summary.service,
            technology: row.technology!,
            status: row.serviceStatus!,
            external_id: row.serviceExternalId,
          },
    ordered_by: { userid: row.userId, name: `${row.givenNames} ${row.surname}` },
  };
}

/**
 * Moves an order on for the desk or a provider's system (the shared `moveOrder`: its ticket, the
 * customer's email, a call barring mode), then writes who did it and the change to the staff
 * audit, in the caller's transaction (the Idempotency-Key's).
 */
export async function moveOrderFor(
  tx: Db,
  deps: OrderMoveDeps,
  orderId: number,
  move: z.output<typeof adminOrderMoveInput>,
  caller: DeskCaller,
  now: Date,
): Promise<AdminOrderView> {
  const moved = await moveOrder(tx, deps, orderId, move, now).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'notFound') throw adminError('orderMissing');
    throw error;
  });
  const reason = move.status === 'rejected' ? `: ${move.reason!.trim()}` : '';
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: moved.accountid,
    userId: null,
    action: 'order-moved',
    detail: `order ${orderId} ${moved.from} to ${moved.status}${reason}`,
  });
  return adminOrder(tx, orderId);
}

/** What a product order's packing slip prints; 404 without the order, 409 for another kind. */
export async function packingSlipOf(db: Db, orderId: number): Promise<PackingSlip> {
  const [row] = await db
    .select({
      id: orders.id,
      kind: orders.kind,
      payload: orders.payload,
      ticketId: orders.ticketId,
      accountId: orders.accountId,
      createdAt: orders.createdAt,
      givenNames: users.givenNames,
      surname: users.surname,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw adminError('orderMissing');
  if (row.kind !== 'product') throw adminError('packingSlipNotProduct', row.kind);
  const ship = row.payload as Record<string, string | undefined> & { productid?: number };
  const [product] = await db
    .select({ name: products.name, model: products.model, article: products.article })
    .from(products)
    .where(eq(products.id, Number(ship.productid)));
  const line = (value: string | undefined) => value?.trim() ?? '';
  return {
    orderId: row.id,
    ticketNumber: ticketNumber(row.ticketId),
    accountId: row.accountId,
    orderedAt: row.createdAt,
    shipTo: {
      name: `${row.givenNames} ${row.surname}`,
      lines: [
        line(ship.shipping_addr_line1),
        line(ship.shipping_addr_line2),
        `${line(ship.shipping_suburb)} ${line(ship.shipping_state)} ${line(ship.shipping_postcode)}`,
      ].filter((l) => l !== ''),
    },
    // A product order is one product (Order Now buys one at a time).
    items: product
      ? [
          {
            article: product.article,
            description: `${product.name} (${product.model})`,
            quantity: 1,
          },
        ]
      : [],
  };
}
