import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type {
  CommitAddPaymentMethod,
  GatewayInit,
  Paymethods,
  PrepareAddPaymentMethod,
  SandboxConfirm,
} from '@outpost/contracts/billing';
import { SANDBOX_TEST_NUMBERS } from '../../adapters/payments/test-numbers';
import { queryRows } from '../../db/client';
import { csrfInvalidMessage } from '../../lib/prepared';
import type { Persona } from '../../test/test-app';
import { apiFor, errorOf } from '../../test/test-app';
import { paymethods } from '../billing/billing.schema';
import { paymentsErrors } from './payments.errors';
import type { PaymentsTestContext } from './payments-test-kit';
import { bankInput, cardInput, confirmAtSandbox, createPaymentsContext } from './payments-test-kit';

const HOLDER = 5001; // account 100001: Visa 4242 saved (seeded at the sandbox too)
const BILLING = 5002; // same account, billing permissions only
const SERVICES = 5003; // same account, no billing permissions
const TWOFACTOR = 5005; // account 100002: bank account, direct debit
const OTHER = 5006; // account 100003: nothing saved ('Not Yet Set')

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx, HOLDER);

async function paymethodsOf(who: Persona): Promise<Paymethods> {
  const res = await api.get(apiPaths.paymethods, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Paymethods;
}

async function prepareAdd(type: 'card' | 'bank', who: Persona): Promise<PrepareAddPaymentMethod> {
  const res = await api.get(`${apiPaths.prepareAddPaymentMethod}?paymentMethodType=${type}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PrepareAddPaymentMethod;
}

/** The page's flow: prepare, confirm at the gateway (the browser), then commit what it says. */
async function addCard(number: string, who: Persona, card: { exp_year?: number } = {}) {
  const prepared = await prepareAdd('card', who);
  const confirmed = await confirmAtSandbox(
    ctx.app,
    'setup',
    prepared.setupIntent.id,
    cardInput(prepared.setupIntent.client_secret, { number, ...card }),
  );
  const commit = await api.post(
    apiPaths.commitAddCard,
    commitBody(prepared, confirmed.data as SandboxConfirm),
    who,
  );
  return { prepared, confirmed, commit };
}

function commitBody(prepared: PrepareAddPaymentMethod, confirmed: Partial<SandboxConfirm>) {
  return {
    id: prepared.addPaymentMethodInitData.id,
    csrf: prepared.addPaymentMethodInitData.csrf,
    stripe_si: prepared.setupIntent.id,
    stripe_si_secret: prepared.setupIntent.client_secret,
    stripe_pm: confirmed.payment_method ?? null,
    stripe_status: confirmed.status ?? null,
  };
}

async function dashboardDisplay(who: Persona): Promise<string> {
  const res = await api.get(apiPaths.dashboard, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { account: { paymethod: { display: string } } }).account.paymethod
    .display;
}

describe('gateway init', () => {
  it('gives the sandbox mode, its publishable key and the test numbers it accepts', async () => {
    const res = await api.get(apiPaths.gatewayInit, BILLING);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as GatewayInit;
    expect(data.mode).toBe('sandbox');
    expect(data.stripePublishableKey).toBe(ctx.sandbox.publishableKey);
    expect(data.testNumbers).toEqual(JSON.parse(JSON.stringify(SANDBOX_TEST_NUMBERS)));
    expect(data.testNumbers.some((t) => t.number === '4242424242424242')).toBe(true);
  });

  it('refuses a contact without view-paymethods', async () => {
    const res = await api.get(apiPaths.gatewayInit, SERVICES);
    expect(res.statusCode).toBe(403);
  });
});

describe('payment methods', () => {
  it("answers the account's saved card and method", async () => {
    expect(await paymethodsOf(BILLING)).toEqual({
      current: { method: 'Automatic debit from Credit Card', status: 'Active' },
      card_details: { last4: '4242', expires: '08/28', type: 'Visa' },
      bank_details: null,
      accountid: 100001,
    });
    expect(await paymethodsOf(TWOFACTOR)).toEqual({
      current: { method: 'Automatic debit from Bank Account', status: 'Active' },
      card_details: null,
      bank_details: { name: 'Nguyen Pastoral Co', account: '000-000 ****3456' },
      accountid: 100002,
    });
  });

  it('refuses the services contact every payment-method call', async () => {
    expect((await api.get(apiPaths.paymethods, SERVICES)).statusCode).toBe(403);
    expect(
      (await api.patch(apiPaths.paymethods, { card_details: null }, SERVICES)).statusCode,
    ).toBe(403);
    expect(
      (await api.get(`${apiPaths.prepareAddPaymentMethod}?paymentMethodType=card`, SERVICES))
        .statusCode,
    ).toBe(403);
  });

  it('removes neither method while only one is saved, and says why', async () => {
    for (const body of [{ card_details: null }, { bank_details: null }]) {
      const res = await api.patch(apiPaths.paymethods, body, HOLDER);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(paymentsErrors.removeNeedsBoth);
    }
    expect((await paymethodsOf(HOLDER)).card_details?.last4).toBe('4242');
  });

  it('refuses to make a method default that is not saved', async () => {
    const res = await api.patch(
      apiPaths.paymethods,
      { current: { method: 'Automatic debit from Bank Account' } },
      HOLDER,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(paymentsErrors.methodNotSaved('bank account'));
  });
});

describe('adding a card', () => {
  it('saves a 4242 card confirmed at the gateway and makes it the default of an account with none', async () => {
    const { prepared, confirmed, commit } = await addCard('4242424242424242', OTHER);
    expect(prepared.addPaymentMethodInitData.stripe_cus).toMatch(/^cus_/);
    expect(confirmed.status).toBe(200);
    expect((confirmed.data as SandboxConfirm).status).toBe('succeeded');
    expect(commit.statusCode, commit.body).toBe(200);
    const data = commit.json().data as CommitAddPaymentMethod;
    expect(data.status).toBe('Approved');
    expect(data.message).toBe('Your card was successfully added.');
    expect(data.paymethods).toEqual({
      current: { method: 'Automatic debit from Credit Card', status: 'Active' },
      card_details: { last4: '4242', expires: '12/2034', type: 'Visa' },
      bank_details: null,
      accountid: 100003,
    });
    expect(await dashboardDisplay(OTHER)).toBe('Visa ending in 4242');
    const [row] = await ctx.database.db
      .select()
      .from(paymethods)
      .where(eq(paymethods.accountId, 100003));
    expect(row!.cardPaymentMethodId).toBe((confirmed.data as SandboxConfirm).payment_method);
    expect(row!.gatewayCustomerId).toBe(prepared.addPaymentMethodInitData.stripe_cus);
  });

  it('answers a repeated commit with the first result and saves nothing twice', async () => {
    const { prepared, confirmed, commit } = await addCard('5555555555554444', OTHER);
    expect((commit.json().data as CommitAddPaymentMethod).status).toBe('Approved');
    const again = await api.post(
      apiPaths.commitAddCard,
      commitBody(prepared, confirmed.data as SandboxConfirm),
      OTHER,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(commit.json());
    expect((await paymethodsOf(OTHER)).card_details).toEqual({
      last4: '4444',
      expires: '12/2034',
      type: 'Mastercard',
    });
  });

  it('detaches the card it replaced at the gateway', async () => {
    const before = await ctx.database.db
      .select({ pm: paymethods.cardPaymentMethodId })
      .from(paymethods)
      .where(eq(paymethods.accountId, 100003));
    await addCard('4242424242424242', OTHER);
    const [old] = await queryRows<{ customer_id: string | null }>(
      ctx.database.db,
      sql`select customer_id from sandbox_payment_methods where id = ${before[0]!.pm}`,
    );
    expect(old!.customer_id).toBeNull();
  });

  it.each([
    ['4000000000000002', 'Your card was declined by your bank.'],
    ['4000000000009995', 'Your card was declined due to insufficient funds in your account.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', 'Your card had some incorrect details.'],
    ['4000000000000119', 'Your card had a processing error, try again in a bit.'],
  ])('declines %s with the table message and saves nothing', async (number, message) => {
    const before = await paymethodsOf(OTHER);
    const { confirmed, commit } = await addCard(number, OTHER);
    expect((confirmed.data as SandboxConfirm).last_error).not.toBeNull();
    expect(commit.statusCode, commit.body).toBe(200);
    const data = commit.json().data as CommitAddPaymentMethod;
    expect(data.status).toBe('Declined');
    expect(data.message).toBe(message);
    expect(data.paymethods).toEqual(before);
  });

  it('never trusts what the client says of the setup intent', async () => {
    const prepared = await prepareAdd('card', OTHER);
    await confirmAtSandbox(
      ctx.app,
      'setup',
      prepared.setupIntent.id,
      cardInput(prepared.setupIntent.client_secret, { number: '4000000000000002' }),
    );
    const before = await paymethodsOf(OTHER);
    const res = await api.post(
      apiPaths.commitAddCard,
      {
        ...commitBody(prepared, { status: 'succeeded', payment_method: 'pm_fake' }),
        card_type: 'visa',
        card_last4: '1111',
        card_expires: '12/2040',
      },
      OTHER,
    );
    expect((res.json().data as CommitAddPaymentMethod).status).toBe('Declined');
    expect(await paymethodsOf(OTHER)).toEqual(before);
  });

  it("refuses another user's csrf, another account's setup intent and a wrong csrf", async () => {
    const mine = await prepareAdd('card', HOLDER);
    const theirs = await prepareAdd('card', OTHER);
    // The billing contact may not commit the holder's prepared operation.
    const asBilling = await api.post(apiPaths.commitAddCard, commitBody(mine, {}), BILLING);
    expect(asBilling.statusCode).toBe(400);
    expect(errorOf(asBilling)).toBe(csrfInvalidMessage);
    // The holder's csrf with the other account's setup intent.
    const swapped = await api.post(
      apiPaths.commitAddCard,
      { ...commitBody(mine, {}), stripe_si: theirs.setupIntent.id },
      HOLDER,
    );
    expect(swapped.statusCode).toBe(400);
    expect(errorOf(swapped)).toBe(csrfInvalidMessage);
    // A card's csrf at the bank commit.
    const wrongKind = await api.post(apiPaths.commitAddBank, commitBody(mine, {}), HOLDER);
    expect(wrongKind.statusCode).toBe(400);
  });
});

describe('adding a bank account, removing and the default', () => {
  it('saves a BECS account beside the card without changing the default', async () => {
    const prepared = await prepareAdd('bank', HOLDER);
    const confirmed = await confirmAtSandbox(
      ctx.app,
      'setup',
      prepared.setupIntent.id,
      bankInput(prepared.setupIntent.client_secret, {
        bsb: '000000',
        account: '000123456',
        name: 'Jo Citizen',
      }),
    );
    expect((confirmed.data as SandboxConfirm).status).toBe('succeeded');
    const res = await api.post(
      apiPaths.commitAddBank,
      commitBody(prepared, confirmed.data as SandboxConfirm),
      BILLING,
    );
    // The billing contact's commit of the holder's operation is refused; the holder's succeeds.
    expect(res.statusCode).toBe(400);
    const own = await api.post(
      apiPaths.commitAddBank,
      commitBody(prepared, confirmed.data as SandboxConfirm),
      HOLDER,
    );
    expect(own.statusCode, own.body).toBe(200);
    const data = own.json().data as CommitAddPaymentMethod;
    expect(data.status).toBe('Approved');
    expect(data.message).toBe('Your bank account was successfully added.');
    expect(data.paymethods.bank_details).toEqual({ name: 'Jo Citizen', account: '****3456' });
    expect(data.paymethods.current.method).toBe('Automatic debit from Credit Card');
  });

  it('makes the bank account the default, and the dashboard shows it', async () => {
    const res = await api.patch(
      apiPaths.paymethods,
      { current: { method: 'Automatic debit from Bank Account' } },
      BILLING,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Paymethods).current).toEqual({
      method: 'Automatic debit from Bank Account',
      status: 'Active',
    });
    expect(await dashboardDisplay(HOLDER)).toBe('Bank account ending in 3456');
  });

  it('refuses an expired card as the default', async () => {
    await ctx.database.db
      .update(paymethods)
      .set({ cardExpires: '01/2020' })
      .where(eq(paymethods.accountId, 100001));
    const res = await api.patch(
      apiPaths.paymethods,
      { current: { method: 'Automatic debit from Credit Card' } },
      HOLDER,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(paymentsErrors.cardExpiredDefault);
    await ctx.database.db
      .update(paymethods)
      .set({ cardExpires: '08/28' })
      .where(eq(paymethods.accountId, 100001));
  });

  it('removes the default bank account while a card is saved: the card becomes the default', async () => {
    const res = await api.patch(apiPaths.paymethods, { bank_details: null }, HOLDER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      current: { method: 'Automatic debit from Credit Card', status: 'Active' },
      card_details: { last4: '4242', expires: '08/28', type: 'Visa' },
      bank_details: null,
      accountid: 100001,
    });
    expect(await dashboardDisplay(HOLDER)).toBe('Visa ending in 4242');
    // The last method left cannot be removed.
    const last = await api.patch(apiPaths.paymethods, { card_details: null }, HOLDER);
    expect(last.statusCode).toBe(400);
  });

  it('lets only one of two removals at once through', async () => {
    const prepared = await prepareAdd('bank', HOLDER);
    const confirmed = await confirmAtSandbox(
      ctx.app,
      'setup',
      prepared.setupIntent.id,
      bankInput(prepared.setupIntent.client_secret, {
        bsb: '000000',
        account: '000123456',
        name: 'Jo Citizen',
      }),
    );
    await api.post(
      apiPaths.commitAddBank,
      commitBody(prepared, confirmed.data as SandboxConfirm),
      HOLDER,
    );
    const answers = await Promise.all([
      api.patch(apiPaths.paymethods, { card_details: null }, HOLDER),
      api.patch(apiPaths.paymethods, { bank_details: null }, HOLDER),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const after = await paymethodsOf(HOLDER);
    expect([after.card_details, after.bank_details].filter(Boolean)).toHaveLength(1);
  });
});
