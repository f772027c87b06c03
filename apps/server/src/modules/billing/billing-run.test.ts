import { handleGatewayEvent } from '../payments/gateway-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { BillingTransaction } from '@outpost/contracts/billing';
import { PAYMETHOD_CARD } from '@outpost/domain/billing-rules';
import { formatDate } from '@outpost/domain/format';
import { BILLING_PERIOD_MS, DAY_MS } from '@outpost/domain/services';
import { createMessaging } from '../../adapters/messaging';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { SandboxGateway } from '../../adapters/payments/sandbox';
import { isSandboxGateway } from '../../adapters/payments/sandbox';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, manualClock } from '../../test/test-app';
import { runPeriodRollover } from '../services/jobs';
import { runBillingRun } from './billing-run';
import type { BillingRunDeps, BillingRunResult } from './billing-run-deps';
import { CLAIM_LEASE_MS, billingRunDeps } from './billing-run-deps';
import { AUTO_CHARGE_DELAY_MS, INVOICE_DUE_MS } from './invoices.service';

const HOLDER_ACCOUNT = 100001;
const TWOFACTOR_ACCOUNT = 100002; // holder: twofactor (5005)
const HOLDER = 5001;
const TWOFACTOR = 5005;

const time = manualClock(new Date());
let ctx: TestContext;
let gateway: SandboxGateway;
let deps: BillingRunDeps;
const errors: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  const gw = ctx.app.paymentGateway;
  if (!isSandboxGateway(gw)) throw new Error('expected the sandbox gateway');
  gateway = gw;
  deps = billingRunDeps(
    ctx.config,
    ctx.database.db,
    gateway,
    createMessaging(ctx.config, ctx.database.db),
    (_error, context) => errors.push(context),
  );
  // A phone each for the two holders: billing alerts are pushed too (docs/decisions/023).
  for (const [userId, deviceId] of [
    [HOLDER, 'billing-holder-phone'],
    [TWOFACTOR, 'billing-twofactor-phone'],
  ] as const) {
    const res = await api.post(
      apiPaths.deviceToken,
      { userId, deviceId, platform: 'android', token: `${deviceId}:APA91b${'x'.repeat(40)}` },
      userId,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx, HOLDER);

/** What was pushed to a device (the embedded push writes to the outbox). */
const pushesTo = (deviceId: string) =>
  queryRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from outbox where channel = 'push' and "to" = ${`android:${deviceId}`} order by id`,
  );
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);
const at = (date: Date) => time.advance(date.getTime() - time.clock().getTime());

/** What the service jobs tick does: roll the service periods, then the billing run. */
async function tick(runDeps: BillingRunDeps = deps): Promise<BillingRunResult> {
  await runPeriodRollover(ctx.database.db, time.clock());
  return runBillingRun(runDeps, time.clock());
}

function sum(results: BillingRunResult[]): BillingRunResult {
  const total = { ...results[0]! };
  for (const r of results.slice(1))
    for (const key of Object.keys(total) as (keyof BillingRunResult)[]) total[key] += r[key];
  return total;
}

async function periodStart(accountId: number): Promise<Date> {
  const [row] = await rows<{ start: string | Date }>(
    sql`select billing_period_start as start from accounts where id = ${accountId}`,
  );
  return new Date(row!.start);
}

type Invoice = {
  id: number;
  number: string;
  issued_at: Date;
  period_start: Date;
  due_at: Date;
  total_cents: number;
  status: string;
  charge_attempts: number;
  next_charge_at: Date | null;
};

async function newestInvoice(accountId: number): Promise<Invoice> {
  const [row] = await rows<Invoice>(
    sql`select id, number, issued_at, period_start, due_at, total_cents, status, charge_attempts, next_charge_at
          from invoices where account_id = ${accountId} order by period_start desc limit 1`,
  );
  return {
    ...row!,
    issued_at: new Date(row!.issued_at),
    period_start: new Date(row!.period_start),
    due_at: new Date(row!.due_at),
    next_charge_at: row!.next_charge_at === null ? null : new Date(row!.next_charge_at),
  };
}

async function ledger(accountId: number, limit = 3) {
  return rows<{
    type: string;
    amount_cents: number;
    balance_cents: number;
    status: string;
    reason: string | null;
    invoice_id: number | null;
    payment_id: number | null;
  }>(
    sql`select type, amount_cents, balance_cents, status, reason, invoice_id, payment_id
          from transactions where account_id = ${accountId}
         order by created_at desc, id desc limit ${limit}`,
  );
}

const paymentsOf = (invoiceId: number) =>
  rows<{
    id: number;
    kind: string;
    attempt: number;
    idempotency_key: string;
    amount_cents: number;
    status: string;
    user_id: number | null;
  }>(
    sql`select id, kind, attempt, idempotency_key, amount_cents, status, user_id
          from payments where invoice_id = ${invoiceId} order by id`,
  );

const intentsWithKey = async (key: string) =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from sandbox_intents where idempotency_key = ${key}`,
      )
    )[0]!.n,
  );

