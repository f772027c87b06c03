import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@outpost/domain/admin-rules';
import { WEBHOOK_MAX_ATTEMPTS, webhookBackoffMs } from '@outpost/domain/admin-rules';
import type { OutboundNet } from '../../adapters/outbound-https';
import { OutboundRefused, postPinned } from '../../adapters/outbound-https';
import { isPublicAddress } from '../../adapters/push-hosts';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from './webhooks.schema';

/** The header that carries a delivery's signature (as Stripe's: `t=<unix seconds>,v1=<hex>`). */
export const SIGNATURE_HEADER = 'outpost-signature';

/**
 * The signature of a delivery: HMAC-SHA256 with the endpoint's secret over `<t>.<body>`, `t` the
 * time of sending in Unix seconds, so a receiver checks both the body and its age (and refuses a
 * replay older than its tolerance, Stripe's 5 minutes).
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** A new endpoint's signing secret: `whsec_` and 256 random bits. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Records `event` for every live endpoint subscribed to it, in `tx`: the transaction of what
 * happened, so an event is delivered exactly when that commits (a rolled-back purchase sends
 * nothing). `data` names our ids; the account's and service's external ids are added when the
 * data names them.
 */
export async function emitEvent(
  tx: Db,
  event: WebhookEvent,
  data: Record<string, unknown> & { account_id?: number; service_id?: number },
  now: Date,
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(isNull(webhookEndpoints.disabledAt), sql`${event} = any(${webhookEndpoints.events})`),
    );
  if (endpoints.length === 0) return;
  const [ids] = await queryRows<{ account: string | null; service: string | null }>(
    tx,
    sql`select (select external_id from accounts where id = ${data.account_id ?? null}::int) as account,
               (select external_id from services where id = ${data.service_id ?? null}::int) as service`,
  );
  const eventId = randomUUID();
  const payload = {
    id: eventId,
    type: event,
    created: now.toISOString(),
    data: {
      ...data,
      ...(data.account_id !== undefined ? { account_external_id: ids?.account ?? null } : {}),
      ...(data.service_id !== undefined ? { service_external_id: ids?.service ?? null } : {}),
    },
  };
  await tx.insert(webhookDeliveries).values(
    endpoints.map((e) => ({
      endpointId: e.id,
      eventId,
      event,
      payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/** How long a claimed delivery is another worker's before it may be claimed again. */
const CLAIM_MS = 60_000;

/**
 * Sends the deliveries due (at most `batch`), each once across workers: claimed by pushing its
 * next attempt a minute on (a worker that dies mid-send leaves it to be tried again then). A 2xx
 * answer is delivered; anything else (a redirect, an error, a timeout, a host that is not
 * public) is a failed attempt, tried again after webhookBackoffMs, and after
 * WEBHOOK_MAX_ATTEMPTS left 'dead'. Answers how many were delivered and failed.
 */
export async function deliverWebhooks(
  db: Db,
  net: OutboundNet,
  now: Date,
  batch = 20,
): Promise<{ delivered: number; failed: number }> {
  const claimed = await queryRows<{
    id: number;
    url: string;
    secret: string;
    event: string;
    event_id: string;
    payload: unknown;
    attempts: number;
  }>(
    db,
    sql`update webhook_deliveries d
           set attempts = d.attempts + 1,
               next_attempt_at = ${new Date(now.getTime() + CLAIM_MS)}
          from webhook_endpoints e
         where e.id = d.endpoint_id
           and d.id in (select id from webhook_deliveries
                         where status = 'pending' and next_attempt_at <= ${now}
                         order by next_attempt_at, id limit ${batch}
                           for update skip locked)
        returning d.id, e.url, e.secret, d.event, d.event_id, d.payload, d.attempts`,
  );
  let delivered = 0;
  let failed = 0;
  for (const delivery of claimed) {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(now.getTime() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await postPinned(net, {
        endpoint: delivery.url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Outpost-Webhooks/1',
          'outpost-event': delivery.event,
          'outpost-event-id': delivery.event_id,
          [SIGNATURE_HEADER]: signatureOf(delivery.secret, timestamp, body),
        },
        body: Buffer.from(body),
      });
      if (status < 200 || status >= 300) error = `answered ${status}`;
    } catch (cause) {
      error =
        cause instanceof OutboundRefused
          ? 'refused: the host does not resolve to a public address'
          : cause instanceof Error
            ? cause.message
            : String(cause);
    }
    if (error === null) {
      delivered++;
      await db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: now, lastStatus: status, lastError: null })
        .where(eq(webhookDeliveries.id, delivery.id));
    } else {
      failed++;
      const dead = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
      await db
        .update(webhookDeliveries)
        .set({
          status: dead ? 'dead' : 'pending',
          lastStatus: status,
          lastError: error.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(delivery.attempts)),
        })
        .where(eq(webhookDeliveries.id, delivery.id));
    }
  }
  return { delivered, failed };
}

