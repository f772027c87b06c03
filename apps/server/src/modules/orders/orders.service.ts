import { formatDollars } from '@outpost/domain/money';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BarringOption, OrderResult, TelephonyFeature } from '@outpost/contracts/orders';
import type { OrderKind, OrderStatus } from '@outpost/domain/orders-rules';
import {
  ORDER_TICKET_STATUS,
  WAITING_ORDER_STATUSES,
  isToggleOn,
  orderMoveInputProblem,
  orderMoveProblem,
  telephonyErrors,
} from '@outpost/domain/orders-rules';
import type { Brand } from '@outpost/contracts/brand';
import { withoutLinks } from '@outpost/domain/name-rules';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import { enqueueMessage } from '../../adapters/messaging';
import { messages } from '@outpost/contracts/messages';
import { maskedPin, PIN_FEATURES } from '@outpost/domain/pin-rules';
import type { Db } from '../../db/client';
import { emitEvent } from '../webhooks/webhooks.service';
import { notFound } from '../../lib/errors';
import type { ServiceRow } from '../services/services.service';
import { tickets } from '../tickets/tickets.schema';
import { addMessage, createTicket, DESK_AUTHOR, ticketRecipient } from '../tickets/tickets.service';
import { ordersError } from './orders.errors';
import {
  barringOptions,
  orders,
  serviceBarring,
  serviceTelephonyValues,
  telephonyFeatures,
} from './orders.schema';
import { formatPhone } from '@outpost/domain/phone-format';

export type NewOrder = {
  kind: OrderKind;
  accountId: number;
  serviceId: number | null;
  userId: number;
  /** The name beside the ticket's first message (the contact who ordered). */
  authorName: string;
  payload: unknown;
  /** The ticket's subject and first message: what the desk reads. */
  subject: string;
  body: string;
  monthlyCents?: number | null;
  priceCents?: number | null;
  agreement?: string | null;
  agreedAt?: Date | null;
  now: Date;
};

/** The ticket category orders are filed under (Make a Request's list). */
const ORDER_CATEGORY = 'Phone service';

/**
 * Records an order and opens its ticket in the caller's transaction (both commit or neither).
 * The caller sends the email after the commit (`orderEmail`).
 */
export async function createOrder(tx: Db, input: NewOrder): Promise<OrderResult> {
  const ticket = await createTicket(tx, {
    accountId: input.accountId,
    serviceId: input.serviceId,
    userId: input.userId,
    authorName: input.authorName,
    category: input.kind === 'product' ? 'Other' : ORDER_CATEGORY,
    subject: input.subject,
    body: input.body,
    source: 'order',
    now: input.now,
  });
  const [row] = await tx
    .insert(orders)
    .values({
      kind: input.kind,
      accountId: input.accountId,
      serviceId: input.serviceId,
      userId: input.userId,
      payload: input.payload,
      ticketId: ticket.ticketid,
      monthlyCents: input.monthlyCents ?? null,
      priceCents: input.priceCents ?? null,
      agreement: input.agreement ?? null,
      agreedAt: input.agreedAt ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: orders.id });
  await emitEvent(
    tx,
    'order.placed',
    {
      account_id: input.accountId,
      ...(input.serviceId ? { service_id: input.serviceId } : {}),
      order_id: row!.id,
      kind: input.kind,
      ticket_id: ticket.ticketid,
      price_cents: input.priceCents ?? null,
      monthly_cents: input.monthlyCents ?? null,
    },
    input.now,
  );
  return { orderid: row!.id, ticketid: ticket.ticketid, number: ticket.number };
}

/**
 * Exactly once for a PATCH (docs/decisions/021): while an order of the same kind for the same
 * service with the identical payload is still 'received', the same request answers that order
 * again instead of opening another. Callers hold the service row locked, so concurrent identical
 * requests queue and the second finds the first's order.
 */
