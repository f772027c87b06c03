import { eq, isNotNull, or } from 'drizzle-orm';
import { createSandboxGateway } from '../adapters/payments/sandbox';
import { TEST_CARDS } from '../adapters/payments/test-numbers';
import type { Db } from '../db/client';
import { parseCardExpiry } from '@outpost/domain/card-rules';
import { accounts } from '../db/accounts.schema';
import { paymethods } from '../modules/billing/billing.schema';

/** The sandbox's BECS test account that saves and debits (BSB 000000). */
const TEST_BANK = { bsb: '000000', account: '000123456' };

/**
 * The demo accounts' saved cards and bank accounts, made at the embedded sandbox gateway (its
 * customer and payment method, through the same confirm a browser uses) and linked in paymethods,
 * so the saved-card payment and the billing run charge them in the demo. A card is made from the
 * succeeding test number with its last 4 digits (Visa 4242: 4242424242424242) and its expiry; a
 * bank account from BSB 000000 account 000123456 (the display text keeps the seeded digits).
 *
 * Only for the sandbox: with STRIPE_SECRET_KEY set (the config's rule for Stripe) the gateway is
 * Stripe, whose customers are made on first use instead. Runs inside the demo seed's transaction.
 */
export async function seedGateway(tx: Db, now: Date): Promise<void> {
  if (process.env.STRIPE_SECRET_KEY) return;
  // The seed delivers no events (no handler yet); a return address is never followed here.
  const sandbox = createSandboxGateway(tx, () => now, 'http://localhost');
  const rows = await tx
    .select({ row: paymethods, name: accounts.name })
    .from(paymethods)
    .innerJoin(accounts, eq(accounts.id, paymethods.accountId))
    .where(or(isNotNull(paymethods.cardLast4), isNotNull(paymethods.bankAccount)))
    .orderBy(paymethods.accountId);
  for (const { row, name } of rows) {
    const customerId = await sandbox.createCustomer({
      accountId: row.accountId,
      name,
      email: null,
    });
    const linked: Partial<typeof paymethods.$inferInsert> = { gatewayCustomerId: customerId };
    if (row.cardLast4) {
      const card = TEST_CARDS.find(
        (c) => c.behaviour === 'success' && c.number.endsWith(row.cardLast4!),
      );
      const expiry = parseCardExpiry(row.cardExpires ?? '');
      if (!card || !expiry) throw new Error(`no sandbox test card for account ${row.accountId}`);
      linked.cardPaymentMethodId = await saved(sandbox, customerId, 'card', {
        type: 'card',
        card: { number: card.number, exp_month: expiry.month, exp_year: expiry.year, cvc: '123' },
      });
    }
    if (row.bankAccount)
      linked.bankPaymentMethodId = await saved(sandbox, customerId, 'bank', {
        type: 'au_becs_debit',
        au_becs_debit: { bsb_number: TEST_BANK.bsb, account_number: TEST_BANK.account },
        billing_details: { name: row.bankName ?? name, email: 'accounts@example.com' },
      });
    await tx.update(paymethods).set(linked).where(eq(paymethods.accountId, row.accountId));
  }
}

type Sandbox = ReturnType<typeof createSandboxGateway>;

/** A SetupIntent confirmed with the details: the payment method it saved. */
async function saved(
  sandbox: Sandbox,
  customerId: string,
  type: 'card' | 'bank',
  details: Parameters<Sandbox['confirm']>[2]['payment_method_data'],
): Promise<string> {
  const intent = await sandbox.createSetupIntent({ customerId, type, metadata: { seed: 'demo' } });
  const confirmed = await sandbox.confirm('setup', intent.id, {
    client_secret: intent.clientSecret,
    payment_method_data: details,
    return_url: '/',
  });
  if (confirmed.status !== 'succeeded' || !confirmed.payment_method)
    throw new Error(`the sandbox did not save the demo ${type}: ${confirmed.status}`);
  return confirmed.payment_method;
}
