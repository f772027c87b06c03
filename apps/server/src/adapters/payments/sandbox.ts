import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SandboxConfirm, SandboxConfirmInput } from '@outpost/contracts/billing';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type {
  EventHandler,
  GatewayError,
  GatewayEvent,
  IntentStatus,
  PaymentGateway,
  PaymentIntentInfo,
  PaymentMethodInfo,
  SetupIntentInfo,
} from './gateway';
import { GatewayRequestError } from './gateway';
import { sandboxError } from './sandbox.errors';
import {
  sandboxCustomers,
  sandboxEvents,
  sandboxIntents,
  sandboxPaymentMethods,
} from './sandbox.schema';
import {
  EXPIRED,
  PAYMENT_AUTHENTICATION_FAILED,
  SETUP_AUTHENTICATION_FAILED,
  TEST_BANK_ACCOUNTS,
  TEST_BSB,
  TEST_CARDS,
  UNLISTED_ACCOUNT,
  UNLISTED_NUMBER,
  chargeFailure,
} from './test-numbers';
import type { Behaviour } from './test-numbers';

/**
 * The embedded sandbox gateway (docs/decisions/015): Stripe's test mode in our own database.
 * - Ids and client secrets look like Stripe's; a client secret is stored only as its SHA-256 and
 *   compared in constant time (it is the browser's credential for confirming its intent).
 * - Only Stripe's published test numbers are accepted (test-numbers.ts), with their outcomes; a
 *   payment method keeps brand, last 4, expiry (a bank account: holder and last 4) and the
 *   behaviour of its number, never the number.
 * - Every change of an intent writes its event in the same transaction; after the commit the
 *   events not yet delivered go to the handler (onEvent), in order, and are marked delivered when
 *   it resolves. A failing handler leaves its event pending: deliverPending() tries again.
 * - BECS debits: a charge is 'processing' (payment_intent.processing) and is settled at once in a
 *   second transaction (payment_intent.succeeded or payment_intent.payment_failed), as a bank
 *   answering a moment later; the caller of the charge sees 'processing', like Stripe's answer.
 */
export type SandboxGateway = PaymentGateway & {
  readonly mode: 'sandbox';
  deliverPending(): Promise<number>;
  /** The browser's confirm with the sandbox's own card or bank form (like Stripe.js's). */
  confirm(
    kind: 'setup' | 'payment',
    intentId: string,
    input: SandboxConfirmInput,
  ): Promise<SandboxConfirm>;
  /** The stand-in for the bank's authentication page (HTML). */
  authenticationPage(
    intentId: string,
    query: { client_secret: string; return_url: string },
  ): Promise<string>;
  /** Completes or fails the authentication; answers where to send the browser back to. */
  authenticate(
    intentId: string,
    input: { client_secret: string; return_url: string; outcome: 'complete' | 'fail' },
  ): Promise<string>;
};

export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway =>
  gateway.mode === 'sandbox' && 'confirm' in gateway;

type IntentRow = typeof sandboxIntents.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;
type Kind = 'setup' | 'payment';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random letters and digits (crypto.randomBytes, no modulo bias). */
function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

const newId = (prefix: string) => `${prefix}_${randomToken(24)}`;

