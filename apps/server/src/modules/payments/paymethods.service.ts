import { and, eq, isNull } from 'drizzle-orm';
import { paymethodValue } from '@outpost/contracts/billing';
import { PAYMETHOD_BANK, PAYMETHOD_CARD, PAYMETHOD_NONE } from '@outpost/domain/billing-rules';
import type { Paymethods, PaymethodValue, UpdatePaymethodsInput } from '@outpost/contracts/billing';
import { storedCardExpiry, isCardExpired } from '@outpost/domain/card-rules';
import type { PaymentGateway, PaymentMethodInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { accounts, users } from '../../db/accounts.schema';
import { paymethods } from '../billing/billing.schema';
import { paymentsError } from './payments.errors';

export type PaymethodsRow = typeof paymethods.$inferSelect;

const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  american_express: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card brand as people read it: Stripe's 'visa' is 'Visa' (what 'Visa ending in 4242' shows). */
export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase().replaceAll(' ', '_')] ?? brand;
}

/** The last 4 digits of a stored account number ('062-000 ****6789' -> '6789'). */
export function lastDigits(account: string): string {
  return account.replace(/\D/g, '').slice(-4);
}

export const cardDisplay = (type: string, last4: string) => `${brandName(type)} ending in ${last4}`;
export const bankDisplay = (account: string) => `Bank account ending in ${lastDigits(account)}`;

/** What of the account's row the payments response shows. */
export type PaymethodsShown = Pick<
  PaymethodsRow,
  'method' | 'status' | 'cardLast4' | 'cardExpires' | 'cardType' | 'bankAccount' | 'bankName'
>;

/** The payments response of spec 3 section 3, from the account's row (none: nothing saved). */
export function toPaymethods(accountId: number, row: PaymethodsShown | undefined): Paymethods {
  const method = paymethodValue.safeParse(row?.method);
  return {
    current: {
      method: method.success ? method.data : PAYMETHOD_NONE,
      status: row?.status ?? 'Active',
    },
    card_details:
      row?.cardLast4 != null
        ? {
            last4: row.cardLast4,
            expires: row.cardExpires ?? '',
            type: brandName(row.cardType ?? 'Card'),
          }
        : null,
    bank_details:
      row?.bankAccount != null ? { name: row.bankName ?? '', account: row.bankAccount } : null,
    accountid: accountId,
  };
}

