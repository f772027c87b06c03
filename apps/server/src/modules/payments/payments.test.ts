import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type {
  AccountBalance,
  ExistingCardCommit,
  PostPayment,
  SandboxConfirm,
  StartPayment,
} from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import type { PaymentIntentInfo } from '../../adapters/payments/gateway';
import { createStripeGateway } from '../../adapters/payments/stripe';
import { queryRows } from '../../db/client';
import type { Persona } from '../../test/test-app';
import { apiFor, errorOf } from '../../test/test-app';
import { paymentsErrors } from './payments.errors';
import type { PaymentsTestContext } from './payments-test-kit';
import {
  authenticateAtSandbox,
  cardInput,
  confirmAtSandbox,
  createPaymentsContext,
  holdableEvents,
  wrapGateway,
} from './payments-test-kit';

const HOLDER = 5001; // account 100001: Visa 4242 saved (and made at the sandbox by the seed)
const BILLING = 5002; // same account, billing permissions only
const SERVICES = 5003; // same account, no billing permissions
const OTHER = 5006; // account 100003: nothing saved, owing

// The webhook route is driven through Stripe's own signature check (stripe-node's constructEvent,
// in the Stripe gateway's parseWebhook); every other call goes to the sandbox.
const WEBHOOK_SECRET = 'whsec_test_payments';
const stripeParser = createStripeGateway({
  secretKey: 'sk_test_payments',
  publishableKey: 'pk_test_payments',
  webhookSecret: WEBHOOK_SECRET,
  apiUrl: undefined,
});
const signer = new Stripe('sk_test_payments');
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
let events: ReturnType<typeof holdableEvents>;
let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext({
    wrap: (sandbox) => {
      events = holdableEvents(sandbox);
      return wrapGateway(sandbox, {
        parseWebhook: (raw, signature) => stripeParser.parseWebhook(raw, signature),
        onEvent: events.onEvent,
      });
    },
  });
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx, BILLING);