/** The job's run: batches until none is left due (at most 10 batches of 20 a run). */
export async function deliverAllWebhooks(
  db: Db,
  net: OutboundNet,
  now: Date,
): Promise<{ delivered: number; failed: number }> {
  const total = { delivered: 0, failed: 0 };
  for (let i = 0; i < 10; i++) {
    const { delivered, failed } = await deliverWebhooks(db, net, now);
    total.delivered += delivered;
    total.failed += failed;
    if (delivered + failed < 20) break;
  }
  return total;
}

export type EndpointSummary = {
  endpointid: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  created: string;
  disabled: string | null;
};

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const endpointSummary = (e: EndpointRow): EndpointSummary => ({
  endpointid: e.id,
  url: e.url,
  description: e.description,
  events: e.events as WebhookEvent[],
  created: e.createdAt.toISOString(),
  disabled: e.disabledAt?.toISOString() ?? null,
});

/** A new endpoint; its signing secret is in this answer only. */
export async function createEndpoint(
  db: Db,
  input: { url: string; events: readonly WebhookEvent[]; description?: string | undefined },
  createdBy: number | null,
  now: Date,
): Promise<EndpointSummary & { secret: string }> {
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      events: [...input.events],
      description: input.description ?? '',
      secret,
      createdBy,
      createdAt: now,
    })
    .returning();
  return { ...endpointSummary(row!), secret };
}

export async function listEndpoints(db: Db): Promise<EndpointSummary[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));
  return rows.map(endpointSummary);
}

/** Switches an endpoint off: nothing more is recorded for it; what is pending is not sent. */
export async function disableEndpoint(
  db: Db,
  endpointId: number,
  now: Date,
): Promise<EndpointSummary | null> {
  await db
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)));
  await db
    .update(webhookDeliveries)
    .set({ status: 'dead', lastError: 'endpoint disabled' })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')),
    );
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return row ? endpointSummary(row) : null;
}

export type DeliverySummary = {
  deliveryid: number;
  event: string;
  event_id: string;
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  next_attempt: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered: string | null;
  created: string;
};

/** An endpoint's latest deliveries, newest first. */
export async function listDeliveries(db: Db, endpointId: number): Promise<DeliverySummary[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  return rows.map((d) => ({
    deliveryid: d.id,
    event: d.event,
    event_id: d.eventId,
    status: d.status as DeliverySummary['status'],
    attempts: d.attempts,
    next_attempt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    last_status: d.lastStatus,
    last_error: d.lastError,
    delivered: d.deliveredAt?.toISOString() ?? null,
    created: d.createdAt.toISOString(),
  }));
}

/**
 * Sends a delivery again at the next run (a dead one too, attempts counted afresh), when its
 * endpoint is live; answers whether it was queued.
 */
export async function retryDelivery(db: Db, deliveryId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(
          webhookDeliveries.endpointId,
          db
            .select({ id: webhookEndpoints.id })
            .from(webhookEndpoints)
            .where(isNull(webhookEndpoints.disabledAt)),
        ),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/**
 * Whether a webhook URL may be registered: https, no user or password, a host that is a name
 * (not a local one) or a public IP address. Where a name resolves is checked at each send.
 */
export function webhookUrlAllowed(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return isPublicAddress(host);
  return (
    host.includes('.') && !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host)
  );
}