let lastTick = 0;
/** Event ids sort in the order they were made (their delivery order), then a random part. */
function newEventId(): string {
  lastTick = Math.max(Date.now() * 1000, lastTick + 1);
  return `evt_${lastTick.toString(36).padStart(12, '0')}${randomToken(12)}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Compared for an unknown intent too, so that the answer takes the same time. */
const NO_HASH = '0'.repeat(64);

function secretMatches(hash: string, secret: string): boolean {
  const stored = Buffer.from(hash, 'hex');
  const given = sha256(secret);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** A charge's receipt number ('1234-5678'), fixed for its intent. */
function receiptNumber(intentId: string): string {
  const digits = String(sha256(`receipt:${intentId}`).readUInt32BE(0) % 100_000_000).padStart(
    8,
    '0',
  );
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** Kept in the intent's metadata column, never shown: whether a paid card is saved. */
const SAVE_KEY = 'sandbox:setup_future_usage';

function callerMetadata(row: IntentRow): Record<string, string> {
  const { [SAVE_KEY]: _saved, ...rest } = row.metadata as Record<string, string>;
  return rest;
}
const savesCard = (row: IntentRow) => (row.metadata as Record<string, string>)[SAVE_KEY] === 'yes';

function methodInfo(method: MethodRow | null): PaymentMethodInfo | null {
  if (!method) return null;
  return {
    id: method.id,
    type: method.type === 'au_becs_debit' ? 'au_becs_debit' : 'card',
    card:
      method.type === 'card'
        ? {
            brand: method.brand ?? 'unknown',
            last4: method.last4,
            expMonth: method.expMonth ?? 0,
            expYear: method.expYear ?? 0,
          }
        : null,
    bank:
      method.type === 'au_becs_debit'
        ? { name: method.holderName ?? '', last4: method.last4 }
        : null,
  };
}

function setupInfo(row: IntentRow, method: MethodRow | null, clientSecret = ''): SetupIntentInfo {
  return {
    id: row.id,
    clientSecret,
    status: row.status as IntentStatus,
    customerId: row.customerId,
    paymentMethod: methodInfo(method),
    lastError: (row.lastError as GatewayError | null) ?? null,
    metadata: callerMetadata(row),
  };
}

function paymentInfo(
  row: IntentRow,
  method: MethodRow | null,
  clientSecret = '',
): PaymentIntentInfo {
  return {
    id: row.id,
    clientSecret,
    status: row.status as IntentStatus,
    amountCents: row.amountCents ?? 0,
    customerId: row.customerId,
    paymentMethod: methodInfo(method),
    lastError: (row.lastError as GatewayError | null) ?? null,
    receiptId: row.status === 'succeeded' ? receiptNumber(row.id) : null,
    metadata: callerMetadata(row),
  };
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

const EVENT_OF: Record<Kind, Partial<Record<string, string>>> = {
  setup: {
    succeeded: 'setup_intent.succeeded',
    requires_payment_method: 'setup_intent.setup_failed',
  },
  payment: {
    succeeded: 'payment_intent.succeeded',
    processing: 'payment_intent.processing',
    requires_payment_method: 'payment_intent.payment_failed',
  },
};

type StoredEvent = { paymentIntent: PaymentIntentInfo | null; setupIntent: SetupIntentInfo | null };

async function methodOf(db: Db, id: string | null): Promise<MethodRow | null> {
  if (!id) return null;
  const [method] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, id));
  return method ?? null;
}

/** The same-origin address to return to, or a 400: never an open redirect. */
function safeReturnUrl(raw: string, publicUrl: string): URL {
  const base = new URL(publicUrl);
  let target: URL;
  try {
    target = new URL(raw, base);
  } catch {
    throw sandboxError('sandboxReturnUrlRefused');
  }
  const relative = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\');
  const absolute = /^https?:\/\//i.test(raw);
  if ((!relative && !absolute) || target.origin !== base.origin)
    throw sandboxError('sandboxReturnUrlRefused');
  return target;
}

/** A return address with the query Stripe adds; relative when it was given relative. */
function returnLocation(raw: string, target: URL, params: Record<string, string>): string {
  const url = new URL(target.href);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return raw.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

type MadeMethod =
  | { ok: true; values: Omit<typeof sandboxPaymentMethods.$inferInsert, 'id' | 'createdAt'> }
  | { ok: false; error: GatewayError; attempted: boolean };

/** The payment method the browser's details stand for, or the error their test number gives. */
function makeMethod(data: SandboxConfirmInput['payment_method_data'], now: Date): MadeMethod {
  if (data.type === 'card') {
    const number = data.card.number.replaceAll(' ', '');
    const card = TEST_CARDS.find((c) => c.number === number);
    if (!card) return { ok: false, error: UNLISTED_NUMBER, attempted: false };
    const { exp_month: expMonth, exp_year: expYear } = data.card;
    const year = now.getUTCFullYear();
    if (expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1))
      return { ok: false, error: EXPIRED, attempted: true };
    if (card.behaviour === 'decline') return { ok: false, error: card.error!, attempted: true };
    return {
      ok: true,
      values: {
        type: 'card',
        brand: card.brand,
        last4: number.slice(-4),
        expMonth,
        expYear,
        behaviour: card.behaviour,
      },
    };
  }
  const { bsb_number: bsb, account_number: account } = data.au_becs_debit;
  const bank = bsb === TEST_BSB ? TEST_BANK_ACCOUNTS.find((b) => b.account === account) : undefined;
  if (!bank) return { ok: false, error: UNLISTED_ACCOUNT, attempted: false };
  return {
    ok: true,
    values: {
      type: 'au_becs_debit',
      last4: account.slice(-4),
      holderName: data.billing_details.name,
      behaviour: bank.behaviour,
    },
  };
}

const needsAuthentication = (behaviour: string) =>
  behaviour === 'authenticate_on_setup' || behaviour === 'authenticate_always';

/** What confirming an intent with a method of this behaviour does (the browser is present). */
function onSessionOutcome(
  kind: Kind,
  behaviour: Behaviour,
): { status: IntentStatus; error: GatewayError | null } {
  if (needsAuthentication(behaviour)) return { status: 'requires_action', error: null };
  if (kind === 'setup') return { status: 'succeeded', error: null };
  if (behaviour === 'processing') return { status: 'processing', error: null };
  const failure = chargeFailure(behaviour);
  return failure
    ? { status: 'requires_payment_method', error: failure }
    : { status: 'succeeded', error: null };
}

/** The status an off-session charge of a method ends in straight away. */
function offSessionStatus(behaviour: string): IntentStatus {
  if (behaviour === 'processing' || behaviour.startsWith('bank_')) return 'processing';
  return chargeFailure(behaviour) ? 'requires_payment_method' : 'succeeded';
}

export function createSandboxGateway(db: Db, clock: Clock, publicUrl: string): SandboxGateway {
  let handler: EventHandler | undefined;
  // One delivery round at a time in this process: an event reaches the handler once.
  let deliveries: Promise<unknown> = Promise.resolve();

  async function writeEvent(tx: Db, kind: Kind, row: IntentRow): Promise<void> {
    const type = EVENT_OF[kind][row.status];
    if (!type) return;
    const method = await methodOf(tx, row.paymentMethodId);
    const payload: StoredEvent =
      kind === 'setup'
        ? { setupIntent: setupInfo(row, method), paymentIntent: null }
        : { paymentIntent: paymentInfo(row, method), setupIntent: null };
    await tx.insert(sandboxEvents).values({ id: newEventId(), type, payload, createdAt: clock() });
  }

  /** Sets an intent's new state (and writes its event) inside the caller's transaction. */
  async function change(
    tx: Db,
    row: IntentRow,
    values: Partial<Pick<IntentRow, 'status' | 'lastError' | 'paymentMethodId'>>,
  ): Promise<IntentRow> {
    const [updated] = await tx
      .update(sandboxIntents)
      .set({ ...values, updatedAt: clock() })
      .where(eq(sandboxIntents.id, row.id))
      .returning();
    await writeEvent(tx, row.kind as Kind, updated!);
    return updated!;
  }

  async function attach(tx: Db, methodId: string | null, customerId: string | null) {
    if (!methodId || !customerId) return;
    await tx
      .update(sandboxPaymentMethods)
      .set({ customerId })
      .where(eq(sandboxPaymentMethods.id, methodId));
  }

  /** The intent, locked, when the client secret is its own; anything else is a plain 404. */
  async function lockedIntent(tx: Db, kind: Kind, id: string, secret: string): Promise<IntentRow> {
    const [row] = await tx
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, id))
      .for('update');
    const matches = secretMatches(row?.clientSecretHash ?? NO_HASH, secret);
    if (!row || row.kind !== kind || !matches) throw notFound();
    return row;
  }

  async function deliverRound(): Promise<number> {
    if (!handler) return 0;
    const pending = await db
      .select()
      .from(sandboxEvents)
      .where(isNull(sandboxEvents.deliveredAt))
      .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
      .limit(200);
    let delivered = 0;
    const blocked = new Set<string>();
    for (const row of pending) {
      const payload = row.payload as StoredEvent;
      const intentId = payload.paymentIntent?.id ?? payload.setupIntent?.id ?? '';
      // An intent's events arrive in order: after one failed, its later ones wait too.
      if (blocked.has(intentId)) continue;
      const event: GatewayEvent = { id: row.id, type: row.type, ...payload };
      try {
        await handler(event);
      } catch {
        blocked.add(intentId);
        continue;
      }
      await db
        .update(sandboxEvents)
        .set({ deliveredAt: clock() })
        .where(and(eq(sandboxEvents.id, row.id), isNull(sandboxEvents.deliveredAt)));
      delivered += 1;
    }
    return delivered;
  }

  function deliverPending(): Promise<number> {
    const round = deliveries.then(deliverRound);
    deliveries = round.catch(() => 0);
    return round;
  }

  /** After a commit: hand the new events over; a failure leaves them for deliverPending. */
  async function deliverQuietly(): Promise<void> {
    await deliverPending().catch(() => 0);
  }

  async function findByKey(key: string): Promise<IntentRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.idempotencyKey, key));
    return row;
  }

  function sameRequest(
    row: IntentRow,
    amountCents: number,
    methodId: string | null,
    customerId: string | null,
  ) {
    if (
      row.kind !== 'payment' ||
      row.amountCents !== amountCents ||
      (methodId !== null && row.paymentMethodId !== methodId) ||
      row.customerId !== customerId
    )
      throw new GatewayRequestError(
        'idempotency_error',
        'idempotency_key_in_use',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
  }

  async function readIntent(kind: Kind, id: string): Promise<IntentRow> {
    const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    if (!row || row.kind !== kind)
      throw new GatewayRequestError(
        'invalid_request_error',
        'resource_missing',
        `No such ${kind === 'setup' ? 'setupintent' : 'payment_intent'}: '${id}'`,
      );
    return row;
  }

  async function newIntent(
    tx: Db,
    values: Omit<
      typeof sandboxIntents.$inferInsert,
      'id' | 'clientSecretHash' | 'createdAt' | 'updatedAt'
    >,
    prefix: 'seti' | 'pi',
  ): Promise<{ row: IntentRow | undefined; clientSecret: string }> {
    const id = newId(prefix);
    const clientSecret = `${id}_secret_${randomToken(24)}`;
    const now = clock();
    const [row] = await tx
      .insert(sandboxIntents)
      .values({
        ...values,
        id,
        clientSecretHash: sha256(clientSecret).toString('hex'),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
      .returning();
    return { row, clientSecret };
  }

  async function requireCustomer(id: string): Promise<void> {
    const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
    if (!customer)
      throw new GatewayRequestError(
        'invalid_request_error',
        'resource_missing',
        `No such customer: '${id}'`,
      );
  }

  return {
    mode: 'sandbox',
    publishableKey: 'pk_sandbox',

    async createCustomer({ email }) {
      const id = newId('cus');
      await db.insert(sandboxCustomers).values({ id, email, createdAt: clock() });
      return id;
    },

    async createSetupIntent({ customerId, type, metadata }) {
      await requireCustomer(customerId);
      const { row, clientSecret } = await newIntent(
        db,
        {
          kind: 'setup',
          customerId,
          status: 'requires_payment_method',
          methodType: type === 'bank' ? 'au_becs_debit' : 'card',
          metadata,
        },
        'seti',
      );
      return setupInfo(row!, null, clientSecret);
    },

    async retrieveSetupIntent(id) {
      const row = await readIntent('setup', id);
      return setupInfo(row, await methodOf(db, row.paymentMethodId));
    },

    async createPaymentIntent({ amountCents, customerId, saveCard, metadata, idempotencyKey }) {
      if (customerId) await requireCustomer(customerId);
      const { row, clientSecret } = await newIntent(
        db,
        {
          kind: 'payment',
          customerId,
          amountCents,
          status: 'requires_payment_method',
          methodType: 'card',
          idempotencyKey,
          metadata: { ...metadata, ...(saveCard ? { [SAVE_KEY]: 'yes' } : {}) },
        },
        'pi',
      );
      if (row) return paymentInfo(row, null, clientSecret);
      // The same key again: the intent it made (its client secret is not kept).
      const first = await findByKey(idempotencyKey);
      if (!first) throw new Error('idempotency key conflict without its intent');
      sameRequest(first, amountCents, null, customerId);
      return paymentInfo(first, await methodOf(db, first.paymentMethodId));
    },

    async retrievePaymentIntent(id) {
      const row = await readIntent('payment', id);
      return paymentInfo(row, await methodOf(db, row.paymentMethodId));
    },

    async chargeOffSession({ amountCents, customerId, paymentMethodId, metadata, idempotencyKey }) {
      const replay = async (row: IntentRow) => {
        sameRequest(row, amountCents, paymentMethodId, customerId);
        return paymentInfo(row, await methodOf(db, row.paymentMethodId));
      };
      const earlier = await findByKey(idempotencyKey);
      if (earlier) return replay(earlier);
      const method = await methodOf(db, paymentMethodId);
      if (!method || method.customerId !== customerId)
        throw new GatewayRequestError(
          'invalid_request_error',
          'resource_missing',
          `No such PaymentMethod: '${paymentMethodId}'`,
        );
      const status = offSessionStatus(method.behaviour);
      const made = await withTransaction(db, async (tx) => {
        const { row, clientSecret } = await newIntent(
          tx,
          {
            kind: 'payment',
            customerId,
            amountCents,
            status,
            paymentMethodId,
            methodType: method.type,
            lastError:
              status === 'requires_payment_method' ? chargeFailure(method.behaviour) : null,
            idempotencyKey,
            metadata,
          },
          'pi',
        );
        if (row) await writeEvent(tx, 'payment', row);
        return row ? { row, clientSecret } : null;
      });
      if (!made) {
        // Another call with this key made it (and never charges twice): answer that one.
        const first = await findByKey(idempotencyKey);
        if (!first) throw new Error('idempotency key conflict without its intent');
        return replay(first);
      }
      if (method.type === 'au_becs_debit') {
        // The bank answers: settled now, reported by the second event.
        const failure = chargeFailure(method.behaviour);
        await withTransaction(db, async (tx) => {
          const [row] = await tx
            .select()
            .from(sandboxIntents)
            .where(eq(sandboxIntents.id, made.row.id))
            .for('update');
          if (row?.status !== 'processing') return;
          await change(
            tx,
            row,
            failure
              ? { status: 'requires_payment_method', lastError: failure }
              : { status: 'succeeded' },
          );
        });
      }
      await deliverQuietly();
      return paymentInfo(made.row, method, made.clientSecret);
    },

    async detachPaymentMethod(id) {
      const detached = await db
        .update(sandboxPaymentMethods)
        .set({ customerId: null })
        .where(eq(sandboxPaymentMethods.id, id))
        .returning({ id: sandboxPaymentMethods.id });
      if (detached.length === 0)
        throw new GatewayRequestError(
          'invalid_request_error',
          'resource_missing',
          `No such PaymentMethod: '${id}'`,
        );
    },

    parseWebhook() {
      throw new GatewayRequestError(
        'invalid_request_error',
        null,
        'The sandbox gateway sends no webhooks: its events go straight to the handler.',
      );
    },

    onEvent(next) {
      handler = next;
    },

    deliverPending,

    async confirm(kind, intentId, input) {
      const returnUrl = input.return_url ?? '/';
      safeReturnUrl(returnUrl, publicUrl);
      const { row, method } = await withTransaction(db, async (tx) => {
        const intent = await lockedIntent(tx, kind, intentId, input.client_secret);
        const what = kind === 'setup' ? 'setup' : 'payment';
        if (
          intent.status !== 'requires_payment_method' &&
          intent.status !== 'requires_confirmation'
        )
          throw sandboxError('sandboxUnexpectedState', what, intent.status);
        const data = input.payment_method_data;
        if (data.type !== intent.methodType)
          throw sandboxError(
            'sandboxMethodNotAllowed',
            what,
            intent.methodType === 'card' ? 'card' : 'bank account',
          );
        const made = makeMethod(data, clock());
        if (!made.ok) {
          const values = {
            status: 'requires_payment_method',
            lastError: made.error,
            paymentMethodId: null,
          };
          // An unlisted number never reaches a bank: no attempt, no event (Stripe.js refuses it).
          if (!made.attempted) {
            const [updated] = await tx
              .update(sandboxIntents)
              .set({ ...values, updatedAt: clock() })
              .where(eq(sandboxIntents.id, intent.id))
              .returning();
            return { row: updated!, method: null };
          }
          return { row: await change(tx, intent, values), method: null };
        }
        const [created] = await tx
          .insert(sandboxPaymentMethods)
          .values({ ...made.values, id: newId('pm'), createdAt: clock() })
          .returning();
        const outcome = onSessionOutcome(kind, created!.behaviour as Behaviour);
        if (outcome.status === 'succeeded' || outcome.status === 'processing')
          if (kind === 'setup' || savesCard(intent))
            await attach(tx, created!.id, intent.customerId);
        const updated = await change(tx, intent, {
          status: outcome.status,
          lastError: outcome.error,
          paymentMethodId: created!.id,
        });
        return { row: updated, method: created! };
      });
      await deliverQuietly();
      const query = new URLSearchParams({
        client_secret: input.client_secret,
        return_url: returnUrl,
      });
      return {
        id: row.id,
        status: row.status,
        payment_method: method?.id ?? null,
        next_action:
          row.status === 'requires_action'
            ? {
                redirect_to_url: {
                  url: `${buildPath(apiPaths.sandboxAuthenticate, { intent: row.id })}?${query}`,
                },
              }
            : null,
        last_error: (row.lastError as GatewayError | null) ?? null,
      };
    },

    async authenticationPage(intentId, query) {
      safeReturnUrl(query.return_url, publicUrl);
      const kind: Kind = intentId.startsWith('seti_') ? 'setup' : 'payment';
      const row = await withTransaction(db, (tx) =>
        lockedIntent(tx, kind, intentId, query.client_secret),
      );
      if (row.status !== 'requires_action')
        throw sandboxError('sandboxUnexpectedState', 'authentication', row.status);
      const method = await methodOf(db, row.paymentMethodId);
      const brand = method?.brand ? (BRAND_NAMES[method.brand] ?? method.brand) : 'card';
      const card = method ? `the ${brand} card ending ${method.last4}` : 'your card';
      const what =
        kind === 'setup'
          ? `Saving ${card} for automatic payments.`
          : `A payment of $${((row.amountCents ?? 0) / 100).toFixed(2)} AUD with ${card}.`;
      const action = buildPath(apiPaths.sandboxAuthenticate, { intent: row.id });
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank: confirm it is you</title>
</head>
<body>
<main>
<h1>Sandbox bank: confirm it is you</h1>
<p>This page stands in for your bank's check (3-D Secure) in the sandbox gateway. No real bank is asked and no money moves.</p>
<p>${escapeHtml(what)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(query.client_secret)}">
<input type="hidden" name="return_url" value="${escapeHtml(query.return_url)}">
<p><button type="submit" name="outcome" value="complete">Complete authentication</button></p>
<p><button type="submit" name="outcome" value="fail">Fail authentication</button></p>
</form>
</main>
</body>
</html>
`;
    },

    async authenticate(intentId, input) {
      const target = safeReturnUrl(input.return_url, publicUrl);
      const kind: Kind = intentId.startsWith('seti_') ? 'setup' : 'payment';
      const row = await withTransaction(db, async (tx) => {
        const intent = await lockedIntent(tx, kind, intentId, input.client_secret);
        if (intent.status !== 'requires_action')
          throw sandboxError('sandboxUnexpectedState', 'authentication', intent.status);
        if (input.outcome === 'fail')
          return change(tx, intent, {
            status: 'requires_payment_method',
            lastError:
              kind === 'setup' ? SETUP_AUTHENTICATION_FAILED : PAYMENT_AUTHENTICATION_FAILED,
            paymentMethodId: null,
          });
        if (kind === 'setup' || savesCard(intent))
          await attach(tx, intent.paymentMethodId, intent.customerId);
        return change(tx, intent, { status: 'succeeded', lastError: null });
      });
      await deliverQuietly();
      const name = kind === 'setup' ? 'setup_intent' : 'payment_intent';
      return returnLocation(input.return_url, target, {
        [name]: row.id,
        [`${name}_client_secret`]: input.client_secret,
        redirect_status: row.status === 'succeeded' ? 'succeeded' : 'failed',
      });
    },
  };
}