async function balance(who: Persona = BILLING): Promise<AccountBalance> {
  const res = await api.get(apiPaths.balance, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AccountBalance;
}

async function start(amount: number, who: Persona = BILLING, saveCard = false) {
  const res = await api.post(
    apiPaths.startPayment,
    saveCard ? { amount, save_card: true } : { amount },
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StartPayment;
}

async function pay(started: StartPayment, number: string) {
  const confirmed = await confirmAtSandbox(
    ctx.app,
    'payment',
    started.stripePaymentIntent.id,
    cardInput(started.stripePaymentIntent.client_secret, { number }),
  );
  expect(confirmed.status, JSON.stringify(confirmed.data)).toBe(200);
  return confirmed.data as SandboxConfirm;
}

const postBody = (started: StartPayment) => ({
  prepareId: started.prepareAPIResult.id,
  csrf: started.prepareAPIResult.csrf,
  intentId: started.stripePaymentIntent.id,
});

async function post(started: StartPayment, who: Persona = BILLING): Promise<PostPayment> {
  const res = await api.post(apiPaths.postPayment, postBody(started), who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PostPayment;
}

async function ledgerRows(paymentId: number) {
  return queryRows<{ amount_cents: number; status: string; type: string; reason: string | null }>(
    ctx.database.db,
    sql`select amount_cents, status, type, reason from transactions where payment_id = ${paymentId}`,
  );
}

/** PaymentIntents the sandbox made for a payment (each one a charge attempt at the gateway). */
async function sandboxCharges(paymentId: number) {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from sandbox_intents where metadata->>'payment_id' = ${String(paymentId)}`,
  );
  return row!.n;
}

type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

async function webhook(event: StripeEvent, signature?: string) {
  const body = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: apiPaths.gatewayWebhook,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? sign(body) },
    payload: body,
  });
}

/** A PaymentIntent event as Stripe sends it: the intent's card named by its id only. */
async function paymentEvent(id: string, type: string, intentId: string): Promise<StripeEvent> {
  const intent: PaymentIntentInfo = await ctx.sandbox.retrievePaymentIntent(intentId);
  return {
    id,
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        currency: 'aud',
        status: intent.status,
        client_secret: null,
        customer: intent.customerId,
        payment_method: intent.paymentMethod?.id ?? null,
        last_payment_error: null,
        latest_charge: null,
        metadata: intent.metadata,
      },
    },
  };
}

describe('balance', () => {
  it("answers the account's balance in cents and its status", async () => {
    const [row] = await queryRows<{ balance_cents: number }>(
      ctx.database.db,
      sql`select balance_cents from transactions where account_id = 100003
           order by created_at desc, id desc limit 1`,
    );
    expect(row!.balance_cents).toBeGreaterThan(0);
    expect(await balance(OTHER)).toEqual({ amount: row!.balance_cents, status: 'Owing' });
  });

  it('refuses a contact without view-paymethods', async () => {
    expect((await api.get(apiPaths.balance, SERVICES)).statusCode).toBe(403);
  });
});

describe('one-off payment with a new card', () => {
  it.each([
    [0.49, 'amount is too short or too small'],
    [12.345, 'amount is not valid (at most 2 decimals)'],
  ])('refuses %s dollars with a 400', async (amount, text) => {
    const res = await api.post(apiPaths.startPayment, { amount });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`Invalid request: ${text}.`);
  });

  it('refuses the services contact', async () => {
    const res = await api.post(apiPaths.startPayment, { amount: 10 }, SERVICES);
    expect(res.statusCode).toBe(403);
  });

  it('is approved with a 4242 card, lowers the balance by exactly the cents, once', async () => {
    const before = await balance(OTHER);
    const started = await start(12.5, OTHER);
    expect(started.stripePaymentIntent.id).toMatch(/^pi_/);
    expect((await pay(started, '4242424242424242')).status).toBe('succeeded');
    const result = await post(started, OTHER);
    expect(result).toEqual({
      amount: 1250,
      stripe_status: 'succeeded',
      user_message: `Your payment of $12.50 by Visa ending in 4242 was approved by your bank. Receipt number: ${result.receipt_id}.`,
      card: { type: 'Visa', last4: '4242' },
      receipt_id: expect.stringMatching(/^\d{4}-\d{4}$/),
    });
    expect(await balance(OTHER)).toEqual({
      amount: before.amount - 1250,
      status: before.amount - 1250 > 0 ? 'Owing' : before.amount === 1250 ? 'Paid' : 'In Credit',
    });
    // Posted again: the same answer, no second ledger row.
    expect(await post(started, OTHER)).toEqual(result);
    expect(await ledgerRows(started.prepareAPIResult.id)).toEqual([
      {
        amount_cents: -1250,
        status: 'Successful',
        type: 'Payment',
        reason: 'One-off payment by Visa ending in 4242',
      },
    ]);
  });

  it('marks the unpaid invoice Paid once the payment leaves nothing owing, not before', async () => {
    const unpaid = () =>
      queryRows<{ invoice: string; ledger: string }>(
        ctx.database.db,
        sql`select i.status as invoice, t.status as ledger from invoices i
              join transactions t on t.invoice_id = i.id and t.type = 'Invoice'
             where i.account_id = 100003 order by i.period_start desc limit 1`,
      );
    expect(await unpaid()).toEqual([{ invoice: 'Unpaid', ledger: 'Unpaid' }]);
    const owing = (await balance(OTHER)).amount;
    const part = await start(1, OTHER);
    await pay(part, '4242424242424242');
    await post(part, OTHER);
    expect(await unpaid()).toEqual([{ invoice: 'Unpaid', ledger: 'Unpaid' }]);
    const rest = await start((owing - 100) / 100, OTHER);
    await pay(rest, '4242424242424242');
    expect((await post(rest, OTHER)).stripe_status).toBe('succeeded');
    expect(await balance(OTHER)).toEqual({ amount: 0, status: 'Paid' });
    expect(await unpaid()).toEqual([{ invoice: 'Paid', ledger: 'Paid' }]);
  });

  it("answers 404 for another account's payment, 400 for a wrong csrf or intent", async () => {
    const started = await start(5, BILLING);
    const foreign = await api.post(apiPaths.postPayment, postBody(started), OTHER);
    expect(foreign.statusCode).toBe(404);
    const wrongCsrf = await api.post(apiPaths.postPayment, {
      ...postBody(started),
      csrf: 'not-the-csrf',
    });
    expect(wrongCsrf.statusCode).toBe(400);
    expect(errorOf(wrongCsrf)).toBe(paymentsErrors.paymentMismatch);
    const other = await start(6, BILLING);
    const wrongIntent = await api.post(apiPaths.postPayment, {
      ...postBody(started),
      intentId: other.stripePaymentIntent.id,
    });
    expect(wrongIntent.statusCode).toBe(400);
    expect(errorOf(wrongIntent)).toBe(paymentsErrors.paymentMismatch);
    expect(errorOf(foreign)).not.toContain(String(started.prepareAPIResult.id));
  });

  it("refuses a post by another user of the same account with the first user's csrf", async () => {
    const started = await start(4.4, BILLING);
    await pay(started, '4242424242424242');
    const stolen = await api.post(apiPaths.postPayment, postBody(started), HOLDER);
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen)).toBe(paymentsErrors.paymentMismatch);
    const own = await post(started, BILLING);
    expect(own).toMatchObject({ amount: 440, stripe_status: 'succeeded' });
    expect(await ledgerRows(started.prepareAPIResult.id)).toHaveLength(1);
  });

  it('records one Payment however many posts and webhook deliveries race', async () => {
    const before = await balance();
    const started = await start(33.3);
    events.state.held = true;
    try {
      await pay(started, '4242424242424242');
    } finally {
      events.state.held = false;
    }
    const intentId = started.stripePaymentIntent.id;
    const succeeded = await paymentEvent('evt_race_1', 'payment_intent.succeeded', intentId);
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => api.post(apiPaths.postPayment, postBody(started))),
      ...Array.from({ length: 25 }, () => webhook(succeeded)),
      ...Array.from({ length: 25 }, (_, i) => webhook({ ...succeeded, id: `evt_race_other_${i}` })),
      ctx.sandbox.deliverPending(),
    ]);
    for (const answer of answers.slice(0, 100))
      expect((answer as { statusCode: number }).statusCode).toBe(200);
    const posts = answers
      .slice(0, 50)
      .map((a) => (a as { json: () => { data: PostPayment } }).json().data);
    expect(new Set(posts.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(posts[0]!.stripe_status).toBe('succeeded');
    expect(await ledgerRows(started.prepareAPIResult.id)).toHaveLength(1);
    expect((await balance()).amount).toBe(before.amount - 3330);
  });

  it('leaves the balance unchanged when the card is declined, with the reason in plain words', async () => {
    const before = await balance();
    const started = await start(20);
    const confirmed = await pay(started, '4000000000000002');
    expect(confirmed.last_error?.message).toBe('Your card was declined.');
    const result = await post(started);
    expect(result).toEqual({
      amount: 2000,
      stripe_status: 'requires_payment_method',
      // A declined card is not kept on the intent (as at Stripe): no card to name.
      user_message:
        'Your payment of $20.00 was declined. Your bank declined the payment. Try another card, or call your bank to find out why.',
      card: null,
      receipt_id: null,
    });
    expect(await balance()).toEqual(before);
    expect(await ledgerRows(started.prepareAPIResult.id)).toEqual([]);
  });

  it('records a success on the same intent after a declined card', async () => {
    const started = await start(7.25);
    await pay(started, '4000000000009995');
    expect((await post(started)).stripe_status).toBe('requires_payment_method');
    await pay(started, '4242424242424242');
    const result = await post(started);
    expect(result.stripe_status).toBe('succeeded');
    expect(await ledgerRows(started.prepareAPIResult.id)).toHaveLength(1);
  });

  it('answers the pending text while the bank has not answered', async () => {
    const before = await balance();
    const started = await start(15);
    expect((await pay(started, '4000000000007726')).status).toBe('processing');
    const result = await post(started);
    expect(result.stripe_status).toBe('processing');
    expect(result.user_message).toBe(messages.billing.pending);
    expect(await balance()).toEqual(before);
  });

  it("answers a failed authentication in plain words, never the gateway's text", async () => {
    const started = await start(12.5);
    const confirmed = await pay(started, '4000002760003184');
    expect(confirmed.status).toBe('requires_action');
    const back = await authenticateAtSandbox(
      ctx.app,
      started.stripePaymentIntent.id,
      started.stripePaymentIntent.client_secret,
      'fail',
    );
    expect(back.statusCode).toBe(302);
    const res = await api.post(apiPaths.postPayment, postBody(started));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as PostPayment;
    expect(result.stripe_status).toBe('requires_payment_method');
    expect(result.user_message).toBe(
      "Your payment of $12.50 was declined. Your bank could not confirm the payment with you. Try again and complete your bank's check when it appears, or try another card.",
    );
    expect(res.body).not.toMatch(/PaymentMethod|PaymentIntent|payment_method_data/);
    expect(await ledgerRows(started.prepareAPIResult.id)).toEqual([]);
  });

  it("needs the bank's authentication for a 3DS card, then is approved", async () => {
    const started = await start(9.99);
    const confirmed = await pay(started, '4000002500003155');
    expect(confirmed.status).toBe('requires_action');
    expect(confirmed.next_action?.redirect_to_url.url).toContain(started.stripePaymentIntent.id);
    const early = await post(started);
    expect(early.stripe_status).toBe('requires_action');
    expect(await ledgerRows(started.prepareAPIResult.id)).toEqual([]);
    const back = await authenticateAtSandbox(
      ctx.app,
      started.stripePaymentIntent.id,
      started.stripePaymentIntent.client_secret,
      'complete',
    );
    expect(back.statusCode).toBe(302);
    const result = await post(started);
    expect(result.stripe_status).toBe('succeeded');
    expect(result.user_message).toMatch(
      /^Your payment of \$9\.99 by Visa ending in 3155 was approved by your bank\. Receipt number: /,
    );
    expect(await ledgerRows(started.prepareAPIResult.id)).toHaveLength(1);
  });

  it('keeps the card for automatic payments only when asked by someone who may edit them', async () => {
    await ctx.database.db.execute(
      sql`update user_permissions set enabled = false where user_id = 5007 and permission = 'edit-paymethods'`,
    );
    // authapp (account 100002, bank debit) without edit-paymethods: paid, the card not kept.
    const refused = await start(5, 5007, true);
    await pay(refused, '5555555555554444');
    await post(refused, 5007);
    const kept = await api.get(apiPaths.paymethods, 5005);
    expect((kept.json().data as { card_details: unknown }).card_details).toBeNull();
    // The holder of that account asks: the card is kept; the bank stays the default.
    const started = await start(5, 5005, true);
    await pay(started, '5555555555554444');
    expect((await post(started, 5005)).stripe_status).toBe('succeeded');
    const after = (await api.get(apiPaths.paymethods, 5005)).json().data as {
      current: { method: string };
      card_details: unknown;
    };
    expect(after.card_details).toEqual({ last4: '4444', expires: '12/2034', type: 'Mastercard' });
    expect(after.current.method).toBe('Automatic debit from Bank Account');
  });
});

describe('one-off payment with the saved card', () => {
  async function prepareSaved(who: Persona = BILLING) {
    const res = await api.post(apiPaths.existingCardPrepare, {}, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; csrf: string; error: null };
  }

  it('charges the saved card once for 50 commits at once: one charge, one ledger row', async () => {
    const before = await balance();
    const prepared = await prepareSaved();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post(apiPaths.existingCardCommit, { csrf: prepared.csrf, amount: 21.5 }),
      ),
    );
    const bodies = answers.map((a) => {
      expect(a.statusCode, a.body).toBe(200);
      return a.json().data as ExistingCardCommit;
    });
    expect(bodies[0]).toEqual({
      card: { type: 'Visa', last4: '4242' },
      error: null,
      ok: true,
      payment: {
        stripe_status: 'succeeded',
        stripe_reason: null,
        receipt_id: expect.stringMatching(/^\d{4}-\d{4}$/),
        amount: 2150,
        prepareid: prepared.id,
      },
    });
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const charges = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sandbox_intents where metadata->>'payment_id' = ${String(prepared.id)}`,
    );
    expect(charges[0]!.n).toBe(1);
    expect(await ledgerRows(prepared.id)).toHaveLength(1);
    expect((await balance()).amount).toBe(before.amount - 2150);
  });

  it('answers a decline as ok with the reason in plain words, and the balance stays', async () => {
    // A card that saves but whose every charge is declined, on account 100003.
    const prepared = await api.get(
      `${apiPaths.prepareAddPaymentMethod}?paymentMethodType=card`,
      OTHER,
    );
    const setup = prepared.json().data as {
      addPaymentMethodInitData: { id: number; csrf: string };
      setupIntent: { id: string; client_secret: string };
    };
    await confirmAtSandbox(
      ctx.app,
      'setup',
      setup.setupIntent.id,
      cardInput(setup.setupIntent.client_secret, { number: '4000000000000341' }),
    );
    const added = await api.post(
      apiPaths.commitAddCard,
      {
        id: setup.addPaymentMethodInitData.id,
        csrf: setup.addPaymentMethodInitData.csrf,
        stripe_si: setup.setupIntent.id,
        stripe_si_secret: setup.setupIntent.client_secret,
      },
      OTHER,
    );
    expect(added.statusCode, added.body).toBe(200);
    const before = await balance(OTHER);
    const saved = await prepareSaved(OTHER);
    const res = await api.post(
      apiPaths.existingCardCommit,
      { csrf: saved.csrf, amount: 10 },
      OTHER,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      card: { type: 'Visa', last4: '0341' },
      error: null,
      ok: true,
      payment: {
        stripe_status: 'requires_payment_method',
        stripe_reason:
          'Your bank declined the payment. Try another card, or call your bank to find out why.',
        receipt_id: null,
        amount: 1000,
        prepareid: saved.id,
      },
    });
    expect(await balance(OTHER)).toEqual(before);
    expect(await ledgerRows(saved.id)).toEqual([]);
  });

  it('refuses a commit of another account, and the services contact', async () => {
    const prepared = await prepareSaved();
    const foreign = await api.post(
      apiPaths.existingCardCommit,
      { csrf: prepared.csrf, amount: 1 },
      OTHER,
    );
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign)).toBe(paymentsErrors.paymentMismatch);
    expect((await api.post(apiPaths.existingCardPrepare, {}, SERVICES)).statusCode).toBe(403);
    expect(
      (await api.post(apiPaths.existingCardCommit, { csrf: prepared.csrf, amount: 1 }, SERVICES))
        .statusCode,
    ).toBe(403);
  });

  it("refuses a commit by another user of the same account with the first user's csrf", async () => {
    const before = await balance();
    const prepared = await prepareSaved(BILLING);
    const stolen = await api.post(
      apiPaths.existingCardCommit,
      { csrf: prepared.csrf, amount: 7.25 },
      HOLDER,
    );
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen)).toBe(paymentsErrors.paymentMismatch);
    expect(await ledgerRows(prepared.id)).toEqual([]);
    expect(await sandboxCharges(prepared.id)).toBe(0);
    expect((await balance()).amount).toBe(before.amount);
    // The user who prepared it still can, once.
    const own = await api.post(
      apiPaths.existingCardCommit,
      { csrf: prepared.csrf, amount: 7.25 },
      BILLING,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json().data as ExistingCardCommit).payment).toMatchObject({
      stripe_status: 'succeeded',
      amount: 725,
    });
    expect(await sandboxCharges(prepared.id)).toBe(1);
    expect(await ledgerRows(prepared.id)).toEqual([
      {
        amount_cents: -725,
        status: 'Successful',
        type: 'Payment',
        reason: 'One-off payment by Visa ending in 4242',
      },
    ]);
    expect((await balance()).amount).toBe(before.amount - 725);
  });

  it('refuses an amount under 50 cents or with 3 decimals', async () => {
    const prepared = await prepareSaved();
    for (const amount of [0.4, 1.005]) {
      const res = await api.post(apiPaths.existingCardCommit, { csrf: prepared.csrf, amount });
      expect(res.statusCode).toBe(400);
    }
  });

  it('needs a saved card that has not expired', async () => {
    await ctx.database.db.execute(
      sql`update paymethods set card_expires = '10/2020' where account_id = 100001`,
    );
    const res = await api.post(apiPaths.existingCardPrepare, {}, HOLDER);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Invalid request: You need to set up an existing card to make a payment with it.',
    );
    await ctx.database.db.execute(
      sql`update paymethods set card_expires = '08/28' where account_id = 100001`,
    );
  });
});

