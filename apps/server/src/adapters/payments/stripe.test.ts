import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { queryRows } from '../../db/client';
import { createTestContext, errorOf } from '../../test/test-app';
import type { PaymentGateway } from './gateway';
import { GatewayRequestError } from './gateway';
import { createStripeGateway } from './stripe';
import type { FakeStripe } from './stripe-fake.test-helper';
import { startFakeStripe } from './stripe-fake.test-helper';

const SECRET_KEY = 'sk_test_fakeKey123';
const WEBHOOK_SECRET = 'whsec_fakeSigningSecret123';

let fake: FakeStripe;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = createStripeGateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_fakeKey123',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
});
afterAll(async () => fake.close());

const last = () => fake.requests.at(-1)!;

describe('the Stripe gateway (stripe-node against a local fake)', () => {
  it('creates a customer with the secret key', async () => {
    expect(gateway.mode).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_fakeKey123');
    const id = await gateway.createCustomer({ accountId: 100001, name: 'Jo Citizen', email: null });
    expect(id).toMatch(/^cus_fake/);
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(last().headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(last().form).toEqual({ name: 'Jo Citizen', 'metadata[accountId]': '100001' });
  });

  it('creates SetupIntents for off-session use (card or BECS) and reads them back', async () => {
    const card = await gateway.createSetupIntent({
      customerId: 'cus_fake_1',
      type: 'card',
      metadata: { account: '100001' },
    });
    expect(card).toMatchObject({
      status: 'requires_payment_method',
      customerId: 'cus_fake_1',
      clientSecret: `${card.id}_secret_fake`,
      metadata: { account: '100001' },
    });
    expect(last().form).toEqual({
      customer: 'cus_fake_1',
      'allowed_payment_method_types[0]': 'card',
      usage: 'off_session',
      'metadata[account]': '100001',
    });
    await gateway.createSetupIntent({ customerId: 'cus_fake_1', type: 'bank', metadata: {} });
    expect(last().form['allowed_payment_method_types[0]']).toBe('au_becs_debit');

    fake.succeedSetup(card.id, 'pm_card_visa');
    const read = await gateway.retrieveSetupIntent(card.id);
    expect(last()).toMatchObject({ method: 'GET', path: `/v1/setup_intents/${card.id}` });
    expect(last().form).toEqual({ 'expand[0]': 'payment_method' });
    expect(read.status).toBe('succeeded');
    expect(read.paymentMethod).toEqual({
      id: 'pm_card_visa',
      type: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      bank: null,
    });
  });

  it('creates a PaymentIntent in AUD with the idempotency key; the same key gives the same one', async () => {
    const input = {
      amountCents: 1250,
      customerId: 'cus_fake_1',
      saveCard: true,
      metadata: { payment: '1001' },
      idempotencyKey: 'payment-1001-create',
    };
    const before = fake.requests.length;
    const first = await gateway.createPaymentIntent(input);
    const second = await gateway.createPaymentIntent(input);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'requires_payment_method', amountCents: 1250 });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.headers['idempotency-key']).toBe('payment-1001-create');
      expect(request.form).toEqual({
        amount: '1250',
        currency: 'aud',
        'allowed_payment_method_types[0]': 'card',
        customer: 'cus_fake_1',
        setup_future_usage: 'off_session',
        'metadata[payment]': '1001',
      });
    }
  });

  it('charges a saved card off-session: succeeded with the receipt number', async () => {
    const pi = await gateway.chargeOffSession({
      amountCents: 4999,
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visa',
      metadata: { payment: '1002' },
      idempotencyKey: 'payment-1002-charge',
    });
    expect(pi).toMatchObject({
      status: 'succeeded',
      amountCents: 4999,
      receiptId: '1873-2210',
      lastError: null,
      paymentMethod: { id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } },
    });
    expect(last().headers['idempotency-key']).toBe('payment-1002-charge');
    expect(last().form).toMatchObject({
      amount: '4999',
      currency: 'aud',
      customer: 'cus_fake_1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'expand[0]': 'payment_method',
      'expand[1]': 'latest_charge',
    });
    const read = await gateway.retrievePaymentIntent(pi.id);
    expect(read).toMatchObject({ status: 'succeeded', receiptId: '1873-2210' });
  });

  it('a decline is an answer (requires_payment_method and the error), not an exception', async () => {
    const pi = await gateway.chargeOffSession({
      amountCents: 4999,
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visa_chargeDeclinedInsufficientFunds',
      metadata: {},
      idempotencyKey: 'payment-1003-charge',
    });
    expect(pi.id).toMatch(/^pi_fake/);
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.receiptId).toBeNull();
    expect(pi.lastError).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const auth = await gateway.chargeOffSession({
      amountCents: 100,
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_authenticationRequired',
      metadata: {},
      idempotencyKey: 'payment-1004-charge',
    });
    expect(auth.status).toBe('requires_payment_method');
    expect(auth.lastError?.code).toBe('authentication_required');
  });

  it('a dropped answer is retried with the same key and charges once', async () => {
    const charges = fake.charges();
    const before = fake.requests.length;
    fake.dropNextAnswer();
    const pi = await gateway.chargeOffSession({
      amountCents: 2000,
      customerId: 'cus_fake_1',
      paymentMethodId: 'pm_card_visa',
      metadata: {},
      idempotencyKey: 'payment-1005-charge',
    });
    expect(pi.status).toBe('succeeded');
    expect(fake.charges()).toBe(charges + 1);
    const sent = fake.requests.slice(before).filter((r) => r.path === '/v1/payment_intents');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([
      'payment-1005-charge',
      'payment-1005-charge',
    ]);
  });

  it('detaches a payment method; an unknown one is a GatewayRequestError', async () => {
    await gateway.detachPaymentMethod('pm_card_visa');
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/payment_methods/pm_card_visa/detach',
    });
    const error = await gateway.detachPaymentMethod('pm_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such PaymentMethod: 'pm_missing'",
    });
  });
});