export async function receivedTwin(
  tx: Db,
  kind: OrderKind,
  serviceId: number,
  payload: unknown,
): Promise<OrderResult | null> {
  const [row] = await tx
    .select({ orderid: orders.id, ticketid: orders.ticketId })
    .from(orders)
    .where(
      and(
        eq(orders.serviceId, serviceId),
        eq(orders.kind, kind),
        eq(orders.status, 'received'),
        sql`${orders.payload} = ${JSON.stringify(payload)}::jsonb`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1);
  return row ? { ...row, number: `T${row.ticketid}` } : null;
}

/** Who is told of an order: the contact who ordered, else the holder (as for tickets). */
export const orderRecipient = (tx: Db, ticketId: number) => ticketRecipient(tx, ticketId);

/** A move as operations ask it: the status, and with `rejected` the reason the customer is told. */
export type OrderMove = { status: OrderStatus; reason?: string | undefined };

/** What a move needs to tell the customer (the mail's sender name and My Tickets' address). */
export type OrderMoveDeps = { brand: Pick<Brand, 'providerName'>; publicUrl: string };

/** What a move did: the order's new status, where it came from, and its ticket's. */
export type MovedOrder = {
  orderid: number;
  accountid: number;
  from: OrderStatus;
  status: OrderStatus;
  ticketid: number;
  ticket_status: string;
};

/**
 * The provider's operations move an order on (docs/decisions/021, 058), the one implementation
 * behind the admin API, the internal route and `npm run order -- move`: the order row is locked,
 * so of two moves at once the second sees the first's status and is refused (409). Its ticket
 * follows (New, Open, Resolved; a rejection also writes the reason on it), a completed call
 * barring order sets the service's mode, and the customer is emailed through the outbox, all in
 * the caller's transaction.
 */
export async function moveOrder(
  tx: Db,
  deps: OrderMoveDeps,
  orderId: number,
  move: OrderMove,
  now: Date,
): Promise<MovedOrder> {
  const to = move.status;
  const asked = orderMoveInputProblem(to, move.reason);
  if (asked !== null) throw ordersError('orderMoveInvalid', asked);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  const from = order.status as OrderStatus;
  const problem = orderMoveProblem(from, to);
  if (problem !== null) throw ordersError('orderStatusMove', problem);
  const reason = to === 'rejected' ? move.reason!.trim() : null;
  await tx.update(orders).set({ status: to, reason, updatedAt: now }).where(eq(orders.id, orderId));
  // A completed call barring order is the network's change done: the service now has that mode.
  const barring = (order.payload as { barring_mode?: unknown }).barring_mode;
  if (to === 'completed' && order.kind === 'call-barring' && order.serviceId !== null) {
    if (typeof barring === 'string') {
      await tx
        .insert(serviceBarring)
        .values({ serviceId: order.serviceId, mode: barring, updatedAt: now })
        .onConflictDoUpdate({
          target: serviceBarring.serviceId,
          set: { mode: barring, updatedAt: now },
        });
    }
  }
  const ticketStatus = ORDER_TICKET_STATUS[to];
  if (reason !== null) {
    // The reason on the ticket too: My Tickets shows why, not only that it is resolved.
    await addMessage(tx, order.ticketId, {
      userId: null,
      authorName: DESK_AUTHOR,
      body: `We could not complete this order: ${reason}`,
      status: ticketStatus,
      now,
    });
  } else {
    await tx
      .update(tickets)
      .set({ status: ticketStatus, updatedAt: now })
      .where(eq(tickets.id, order.ticketId));
  }
  await tellOrderMoved(tx, deps, { id: orderId, ticketId: order.ticketId }, to, reason);
  // In the move's transaction, after the locked row's check: once per move that happened.
  await emitEvent(
    tx,
    'order.status_changed',
    {
      account_id: order.accountId,
      ...(order.serviceId !== null ? { service_id: order.serviceId } : {}),
      order_id: orderId,
      kind: order.kind,
      from,
      to,
      reason,
      ticket_id: order.ticketId,
    },
    now,
  );
  return {
    orderid: orderId,
    accountid: order.accountId,
    from,
    status: to,
    ticketid: order.ticketId,
    ticket_status: ticketStatus,
  };
}

/** What the customer is told of a move: the mail's subject and its sentence. */
function movedText(to: OrderStatus, orderId: number, reason: string | null) {
  switch (to) {
    case 'rejected':
      return {
        subject: 'we could not complete your order',
        sentence: `We could not complete your order ${orderId}: ${reason ?? ''}`,
      };
    case 'completed':
      return { subject: 'your order is complete', sentence: `Your order ${orderId} is complete.` };
    default:
      return {
        subject: 'we are working on your order',
        sentence: `We are now working on your order ${orderId}.`,
      };
  }
}

/**
 * The customer's email about a move, to the outbox in the move's transaction (sent after the
 * commit): to the contact who ordered, else the holder, as the order's first email went.
 */
async function tellOrderMoved(
  tx: Db,
  deps: OrderMoveDeps,
  order: { id: number; ticketId: number },
  to: OrderStatus,
  reason: string | null,
): Promise<void> {
  const recipient = await orderRecipient(tx, order.ticketId);
  if (!recipient?.email) return;
  const number = ticketNumber(order.ticketId);
  const name = deps.brand.providerName;
  const text = movedText(to, order.id, reason);
  await enqueueMessage(tx, 'email', {
    to: recipient.email,
    subject: `${name}: ${text.subject} (ticket ${number})`,
    body: [
      `Hello ${withoutLinks(recipient.given_names)},`,
      '',
      text.sentence,
      '',
      `Please quote the ticket number ${number} if you call us. You can follow it in My Tickets:`,
      `${deps.publicUrl}/support/my-tickets/${order.ticketId}`,
      '',
      `The ${name} team`,
    ].join('\n'),
  });
}

// ---- Call barring ----

/** Call barring and landline options: non-pending services with the matching flag only. */
function requireEligible(service: ServiceRow, flag: boolean) {
  if (service.status === 'pending' || !flag) throw ordersError('orderNotAvailable');
}

export async function currentBarring(db: Db, serviceId: number): Promise<string> {
  const [row] = await db
    .select({ mode: serviceBarring.mode })
    .from(serviceBarring)
    .where(eq(serviceBarring.serviceId, serviceId));
  return row?.mode ?? 'none';
}

/** The mode of the service's latest call barring order not yet completed (null: none open). */
async function requestedBarring(db: Db, serviceId: number): Promise<string | null> {
  const [row] = await db
    .select({ payload: orders.payload })
    .from(orders)
    .where(
      and(
        eq(orders.serviceId, serviceId),
        eq(orders.kind, 'call-barring'),
        inArray(orders.status, WAITING_ORDER_STATUSES),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row ? ((row.payload as { barring_mode?: string }).barring_mode ?? null) : null;
}

export async function listBarringOptions(db: Db, service: ServiceRow): Promise<BarringOption[]> {
  requireEligible(service, service.hasLandlineBarring);
  const [options, current, requested] = await Promise.all([
    db.select().from(barringOptions).orderBy(asc(barringOptions.sort)),
    currentBarring(db, service.id),
    requestedBarring(db, service.id),
  ]);
  return options.map((o) => ({
    value: o.value,
    label: o.label,
    selected: o.value === current,
    requested: requested !== current && o.value === requested,
  }));
}

/**
 * A barring change, with the service row locked: the order tells the network team to apply it
 * and its ticket follows it. The service's mode changes only when the order is completed
 * (`moveOrder`); until then the options show it as requested (issue 35).
 */
export async function changeBarring(
  tx: Db,
  service: ServiceRow,
  mode: string,
  who: { userId: number; authorName: string },
  now: Date,
): Promise<{ result: OrderResult; created: boolean }> {
  requireEligible(service, service.hasLandlineBarring);
  const [option] = await tx.select().from(barringOptions).where(eq(barringOptions.value, mode));
  if (!option) throw ordersError('barringModeUnknown');
  const payload = { barring_mode: mode };
  const twin = await receivedTwin(tx, 'call-barring', service.id, payload);
  if (twin) return { result: twin, created: false };
  const previous = await currentBarring(tx, service.id);
  const result = await createOrder(tx, {
    kind: 'call-barring',
    accountId: service.accountId,
    serviceId: service.id,
    userId: who.userId,
    authorName: who.authorName,
    payload,
    subject: `Call barring change (${formatPhone(service.identifier)})`,
    body: `Please change call barring on ${formatPhone(service.identifier)} to "${option.label}" (was "${previous}").`,
    now,
  });
  return { result, created: true };
}

// ---- Landline options ----

type FeatureRow = typeof telephonyFeatures.$inferSelect;

function toRule(f: FeatureRow) {
  return {
    featureid: f.id,
    feature: f.feature,
    type: f.type as TelephonyFeature['type'],
    range: f.range ?? null,
    requires: f.requires,
    data: f.data,
  };
}

/** The service's features (VoIP-only ones on VoIP services) and their values. */
async function featuresOf(db: Db, service: ServiceRow) {
  const [rows, values] = await Promise.all([
    db.select().from(telephonyFeatures).orderBy(asc(telephonyFeatures.sort)),
    db
      .select({ featureId: serviceTelephonyValues.featureId, value: serviceTelephonyValues.value })
      .from(serviceTelephonyValues)
      .where(eq(serviceTelephonyValues.serviceId, service.id)),
  ]);
  const features = rows.filter((f) => !f.voipOnly || service.hasVoipOptions);
  const valueOf = new Map(values.map((v) => [v.featureId, v.value]));
  const current = new Map(features.map((f) => [f.id, valueOf.get(f.id) ?? f.defaultValue]));
  return { features, current };
}

const mayUse = (f: FeatureRow, held: ReadonlySet<string>) =>
  f.permissions.every((p) => held.has(p));

const landlineFlag = (s: ServiceRow) => s.hasLandlineOptions || s.hasVoipOptions;

/** The features the caller may see (a feature's own permissions; spec 2 section 6). */
export async function listTelephonyFeatures(
  db: Db,
  service: ServiceRow,
  held: ReadonlySet<string>,
): Promise<TelephonyFeature[]> {
  requireEligible(service, landlineFlag(service));
  const { features, current } = await featuresOf(db, service);
  return features
    .filter((f) => mayUse(f, held))
    .map((f) => {
      const value = current.get(f.id) ?? f.defaultValue;
      return {
        featureid: f.id,
        feature: f.feature,
        label: f.label,
        section: f.section,
        price: f.priceCents,
        type: f.type as TelephonyFeature['type'],
        range: f.range ?? null,
        value,
        requires: f.requires,
        data: f.data.map((o) => ({ ...o, selected: o.value === value })),
        permissions: f.permissions,
      };
    });
}

function valueLabel(f: FeatureRow, value: string): string {
  if (f.type === 'toggle') return isToggleOn(toRule(f), value) ? 'On' : 'Off';
  if (f.type === 'text' && value === '') return '(empty)';
  // The ticket is read in My Tickets: a PIN stays out of it (the order's payload has it).
  if (PIN_FEATURES.includes(f.feature)) return maskedPin(value);
  if (f.type === 'text') return value;
  return f.data.find((o) => o.value === value)?.label ?? value;
}

/**
 * A landline options change, with the service row locked: each feature must be one the caller
 * may see, each value valid for its type, and a dependent field of a toggle that is on may not be
 * empty. The values are stored at once (a priced toggle that is on bills from the next invoice)
 * and the order asks the network team to apply them.
 */
export async function changeTelephonyFeatures(
  tx: Db,
  service: ServiceRow,
  changes: { featureid: number; value: string }[],
  who: { userId: number; authorName: string; permissions: ReadonlySet<string> },
  now: Date,
): Promise<{ result: OrderResult; created: boolean }> {
  requireEligible(service, landlineFlag(service));
  const { features, current } = await featuresOf(tx, service);
  const byId = new Map(features.map((f) => [f.id, f]));
  const seen = new Set<number>();
  for (const c of changes) {
    const f = byId.get(c.featureid);
    if (!f || !mayUse(f, who.permissions)) throw ordersError('featureUnknown');
    if (seen.has(c.featureid)) throw ordersError('featureListedTwice');
    seen.add(c.featureid);
  }
  const next = new Map(current);
  for (const c of changes) next.set(c.featureid, c.value);
  const errors = telephonyErrors(features.map(toRule), next, {
    required: messages.telephony.required,
    invalid: 'Please choose one of the options.',
  });
  const firstError = [...errors].find(([id]) => seen.has(id) || byId.get(id)!.requires.length > 0);
  if (firstError) {
    throw ordersError('featureValueInvalid', byId.get(firstError[0])!.label, firstError[1]);
  }
  const payload = [...changes].sort((a, b) => a.featureid - b.featureid);
  const twin = await receivedTwin(tx, 'landline-options', service.id, payload);
  if (twin) return { result: twin, created: false };

  let monthlyCents = 0;
  const lines: string[] = [];
  for (const c of payload) {
    const f = byId.get(c.featureid)!;
    const billable = f.priceCents > 0 && isToggleOn(toRule(f), c.value);
    const wasOn = isToggleOn(toRule(f), current.get(f.id) ?? '');
    if (billable && !wasOn) monthlyCents += f.priceCents;
    await tx
      .insert(serviceTelephonyValues)
      .values({ serviceId: service.id, featureId: f.id, value: c.value, billable, updatedAt: now })
      .onConflictDoUpdate({
        target: [serviceTelephonyValues.serviceId, serviceTelephonyValues.featureId],
        set: { value: c.value, billable, updatedAt: now },
      });
    lines.push(
      `- ${f.label}: ${valueLabel(f, c.value)}${billable ? ` (${formatDollars(f.priceCents)} per month)` : ''}`,
    );
  }
  const result = await createOrder(tx, {
    kind: 'landline-options',
    accountId: service.accountId,
    serviceId: service.id,
    userId: who.userId,
    authorName: who.authorName,
    payload,
    subject: `Landline options change (${formatPhone(service.identifier)})`,
    body: [
      `Please change these landline options on ${formatPhone(service.identifier)}:`,
      ...lines,
    ].join('\n'),
    monthlyCents: monthlyCents > 0 ? monthlyCents : null,
    now,
  });
  return { result, created: true };
}