describe('gateway webhook', () => {
  it("refuses an event without Stripe's valid signature with a 400, and records nothing", async () => {
    const started = await start(3);
    const event = await paymentEvent(
      'evt_bad_sig',
      'payment_intent.succeeded',
      started.stripePaymentIntent.id,
    );
    const body = JSON.stringify(event);
    const forged = await webhook(event, sign(body, 'whsec_wrong'));
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged)).toBe(paymentsErrors.webhookSignature);
    const stale = await webhook(
      event,
      sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600),
    );
    expect(stale.statusCode).toBe(400);
    const altered = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.gatewayWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
      payload: body.replace('"amount":300', '"amount":1'),
    });
    expect(altered.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.gatewayWebhook,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    const seen = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from gateway_events where id = 'evt_bad_sig'`,
    );
    expect(seen[0]!.n).toBe(0);
  });

  it('records a payment from a signed event, with the card read from the gateway', async () => {
    const started = await start(2.5, OTHER);
    events.state.held = true;
    try {
      await pay(started, '5555555555554444');
    } finally {
      events.state.held = false;
    }
    const event = await paymentEvent(
      'evt_signed_ok',
      'payment_intent.succeeded',
      started.stripePaymentIntent.id,
    );
    const res = await webhook(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { received: true } });
    expect(await ledgerRows(started.prepareAPIResult.id)).toEqual([
      {
        amount_cents: -250,
        status: 'Successful',
        type: 'Payment',
        reason: 'One-off payment by Mastercard ending in 4444',
      },
    ]);
    // The customer's post afterwards answers the recorded payment, card named.
    expect((await post(started, OTHER)).user_message).toMatch(
      /^Your payment of \$2\.50 by Mastercard ending in 4444 was approved by your bank\./,
    );
  });

  it('processes an event id once: its replay is acknowledged and changes nothing', async () => {
    const started = await start(4);
    const intentId = started.stripePaymentIntent.id;
    events.state.held = true;
    try {
      // A card whose bank asks for authentication: the intent waits (requires_action).
      await pay(started, '4000002760003184');
      const first = await paymentEvent('evt_once', 'payment_intent.processing', intentId);
      expect((await webhook(first)).statusCode).toBe(200);
      // The customer authenticates: the payment succeeds at the gateway.
      await authenticateAtSandbox(
        ctx.app,
        intentId,
        started.stripePaymentIntent.client_secret,
        'complete',
      );
      // The same event id again: already handled, so the gateway is not even asked.
      const replay = await webhook(first);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ data: { received: true } });
      expect(await ledgerRows(started.prepareAPIResult.id)).toEqual([]);
      // A new event records it.
      const next = await paymentEvent('evt_once_next', 'payment_intent.succeeded', intentId);
      expect((await webhook(next)).statusCode).toBe(200);
      expect(await ledgerRows(started.prepareAPIResult.id)).toHaveLength(1);
    } finally {
      events.state.held = false;
    }
    const seen = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from gateway_events where id in ('evt_once', 'evt_once_next')`,
    );
    expect(seen[0]!.n).toBe(2);
  });

  it('acknowledges an event it does not act on', async () => {
    const res = await webhook({
      id: 'evt_customer',
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { received: true } });
  });

  it('refuses a body over its size limit', async () => {
    const body = JSON.stringify({ id: 'evt_big', type: 'x', pad: 'x'.repeat(300 * 1024) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.gatewayWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
  });
});
