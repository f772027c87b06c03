import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from '../../lib/tokens';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type {
  GatewayError,
  IntentStatus,
  PaymentIntentInfo,
  PaymentMethodInfo,
  SetupIntentInfo,
} from './gateway';
import { GatewayRequestError } from './gateway';
import {
  sandboxCustomers,
  sandboxEvents,
  sandboxIntents,
  sandboxPaymentMethods,
} from './sandbox.schema';
import { chargeFailure } from './test-numbers';

/**
 * The sandbox gateway's intents and payment methods as stored (docs/decisions/015): ids and
 * client secrets like Stripe's, the rows as the gateway interface answers them, and the reads and
 * writes every part of the sandbox shares. Every change of an intent writes its event in the
 * caller's transaction.
 */
export type IntentRow = typeof sandboxIntents.$inferSelect;
export type MethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type Kind = 'setup' | 'payment';

export const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random letters and digits (crypto.randomBytes, no modulo bias). */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const newId = (prefix: string) => `${prefix}_${randomToken(24)}`;

let lastTick = 0;
/** Event ids sort in the order they were made (their delivery order), then a random part. */
export function newEventId(): string {
  lastTick = Math.max(Date.now() * 1000, lastTick + 1);
  return `evt_${lastTick.toString(36).padStart(12, '0')}${randomToken(12)}`;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Compared for an unknown intent too, so that the answer takes the same time. */
export const NO_HASH = '0'.repeat(64);

export function secretMatches(hash: string, secret: string): boolean {
  const stored = Buffer.from(hash, 'hex');
  const given = sha256(secret);
  return sameSecret(given, stored);
}

/** A charge's receipt number ('1234-5678'), fixed for its intent. */
export function receiptNumber(intentId: string): string {
  const digits = String(sha256(`receipt:${intentId}`).readUInt32BE(0) % 100_000_000).padStart(
    8,
    '0',
  );
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** Kept in the intent's metadata column, never shown: whether a paid card is saved. */
export const SAVE_KEY = 'sandbox:setup_future_usage';

export function callerMetadata(row: IntentRow): Record<string, string> {
  const { [SAVE_KEY]: _saved, ...rest } = row.metadata as Record<string, string>;
  return rest;
}
export const savesCard = (row: IntentRow) =>
  (row.metadata as Record<string, string>)[SAVE_KEY] === 'yes';

export function methodInfo(method: MethodRow | null): PaymentMethodInfo | null {
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

/** What a SetupIntent and a PaymentIntent both answer. */
function intentInfo(row: IntentRow, method: MethodRow | null, clientSecret: string) {
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

export const setupInfo = (
  row: IntentRow,
  method: MethodRow | null,
  clientSecret = '',
): SetupIntentInfo => intentInfo(row, method, clientSecret);

export const paymentInfo = (
  row: IntentRow,
  method: MethodRow | null,
  clientSecret = '',
): PaymentIntentInfo => ({
  ...intentInfo(row, method, clientSecret),
  amountCents: row.amountCents ?? 0,
  receiptId: row.status === 'succeeded' ? receiptNumber(row.id) : null,
});

export const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

export const EVENT_OF: Record<Kind, Partial<Record<string, string>>> = {
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

export type StoredEvent = {
  paymentIntent: PaymentIntentInfo | null;
  setupIntent: SetupIntentInfo | null;
};

export async function methodOf(db: Db, id: string | null): Promise<MethodRow | null> {
  if (!id) return null;
  const [method] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, id));
  return method ?? null;
}

/** The status an off-session charge of a method ends in straight away. */
export function offSessionStatus(behaviour: string): IntentStatus {
  if (behaviour === 'processing' || behaviour.startsWith('bank_')) return 'processing';
  return chargeFailure(behaviour) ? 'requires_payment_method' : 'succeeded';
}

export async function writeEvent(tx: Db, clock: Clock, kind: Kind, row: IntentRow): Promise<void> {
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
export async function change(
  tx: Db,
  clock: Clock,
  row: IntentRow,
  values: Partial<Pick<IntentRow, 'status' | 'lastError' | 'paymentMethodId'>>,
): Promise<IntentRow> {
  const [updated] = await tx
    .update(sandboxIntents)
    .set({ ...values, updatedAt: clock() })
    .where(eq(sandboxIntents.id, row.id))
    .returning();
  await writeEvent(tx, clock, row.kind as Kind, updated!);
  return updated!;
}

export async function attach(tx: Db, methodId: string | null, customerId: string | null) {
  if (!methodId || !customerId) return;
  await tx
    .update(sandboxPaymentMethods)
    .set({ customerId })
    .where(eq(sandboxPaymentMethods.id, methodId));
}

/** The intent, locked, when the client secret is its own; anything else is a plain 404. */
export async function lockedIntent(
  tx: Db,
  kind: Kind,
  id: string,
  secret: string,
): Promise<IntentRow> {
  const [row] = await tx
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.id, id))
    .for('update');
  const matches = secretMatches(row?.clientSecretHash ?? NO_HASH, secret);
  if (!row || row.kind !== kind || !matches) throw notFound();
  return row;
}

export async function findByKey(db: Db, key: string): Promise<IntentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, key));
  return row;
}

export function sameRequest(
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

export async function readIntent(db: Db, kind: Kind, id: string): Promise<IntentRow> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
  if (!row || row.kind !== kind)
    throw new GatewayRequestError(
      'invalid_request_error',
      'resource_missing',
      `No such ${kind === 'setup' ? 'setupintent' : 'payment_intent'}: '${id}'`,
    );
  return row;
}

export async function newIntent(
  tx: Db,
  clock: Clock,
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

export async function requireCustomer(db: Db, id: string): Promise<void> {
  const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  if (!customer)
    throw new GatewayRequestError(
      'invalid_request_error',
      'resource_missing',
      `No such customer: '${id}'`,
    );
}