describe('webhooks', () => {
  const stripe = new Stripe(SECRET_KEY);
  const payload = JSON.stringify({
    id: 'evt_fake_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: 'pi_fake_9',
        object: 'payment_intent',
        amount: 1250,
        client_secret: 'pi_fake_9_secret_x',
        status: 'succeeded',
        customer: 'cus_fake_1',
        payment_method: 'pm_card_visa',
        last_payment_error: null,
        latest_charge: 'ch_fake_9',
        metadata: { payment: '1001' },
      },
    },
  });

  it('a good signature parses into the event', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const event = gateway.parseWebhook(Buffer.from(payload), header);
    expect(event).toEqual({
      id: 'evt_fake_1',
      type: 'payment_intent.succeeded',
      setupIntent: null,
      paymentIntent: {
        id: 'pi_fake_9',
        clientSecret: 'pi_fake_9_secret_x',
        status: 'succeeded',
        amountCents: 1250,
        customerId: 'cus_fake_1',
        paymentMethod: { id: 'pm_card_visa', type: 'card', card: null, bank: null },
        lastError: null,
        receiptId: 'ch_fake_9',
        metadata: { payment: '1001' },
      },
    });
  });

  it('a bad signature, a stale timestamp, an altered body or no signature throw', () => {
    const wrong = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => gateway.parseWebhook(Buffer.from(payload), wrong)).toThrow(
      /No signatures found matching the expected signature/,
    );
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => gateway.parseWebhook(Buffer.from(payload), stale)).toThrow(/tolerance/);
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(() => gateway.parseWebhook(Buffer.from(payload.replace('1250', '9999')), good)).toThrow(
      /No signatures found/,
    );
    expect(() => gateway.parseWebhook(Buffer.from(payload), undefined)).toThrow(
      'No Stripe-Signature header.',
    );
  });
});

describe('the app with Stripe configured', () => {
  it('answers a signed webhook 503 with Retry-After when Stripe cannot be reached, and records nothing', async () => {
    // A Stripe API that has gone away: its port no longer listens.
    const gone = await startFakeStripe();
    await gone.close();
    const ctx = await createTestContext({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fakeKey123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: gone.url,
      },
    });
    try {
      const payload = JSON.stringify({
        id: 'evt_unreachable_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_fake_unreachable',
            object: 'payment_intent',
            amount: 1250,
            status: 'succeeded',
            metadata: { payment_id: '1001', account_id: '100001' },
          },
        },
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.gatewayWebhook,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(errorOf(res)).toBe(serverErrors.unavailable);
      // Not marked seen, so Stripe's redelivery is handled; no payment changed.
      const seen = await queryRows<{ id: string }>(
        ctx.database.db,
        sql`select id from gateway_events where id = 'evt_unreachable_1'`,
      );
      expect(seen).toEqual([]);
      const [settled] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from payments where intent_id = 'pi_fake_unreachable'`,
      );
      expect(settled!.n).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('uses Stripe and answers 404 on the sandbox routes', async () => {
    const ctx = await createTestContext({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fakeKey123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      },
    });
    try {
      expect(ctx.app.paymentGateway.mode).toBe('stripe');
      expect(ctx.app.paymentGateway.deliverPending).toBeUndefined();
      const res = await ctx.app.inject({
        method: 'POST',
        url: buildPath(apiPaths.sandboxConfirmSetup, { intent: 'seti_abcdefghijkl' }),
        payload: {
          client_secret: 'seti_abcdefghijkl_secret_x',
          payment_method_data: {
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
          },
        },
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Invalid request: not found.');
    } finally {
      await ctx.close();
    }
  });
});