/** Saves a sandbox card for the account and makes it the default method. */
async function saveCard(accountId: number, number: string, last4: string) {
  const customer = await gateway.createCustomer({ accountId, name: 'Test', email: null });
  const si = await gateway.createSetupIntent({ customerId: customer, type: 'card', metadata: {} });
  const confirmed = await gateway.confirm('setup', si.id, {
    client_secret: si.clientSecret,
    payment_method_data: {
      type: 'card',
      card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    },
  });
  expect(confirmed.status).toBe('succeeded');
  await ctx.database.db.execute(sql`update paymethods
      set method = ${PAYMETHOD_CARD}, status = 'Active', display = ${`Visa ending in ${last4}`},
          card_type = 'Visa', card_last4 = ${last4}, gateway_customer_id = ${customer},
          card_payment_method_id = ${confirmed.payment_method}
    where account_id = ${accountId}`);
}

/** A gateway whose next charges reach the sandbox and then time out (the answer is lost). */
function timingOut(inner: PaymentGateway, failures: number): PaymentGateway {
  let left = failures;
  return {
    ...inner,
    mode: inner.mode,
    publishableKey: inner.publishableKey,
    chargeOffSession: async (input) => {
      const answer = await inner.chargeOffSession(input);
      if (left > 0) {
        left -= 1;
        throw new Error('ETIMEDOUT: the gateway did not answer in time');
      }
      return answer;
    },
  };
}