export async function paymethodsRow(
  db: Db,
  accountId: number,
  lock = false,
): Promise<PaymethodsRow | undefined> {
  const query = db.select().from(paymethods).where(eq(paymethods.accountId, accountId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function paymethodsOf(db: Db, accountId: number): Promise<Paymethods> {
  return toPaymethods(accountId, await paymethodsRow(db, accountId));
}

/**
 * The account's customer at the gateway, created on first use and kept in paymethods (a row 'Not
 * Yet Set' is created when the account has none). Two first uses at once may each create one; the
 * first stored wins and the other is never used.
 */
export async function ensureGatewayCustomer(
  db: Db,
  gateway: PaymentGateway,
  accountId: number,
): Promise<string> {
  const existing = await paymethodsRow(db, accountId);
  if (existing?.gatewayCustomerId) return existing.gatewayCustomerId;
  if (!existing)
    await db
      .insert(paymethods)
      .values({ accountId, method: PAYMETHOD_NONE, status: 'Active', display: PAYMETHOD_NONE })
      .onConflictDoNothing();
  const [account] = await db
    .select({ name: accounts.name, email: users.email })
    .from(accounts)
    .leftJoin(users, and(eq(users.accountId, accounts.id), eq(users.isAccountHolder, true)))
    .where(eq(accounts.id, accountId))
    .limit(1);
  const customerId = await gateway.createCustomer({
    accountId,
    name: account?.name ?? String(accountId),
    email: account?.email ?? null,
  });
  const [stored] = await db
    .update(paymethods)
    .set({ gatewayCustomerId: customerId })
    .where(and(eq(paymethods.accountId, accountId), isNull(paymethods.gatewayCustomerId)))
    .returning({ id: paymethods.gatewayCustomerId });
  if (stored?.id) return stored.id;
  return (await paymethodsRow(db, accountId))!.gatewayCustomerId!;
}

type Change = { paymethods: Paymethods; detach: string | null };

/**
 * PATCH payment methods (spec 3 sections 4 and 7): remove the card or the bank account (only
 * while both are saved; the default moves to the other), or make the saved card or bank account
 * the default (not an expired card). The row is locked, so two removals at once cannot leave
 * the account with neither. Answers the new state and the gateway method to detach after commit.
 */
export async function updatePaymethods(
  db: Db,
  accountId: number,
  input: UpdatePaymethodsInput,
  now: Date,
): Promise<Change> {
  return withTransaction(db, async (tx) => {
    const row = await paymethodsRow(tx, accountId, true);
    const hasCard = row?.cardLast4 != null;
    const hasBank = row?.bankAccount != null;
    let detach: string | null = null;

    if ('card_details' in input || 'bank_details' in input) {
      if (!row || !hasCard || !hasBank) throw paymentsError('removeNeedsBoth');
      const removeCard = 'card_details' in input;
      const removed: PaymethodValue = removeCard ? PAYMETHOD_CARD : PAYMETHOD_BANK;
      detach = removeCard ? row.cardPaymentMethodId : row.bankPaymentMethodId;
      const moveDefault =
        row.method === removed
          ? removeCard
            ? { method: PAYMETHOD_BANK, status: 'Active', display: bankDisplay(row.bankAccount!) }
            : {
                method: PAYMETHOD_CARD,
                status: 'Active',
                display: cardDisplay(row.cardType ?? 'Card', row.cardLast4!),
              }
          : {};
      await tx
        .update(paymethods)
        .set({
          ...(removeCard
            ? { cardType: null, cardLast4: null, cardExpires: null, cardPaymentMethodId: null }
            : { bankName: null, bankAccount: null, bankPaymentMethodId: null }),
          ...moveDefault,
        })
        .where(eq(paymethods.accountId, accountId));
    } else {
      const method = input.current.method;
      if (method === PAYMETHOD_CARD) {
        if (!row || !hasCard) throw paymentsError('methodNotSaved', 'card');
        if (isCardExpired(row.cardExpires, now)) throw paymentsError('cardExpiredDefault');
      } else if (!row || !hasBank) throw paymentsError('methodNotSaved', 'bank account');
      await tx
        .update(paymethods)
        .set({
          method,
          status: 'Active',
          display:
            method === PAYMETHOD_CARD
              ? cardDisplay(row.cardType ?? 'Card', row.cardLast4!)
              : bankDisplay(row.bankAccount!),
        })
        .where(eq(paymethods.accountId, accountId));
    }
    return { paymethods: await paymethodsOf(tx, accountId), detach };
  });
}

/**
 * Keeps the card or bank account a succeeded SetupIntent holds, replacing the one saved before;
 * an account with no method yet gets it as its default. Answers the method it replaced (to detach
 * at the gateway after commit). Inside the commit's transaction.
 */
export async function saveMethod(
  tx: Db,
  accountId: number,
  method: PaymentMethodInfo,
): Promise<string | null> {
  const row = await paymethodsRow(tx, accountId, true);
  if (!row) throw new Error(`account ${accountId} has no paymethods row`);
  if (method.type === 'card' && method.card) {
    const { brand, last4, expMonth, expYear } = method.card;
    const display = cardDisplay(brand, last4);
    await tx
      .update(paymethods)
      .set({
        cardType: brandName(brand),
        cardLast4: last4,
        cardExpires: storedCardExpiry(expMonth, expYear),
        cardPaymentMethodId: method.id,
        ...(row.method === PAYMETHOD_NONE || row.method === PAYMETHOD_CARD
          ? { method: PAYMETHOD_CARD, status: 'Active', display }
          : {}),
      })
      .where(eq(paymethods.accountId, accountId));
    return row.cardPaymentMethodId !== method.id ? row.cardPaymentMethodId : null;
  }
  if (method.type === 'au_becs_debit' && method.bank) {
    const account = `****${method.bank.last4}`;
    await tx
      .update(paymethods)
      .set({
        bankName: method.bank.name,
        bankAccount: account,
        bankPaymentMethodId: method.id,
        ...(row.method === PAYMETHOD_NONE || row.method === PAYMETHOD_BANK
          ? { method: PAYMETHOD_BANK, status: 'Active', display: bankDisplay(account) }
          : {}),
      })
      .where(eq(paymethods.accountId, accountId));
    return row.bankPaymentMethodId !== method.id ? row.bankPaymentMethodId : null;
  }
  throw new Error(`payment method ${method.id} has no card or bank details`);
}