describe('the billing run', () => {
  let firstRun: Date;
  let chargeRun: Date;

  it("issues the new period's invoice once (two runs at once): services in advance, last period's extras, ledger, alert and email", async () => {
    const start = await periodStart(HOLDER_ACCOUNT);
    firstRun = new Date(start.getTime() + BILLING_PERIOD_MS + 60 * 60_000);
    at(new Date(firstRun.getTime() - 2 * 60 * 60_000));
    expect(await tick()).toMatchObject({ invoicesIssued: 1 }); // only twofactor's period is over
    at(firstRun);
    // Two runs at once (two instances): one invoice.
    const result = sum(await Promise.all([tick(), tick()]));
    expect(result).toEqual({
      invoicesIssued: 1,
      charged: 0,
      declined: 0,
      pending: 0,
      gatewayErrors: 0,
      settledWithoutCharge: 0,
    });

    const invoice = await newestInvoice(HOLDER_ACCOUNT);
    const newStart = new Date(start.getTime() + BILLING_PERIOD_MS);
    expect(invoice).toMatchObject({
      number: '100001-014',
      issued_at: firstRun,
      period_start: newStart,
      due_at: new Date(firstRun.getTime() + INVOICE_DUE_MS),
      total_cents: 14994,
      status: 'Unpaid',
      charge_attempts: 0,
      next_charge_at: new Date(firstRun.getTime() + AUTO_CHARGE_DELAY_MS),
    });
    expect(await periodStart(HOLDER_ACCOUNT)).toEqual(newStart);
    // The scheduled Sky Muster Plus 100 (no options: the modem rental ends with the old plan)
    // applied at the period end: billed at its price. The data block bought in the last period
    // (seeded) is billed after the services.
    const [block] = await rows<{ created_at: string }>(
      sql`select created_at from account_charges where source_id = 7003 and kind = 'data-block'`,
    );
    expect(
      await rows(
        sql`select service_id, kind, description, amount_cents from invoice_lines
             where invoice_id = ${invoice.id} order by id`,
      ),
    ).toEqual([
      {
        service_id: 200101,
        kind: 'service',
        description: 'Sky Muster Plus 100 (AVC000123456789)',
        amount_cents: 8999,
      },
      {
        service_id: 200103,
        kind: 'service',
        description: 'Home Phone Essentials (07 5550 0123)',
        amount_cents: 2995,
      },
      {
        service_id: 200104,
        kind: 'service',
        description: 'VoIP Home (07 5550 0456)',
        amount_cents: 1500,
      },
      {
        service_id: 200101,
        kind: 'data-block',
        description: `Data Block 5 GB (AVC000123456789) bought ${formatDate(new Date(block!.created_at))}`,
        amount_cents: 1500,
      },
    ]);
    expect(await rows(sql`select invoice_id from account_charges where source_id = 7003`)).toEqual([
      { invoice_id: invoice.id },
    ]);
    expect(await ledger(HOLDER_ACCOUNT, 1)).toEqual([
      {
        type: 'Invoice',
        amount_cents: 14994,
        balance_cents: 14994,
        status: 'Unpaid',
        reason: null,
        invoice_id: invoice.id,
        payment_id: null,
      },
    ]);

    // The alert: to the holder and contacts who may see alerts and invoices (none here).
    const due = formatDate(invoice.due_at);
    expect(
      await rows(
        sql`select user_id, kind, message from alerts where ref = ${`invoice:${invoice.id}`} order by user_id`,
      ),
    ).toEqual([
      {
        user_id: HOLDER,
        kind: 'invoice',
        message: `<p>Your invoice #100001-014 for $149.94 is ready. It is due on ${due}.</p>`,
      },
    ]);
    const mail = await rows<{ to: string; subject: string; body: string }>(
      sql`select o.to, o.subject, o.body from outbox o
           where o.channel = 'email' and o.subject like '%#100001-014%' order by o.id`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe('jordan.citizen@example.com');
    expect(mail[0]!.subject).toBe(
      `${ctx.config.brand.providerName}: your invoice #100001-014 is ready`,
    );
    expect(mail[0]!.body).toContain(`${ctx.config.publicUrl}/billing/invoices`);
    expect(mail[0]!.body).toContain('Visa ending in 4242');
    // And the push to the alerted holder's phone, opening the invoices.
    expect(await pushesTo('billing-holder-phone')).toEqual([
      {
        subject: 'Invoice #100001-014 is ready',
        body: `Your invoice #100001-014 for $149.94 is ready. It is due on ${due}.\n\nnavigation_url: /billing/invoices`,
      },
    ]);
  });

  it('issues nothing more when run again, later in the period', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from invoices`);
    expect((await tick()).invoicesIssued).toBe(0);
    time.advance(DAY_MS);
    expect((await tick()).invoicesIssued).toBe(0);
    expect(await rows(sql`select count(*)::int as n from invoices`)).toEqual(before);
  });

  it('charges the default card once when two runs race: a Payment, the invoice paid, balance 0', async () => {
    await saveCard(HOLDER_ACCOUNT, '4242424242424242', '4242');
    await saveCard(TWOFACTOR_ACCOUNT, '4000000000000341', '0341'); // saves; every charge fails
    const invoice = await newestInvoice(HOLDER_ACCOUNT);
    chargeRun = invoice.next_charge_at!;
    at(chargeRun);
    const result = sum(await Promise.all([tick(), tick()]));
    expect(result).toMatchObject({ invoicesIssued: 0, charged: 1, declined: 1, gatewayErrors: 0 });

    const payments = await paymentsOf(invoice.id);
    expect(payments).toEqual([
      {
        id: expect.any(Number),
        kind: 'billing-run',
        attempt: 1,
        idempotency_key: `billing-run:${invoice.id}:1`,
        amount_cents: 14994,
        status: 'succeeded',
        user_id: null,
      },
    ]);
    expect(await intentsWithKey(`billing-run:${invoice.id}:1`)).toBe(1);
    expect(await ledger(HOLDER_ACCOUNT, 2)).toEqual([
      {
        type: 'Payment',
        amount_cents: -14994,
        balance_cents: 0,
        status: 'Successful',
        reason: null,
        invoice_id: invoice.id,
        payment_id: payments[0]!.id,
      },
      expect.objectContaining({ type: 'Invoice', status: 'Paid', invoice_id: invoice.id }),
    ]);
    expect(await newestInvoice(HOLDER_ACCOUNT)).toMatchObject({
      status: 'Paid',
      charge_attempts: 1,
      next_charge_at: null,
    });
    const history = (await api.get(apiPaths.transactions)).json().data as BillingTransaction[];
    expect(history[0]).toMatchObject({ type: 'Payment', amount: -14994, account_status: 'paid' });
    expect(history[1]).toMatchObject({ type: 'Invoice', status: 'Paid', invoice: '100001-014' });

    // Nothing more for it: a later run charges nothing.
    time.advance(CLAIM_LEASE_MS + 1);
    expect((await tick()).charged).toBe(0);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('records a declined charge as a failed Payment of $0, schedules the retry and alerts', async () => {
    const invoice = await newestInvoice(TWOFACTOR_ACCOUNT);
    const retry = new Date(chargeRun.getTime() + ctx.config.billing.retryDays * DAY_MS);
    expect(invoice).toMatchObject({ status: 'Unpaid', charge_attempts: 1, next_charge_at: retry });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({
      attempt: 1,
      idempotency_key: `billing-run:${invoice.id}:1`,
      amount_cents: invoice.total_cents,
      status: 'failed',
    });
    const [entry] = await ledger(TWOFACTOR_ACCOUNT, 1);
    expect(entry).toEqual({
      type: 'Payment',
      amount_cents: 0,
      balance_cents: invoice.total_cents,
      status: 'Failed',
      reason: 'Automatic payment declined: Your bank declined the payment.',
      invoice_id: invoice.id,
      payment_id: payment!.id,
    });
    const alerts = await rows<{ user_id: number; kind: string; message: string }>(
      sql`select user_id, kind, message from alerts
           where ref = ${`invoice:${invoice.id}`} and kind = 'payment' order by id`,
    );
    const text = `Your automatic payment of $${(invoice.total_cents / 100).toFixed(2)} for invoice #${invoice.number} was declined: Your bank declined the payment. We will try again on ${formatDate(retry)}. You can pay now on the One-Off Payment page.`;
    expect(alerts).toEqual([{ user_id: TWOFACTOR, kind: 'payment', message: `<p>${text}</p>` }]);
    const mail = await rows<{ subject: string; body: string }>(
      sql`select o.subject, o.body from outbox o
           where o.channel = 'email' and o.subject like '%automatic payment was declined%' order by o.id`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(text);
    const pushed = await pushesTo('billing-twofactor-phone');
    expect(pushed.at(-1)).toEqual({
      subject: 'Automatic payment declined',
      body: `${text}\n\nnavigation_url: /billing/one-off-payment`,
    });
  });

  it('retries on the retry day; a gateway that times out leaves no ledger row, the next run charges once', async () => {
    const invoice = await newestInvoice(TWOFACTOR_ACCOUNT);
    await saveCard(TWOFACTOR_ACCOUNT, '4242424242424242', '4242'); // the customer fixed the card
    const entries = (await ledger(TWOFACTOR_ACCOUNT, 100)).length;
    at(invoice.next_charge_at!);
    const flaky = { ...deps, gateway: timingOut(gateway, 1) };
    // The charge's answer is lost and its event (a webhook) is late: the handler fails for now.
    gateway.onEvent(async () => {
      throw new Error('the webhook is late');
    });
    expect(await tick(flaky)).toMatchObject({ charged: 0, gatewayErrors: 1 });
    gateway.onEvent(async (event) => {
      await handleGatewayEvent(ctx.database.db, gateway, time.clock, event);
    });
    expect(errors.at(-1)).toBe(`billing run: charging invoice ${invoice.id} failed`);
    const open = await paymentsOf(invoice.id);
    expect(open.map((p) => [p.attempt, p.idempotency_key, p.status])).toEqual([
      [1, `billing-run:${invoice.id}:1`, 'failed'],
      [2, `billing-run:${invoice.id}:2`, 'created'],
    ]);
    // The sandbox did charge; we do not know it yet: nothing in the ledger.
    expect(await intentsWithKey(`billing-run:${invoice.id}:2`)).toBe(1);
    expect((await ledger(TWOFACTOR_ACCOUNT, 100)).length).toBe(entries);
    // Within the lease nothing happens; after it, the same payment and key again.
    expect((await tick()).charged).toBe(0);
    time.advance(CLAIM_LEASE_MS);
    expect(await tick(flaky)).toMatchObject({ charged: 1, gatewayErrors: 0 });
    const after = await paymentsOf(invoice.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ id: open[1]!.id, status: 'succeeded' });
    expect(await intentsWithKey(`billing-run:${invoice.id}:2`)).toBe(1);
    expect((await ledger(TWOFACTOR_ACCOUNT, 100)).length).toBe(entries + 1);
    expect((await ledger(TWOFACTOR_ACCOUNT, 1))[0]).toMatchObject({
      type: 'Payment',
      amount_cents: -invoice.total_cents,
      balance_cents: 0,
      payment_id: open[1]!.id,
    });
    expect(await newestInvoice(TWOFACTOR_ACCOUNT)).toMatchObject({
      status: 'Paid',
      charge_attempts: 2,
      next_charge_at: null,
    });
  });

  it('stops retrying after the last attempt', async () => {
    // The next period: twofactor's card declines again, every retry.
    await saveCard(TWOFACTOR_ACCOUNT, '4000000000000341', '0341');
    at(new Date((await periodStart(TWOFACTOR_ACCOUNT)).getTime() + BILLING_PERIOD_MS + 60_000));
    await tick();
    const invoice = await newestInvoice(TWOFACTOR_ACCOUNT);
    expect(invoice.number).toBe('100002-015');
    for (let attempt = 1; attempt <= ctx.config.billing.maxAttempts; attempt += 1) {
      at((await newestInvoice(TWOFACTOR_ACCOUNT)).next_charge_at!);
      expect((await tick()).declined).toBe(1);
      expect(await newestInvoice(TWOFACTOR_ACCOUNT)).toMatchObject({ charge_attempts: attempt });
    }
    expect(await newestInvoice(TWOFACTOR_ACCOUNT)).toMatchObject({
      status: 'Unpaid',
      next_charge_at: null,
    });
    const last = await rows<{ message: string }>(
      sql`select message from alerts where ref = ${`invoice:${invoice.id}`} and kind = 'payment'
           order by id desc limit 1`,
    );
    expect(last[0]!.message).toContain('We will not try again automatically.');
    time.advance(30 * DAY_MS);
    await tick();
    expect(await paymentsOf(invoice.id)).toHaveLength(ctx.config.billing.maxAttempts);
  });
});
