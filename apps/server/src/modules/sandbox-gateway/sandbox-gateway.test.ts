import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SandboxConfirm, SandboxConfirmInput } from '@outpost/contracts/billing';
import type { GatewayEvent } from '../../adapters/payments/gateway';
import type { SandboxGateway } from '../../adapters/payments/sandbox';
import { isSandboxGateway } from '../../adapters/payments/sandbox';
import { sandboxErrors } from '../../adapters/payments/sandbox.errors';
import { SANDBOX_TEST_NUMBERS } from '../../adapters/payments/test-numbers';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';

const PUBLIC_URL = 'https://portal.example.com';
const RETURN = '/billing/payment-methods';
const time = manualClock(new Date('2026-11-21T00:00:00Z'));

let ctx: TestContext;
let gw: SandboxGateway;
let customerId: string;
const events: GatewayEvent[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { LOG_LEVEL: 'trace', PUBLIC_URL },
  });
  const gateway = ctx.app.paymentGateway;
  if (!isSandboxGateway(gateway)) throw new Error('expected the sandbox gateway');
  gw = gateway;
  gw.onEvent(async (event) => {
    events.push(event);
  });
  customerId = await gw.createCustomer({ accountId: 100001, name: 'Holder', email: null });
});
afterAll(async () => ctx.close());

const eventsOf = (intentId: string) =>
  events.filter((e) => (e.paymentIntent ?? e.setupIntent)?.id === intentId).map((e) => e.type);

type Card = { number: string; exp_month?: number; exp_year?: number; cvc?: string };
const card = (c: Card): SandboxConfirmInput['payment_method_data'] => ({
  type: 'card',
  card: { exp_month: 12, exp_year: 2030, cvc: '123', ...c },
});
const bank = (account: string, bsb = '000000'): SandboxConfirmInput['payment_method_data'] => ({
  type: 'au_becs_debit',
  au_becs_debit: { bsb_number: bsb, account_number: account },
  billing_details: { name: 'Jo Citizen', email: 'jo@example.com' },
});

async function confirm(
  kind: 'setup' | 'payment',
  intentId: string,
  clientSecret: string,
  data: SandboxConfirmInput['payment_method_data'],
  returnUrl: string | undefined = RETURN,
) {
  const path = kind === 'setup' ? apiPaths.sandboxConfirmSetup : apiPaths.sandboxConfirmPayment;
  return ctx.app.inject({
    method: 'POST',
    url: buildPath(path, { intent: intentId }),
    payload: {
      client_secret: clientSecret,
      payment_method_data: data,
      ...(returnUrl === undefined ? {} : { return_url: returnUrl }),
    },
  });
}
const answer = (res: { json: () => unknown }) => (res.json() as { data: SandboxConfirm }).data;

async function setup(type: 'card' | 'bank' = 'card') {
  return gw.createSetupIntent({ customerId, type, metadata: { account: '100001' } });
}

let keys = 0;
async function payment(amountCents = 1250, saveCard = false) {
  keys += 1;
  return gw.createPaymentIntent({
    amountCents,
    customerId,
    saveCard,
    metadata: { payment: String(keys) },
    idempotencyKey: `create-${keys}-${Date.now()}`,
  });
}

/** A saved method: a setup confirmed with the details (and authenticated when asked). */
async function savedMethod(data: SandboxConfirmInput['payment_method_data']): Promise<string> {
  const si = await setup(data.type === 'card' ? 'card' : 'bank');
  const res = answer(await confirm('setup', si.id, si.clientSecret, data));
  if (res.status === 'requires_action') {
    const done = await authenticate(si.id, si.clientSecret, 'complete');
    expect(done.statusCode).toBe(302);
  }
  return res.payment_method!;
}

function authenticate(
  intentId: string,
  clientSecret: string,
  outcome: 'complete' | 'fail',
  returnUrl = RETURN,
) {
  return ctx.app.inject({
    method: 'POST',
    url: buildPath(apiPaths.sandboxAuthenticate, { intent: intentId }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_secret: clientSecret,
      return_url: returnUrl,
      outcome,
    }).toString(),
  });
}

const charge = (paymentMethodId: string, idempotencyKey: string, amountCents = 4999) =>
  gw.chargeOffSession({
    amountCents,
    customerId,
    paymentMethodId,
    metadata: { run: 'test' },
    idempotencyKey,
  });

describe('ids and secrets', () => {
  it('look like Stripe: cus_, seti_, pi_ and <intent>_secret_<random>', async () => {
    expect(customerId).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    const si = await setup();
    expect(si.id).toMatch(/^seti_[A-Za-z0-9]{24}$/);
    expect(si.clientSecret).toMatch(new RegExp(`^${si.id}_secret_[A-Za-z0-9]{24}$`));
    expect(si.status).toBe('requires_payment_method');
    const pi = await payment();
    expect(pi.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(pi.clientSecret.startsWith(`${pi.id}_secret_`)).toBe(true);
    const [row] = await queryRows<{ client_secret_hash: string }>(
      ctx.database.db,
      sql`select client_secret_hash from sandbox_intents where id = ${si.id}`,
    );
    expect(row!.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.client_secret_hash).not.toContain(si.clientSecret.split('_secret_')[1]);
  });

  it('lists the test numbers it accepts', () => {
    expect(SANDBOX_TEST_NUMBERS.filter((n) => n.kind === 'card').map((n) => n.number)).toEqual([
      '4242424242424242',
      '5555555555554444',
      '378282246310005',
      '4000000000000002',
      '4000000000009995',
      '4000000000009987',
      '4000000000009979',
      '4000000000000069',
      '4000000000000127',
      '4000000000000119',
      '4242424242424241',
      '4000002500003155',
      '4000002760003184',
      '4000000000000341',
      '4000000000007726',
    ]);
    expect(SANDBOX_TEST_NUMBERS.filter((n) => n.kind === 'bank').map((n) => n.number)).toEqual([
      '000000 000123456',
      '000000 111111113',
      '000000 111111116',
    ]);
  });

  it('a wrong client secret, an unknown intent or the other kind answer the same 404', async () => {
    const si = await setup();
    const other = await setup();
    const pi = await payment();
    const refusals = [
      await confirm(
        'setup',
        si.id,
        `${si.id}_secret_wrongwrongwrongwrongwron`,
        card({ number: '4242424242424242' }),
      ),
      await confirm('setup', si.id, other.clientSecret, card({ number: '4242424242424242' })),
      await confirm(
        'setup',
        'seti_unknownunknownunknown1',
        si.clientSecret,
        card({ number: '4242424242424242' }),
      ),
      await confirm('payment', si.id, si.clientSecret, card({ number: '4242424242424242' })),
      await confirm('setup', pi.id, pi.clientSecret, card({ number: '4242424242424242' })),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Invalid request: not found.');
    }
    expect((await gw.retrieveSetupIntent(si.id)).status).toBe('requires_payment_method');
  });
});

describe('cards on a setup', () => {
  it.each([
    ['4242424242424242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['378282246310005', 'amex', '0005'],
  ])('%s succeeds and keeps brand, last 4 and expiry', async (number, brand, last4) => {
    const si = await setup();
    const res = await confirm(
      'setup',
      si.id,
      si.clientSecret,
      card({ number, exp_month: 11, exp_year: 2026 }),
    );
    expect(res.statusCode).toBe(200);
    const data = answer(res);
    expect(data).toMatchObject({
      id: si.id,
      status: 'succeeded',
      next_action: null,
      last_error: null,
    });
    expect(data.payment_method).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    const read = await gw.retrieveSetupIntent(si.id);
    expect(read.status).toBe('succeeded');
    expect(read.clientSecret).toBe('');
    expect(read.metadata).toEqual({ account: '100001' });
    expect(read.paymentMethod).toEqual({
      id: data.payment_method,
      type: 'card',
      card: { brand, last4, expMonth: 11, expYear: 2026 },
      bank: null,
    });
    expect(eventsOf(si.id)).toEqual(['setup_intent.succeeded']);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000009987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000000000009979', 'card_declined', 'stolen_card', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
    [
      '4000000000000127',
      'incorrect_cvc',
      'incorrect_cvc',
      "Your card's security code is incorrect.",
    ],
    [
      '4000000000000119',
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
    ['4242424242424241', 'incorrect_number', null, 'Your card number is incorrect.'],
  ])('%s is declined: %s %s', async (number, code, declineCode, message) => {
    const si = await setup();
    const data = answer(await confirm('setup', si.id, si.clientSecret, card({ number })));
    const error = { type: 'card_error', code, decline_code: declineCode, message };
    expect(data).toEqual({
      id: si.id,
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_error: error,
    });
    const read = await gw.retrieveSetupIntent(si.id);
    expect(read.lastError).toEqual(error);
    expect(read.paymentMethod).toBeNull();
    expect(eventsOf(si.id)).toEqual(['setup_intent.setup_failed']);
  });

  it('a card past its expiry is expired_card; this month still passes', async () => {
    const si = await setup();
    const past = answer(
      await confirm(
        'setup',
        si.id,
        si.clientSecret,
        card({ number: '4242424242424242', exp_month: 10, exp_year: 2026 }),
      ),
    );
    expect(past.last_error).toEqual({
      type: 'card_error',
      code: 'expired_card',
      decline_code: 'expired_card',
      message: 'Your card has expired.',
    });
    // A declined setup may be confirmed again with other details, like Stripe's.
    const again = answer(
      await confirm(
        'setup',
        si.id,
        si.clientSecret,
        card({ number: '4242424242424242', exp_month: 11, exp_year: 2026 }),
      ),
    );
    expect(again.status).toBe('succeeded');
    expect(eventsOf(si.id)).toEqual(['setup_intent.setup_failed', 'setup_intent.succeeded']);
  });

  it('refuses any number that is not listed, with the message, and emits nothing', async () => {
    const si = await setup();
    const data = answer(
      await confirm('setup', si.id, si.clientSecret, card({ number: '4111111111111111' })),
    );
    expect(data.status).toBe('requires_payment_method');
    expect(data.last_error).toEqual({
      type: 'invalid_request_error',
      code: 'incorrect_number',
      decline_code: null,
      message: 'This is the sandbox gateway: use one of the listed test card numbers.',
    });
    expect(eventsOf(si.id)).toEqual([]);
  });

  it('a succeeded setup cannot be confirmed again', async () => {
    const si = await setup();
    await confirm('setup', si.id, si.clientSecret, card({ number: '4242424242424242' }));
    const res = await confirm(
      'setup',
      si.id,
      si.clientSecret,
      card({ number: '5555555555554444' }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(sandboxErrors.sandboxUnexpectedState('setup', 'succeeded'));
  });

  it('a card setup takes no bank account', async () => {
    const si = await setup('card');
    const res = await confirm('setup', si.id, si.clientSecret, bank('000123456'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Invalid request: This setup accepts only card details.');
  });
});

describe('authentication (3-D Secure)', () => {
  it('4000002500003155 asks on setup; completing it saves the card; later charges pass', async () => {
    const si = await setup();
    const data = answer(
      await confirm('setup', si.id, si.clientSecret, card({ number: '4000002500003155' })),
    );
    expect(data.status).toBe('requires_action');
    expect(data.payment_method).toMatch(/^pm_/);
    const query = new URLSearchParams({ client_secret: si.clientSecret, return_url: RETURN });
    const pageUrl = `/api/sandbox-gateway/authenticate/${si.id}/?${query}`;
    expect(data.next_action).toEqual({ redirect_to_url: { url: pageUrl } });
    expect(eventsOf(si.id)).toEqual([]);

    const page = await ctx.app.inject({ method: 'GET', url: pageUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(page.body).toContain(
      '<button type="submit" name="outcome" value="complete">Complete authentication</button>',
    );
    expect(page.body).toContain(
      '<button type="submit" name="outcome" value="fail">Fail authentication</button>',
    );
    expect(page.body).toContain('Saving the Visa card ending 3155 for automatic payments.');
    expect(page.body).toContain(
      `<form method="post" action="/api/sandbox-gateway/authenticate/${si.id}/">`,
    );
    expect(page.body).not.toMatch(/<script|<style|style=|\son[a-z]+=/i);

    const done = await authenticate(si.id, si.clientSecret, 'complete');
    expect(done.statusCode).toBe(302);
    const back = new URLSearchParams({
      setup_intent: si.id,
      setup_intent_client_secret: si.clientSecret,
      redirect_status: 'succeeded',
    });
    expect(done.headers.location).toBe(`${RETURN}?${back}`);
    const read = await gw.retrieveSetupIntent(si.id);
    expect(read.status).toBe('succeeded');
    expect(eventsOf(si.id)).toEqual(['setup_intent.succeeded']);

    // Authenticated once: off-session charges of it succeed.
    const pi = await charge(data.payment_method!, `auth-once-${si.id}`);
    expect(pi.status).toBe('succeeded');
    expect(pi.receiptId).toMatch(/^\d{4}-\d{4}$/);
    // The page is gone once the intent moved on.
    const again = await authenticate(si.id, si.clientSecret, 'fail');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(
      sandboxErrors.sandboxUnexpectedState('authentication', 'succeeded'),
    );
  });

  it('failing the authentication fails the setup and says so in the return address', async () => {
    const si = await setup();
    await confirm('setup', si.id, si.clientSecret, card({ number: '4000002760003184' }));
    const done = await authenticate(
      si.id,
      si.clientSecret,
      'fail',
      `${PUBLIC_URL}/billing?tab=methods`,
    );
    expect(done.statusCode).toBe(302);
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${PUBLIC_URL}/billing`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      tab: 'methods',
      setup_intent: si.id,
      setup_intent_client_secret: si.clientSecret,
      redirect_status: 'failed',
    });
    const read = await gw.retrieveSetupIntent(si.id);
    expect(read.status).toBe('requires_payment_method');
    expect(read.paymentMethod).toBeNull();
    expect(read.lastError?.code).toBe('setup_intent_authentication_failure');
    expect(eventsOf(si.id)).toEqual(['setup_intent.setup_failed']);
  });

  it('4000002760003184 asks every time: an off-session charge fails authentication_required', async () => {
    const method = await savedMethod(card({ number: '4000002760003184' }));
    const pi = await charge(method, `always-${method}`);
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.lastError).toEqual({
      type: 'card_error',
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    expect(pi.receiptId).toBeNull();
    expect(eventsOf(pi.id)).toEqual(['payment_intent.payment_failed']);
  });

  it('an on-session payment asks too; completing it pays, with the return query', async () => {
    const pi = await payment(2575);
    const data = answer(
      await confirm('payment', pi.id, pi.clientSecret, card({ number: '4000002500003155' })),
    );
    expect(data.status).toBe('requires_action');
    const page = await ctx.app.inject({
      method: 'GET',
      url: data.next_action!.redirect_to_url.url,
    });
    expect(page.body).toContain('A payment of $25.75 AUD with the Visa card ending 3155.');
    const done = await authenticate(pi.id, pi.clientSecret, 'complete');
    expect(done.headers.location).toBe(
      `${RETURN}?${new URLSearchParams({ payment_intent: pi.id, payment_intent_client_secret: pi.clientSecret, redirect_status: 'succeeded' })}`,
    );
    const read = await gw.retrievePaymentIntent(pi.id);
    expect(read).toMatchObject({ status: 'succeeded', amountCents: 2575, lastError: null });
    expect(read.receiptId).toMatch(/^\d{4}-\d{4}$/);
    expect(eventsOf(pi.id)).toEqual(['payment_intent.succeeded']);
  });

  it('a failed payment authentication answers payment_intent_authentication_failure', async () => {
    const pi = await payment();
    await confirm('payment', pi.id, pi.clientSecret, card({ number: '4000002760003184' }));
    const done = await authenticate(pi.id, pi.clientSecret, 'fail');
    expect(
      new URL(done.headers.location as string, PUBLIC_URL).searchParams.get('redirect_status'),
    ).toBe('failed');
    const read = await gw.retrievePaymentIntent(pi.id);
    expect(read.status).toBe('requires_payment_method');
    expect(read.lastError?.code).toBe('payment_intent_authentication_failure');
    expect(eventsOf(pi.id)).toEqual(['payment_intent.payment_failed']);
  });

  it('refuses a return address of another site (no open redirect)', async () => {
    const si = await setup();
    for (const bad of [
      'https://evil.example/steal',
      '//evil.example/steal',
      '/\\evil.example/steal',
      'javascript:alert(1)',
      'http://portal.example.com/billing',
      'billing',
    ]) {
      const res = await confirm(
        'setup',
        si.id,
        si.clientSecret,
        card({ number: '4000002500003155' }),
        bad,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res)).toBe('Invalid request: return_url must be an address of this site.');
    }
    const data = answer(
      await confirm('setup', si.id, si.clientSecret, card({ number: '4000002500003155' })),
    );
    expect(data.status).toBe('requires_action');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/sandbox-gateway/authenticate/${si.id}/?${new URLSearchParams({ client_secret: si.clientSecret, return_url: 'https://evil.example/' })}`,
    });
    expect(page.statusCode).toBe(400);
    const post = await authenticate(si.id, si.clientSecret, 'complete', 'https://evil.example/');
    expect(post.statusCode).toBe(400);
    expect(errorOf(post)).toBe('Invalid request: return_url must be an address of this site.');
    expect((await gw.retrieveSetupIntent(si.id)).status).toBe('requires_action');
  });

  it('the authentication page refuses a wrong client secret with the plain 404', async () => {
    const si = await setup();
    await confirm('setup', si.id, si.clientSecret, card({ number: '4000002500003155' }));
    const other = await setup();
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/sandbox-gateway/authenticate/${si.id}/?${new URLSearchParams({ client_secret: other.clientSecret, return_url: RETURN })}`,
    });
    expect(page.statusCode).toBe(404);
    const post = await authenticate(si.id, other.clientSecret, 'complete');
    expect(post.statusCode).toBe(404);
    expect(errorOf(post)).toBe('Invalid request: not found.');
  });
});

describe('payments', () => {
  it('4242 pays; the card is saved for off-session use only when asked', async () => {
    const plain = await payment(1250, false);
    const data = answer(
      await confirm('payment', plain.id, plain.clientSecret, card({ number: '4242424242424242' })),
    );
    expect(data.status).toBe('succeeded');
    const read = await gw.retrievePaymentIntent(plain.id);
    expect(read.paymentMethod?.card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(read.metadata).toEqual({ payment: String(keys) });
    expect(eventsOf(plain.id)).toEqual(['payment_intent.succeeded']);
    // Not saved: it cannot be charged off-session.
    await expect(charge(data.payment_method!, `unsaved-${plain.id}`)).rejects.toThrow(
      `No such PaymentMethod: '${data.payment_method}'`,
    );

    const saving = await payment(1250, true);
    const saved = answer(
      await confirm(
        'payment',
        saving.id,
        saving.clientSecret,
        card({ number: '4242424242424242' }),
      ),
    );
    const later = await charge(saved.payment_method!, `saved-${saving.id}`);
    expect(later.status).toBe('succeeded');
  });

  it('the same idempotency key creates one PaymentIntent', async () => {
    const key = `create-same-${Date.now()}`;
    const input = {
      amountCents: 990,
      customerId,
      saveCard: false,
      metadata: {},
      idempotencyKey: key,
    };
    const first = await gw.createPaymentIntent(input);
    const second = await gw.createPaymentIntent(input);
    expect(second.id).toBe(first.id);
    await expect(gw.createPaymentIntent({ ...input, amountCents: 991 })).rejects.toThrow(
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    );
  });

  it('declines answer the status and error (4000000000009995)', async () => {
    const pi = await payment();
    const data = answer(
      await confirm('payment', pi.id, pi.clientSecret, card({ number: '4000000000009995' })),
    );
    expect(data.status).toBe('requires_payment_method');
    expect(data.last_error?.decline_code).toBe('insufficient_funds');
    expect(eventsOf(pi.id)).toEqual(['payment_intent.payment_failed']);
  });

  it('4000000000000341 saves, then every charge is declined', async () => {
    const method = await savedMethod(card({ number: '4000000000000341' }));
    const off = await charge(method, `0341-${method}`);
    expect(off.status).toBe('requires_payment_method');
    expect(off.lastError).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const pi = await payment();
    const data = answer(
      await confirm('payment', pi.id, pi.clientSecret, card({ number: '4000000000000341' })),
    );
    expect(data.status).toBe('requires_payment_method');
    expect(data.last_error?.code).toBe('card_declined');
  });

  it('4000000000007726 (the sandbox’s own) stays processing', async () => {
    const pi = await payment(3300);
    const data = answer(
      await confirm('payment', pi.id, pi.clientSecret, card({ number: '4000000000007726' })),
    );
    expect(data).toMatchObject({ status: 'processing', last_error: null, next_action: null });
    expect((await gw.retrievePaymentIntent(pi.id)).status).toBe('processing');
    expect(eventsOf(pi.id)).toEqual(['payment_intent.processing']);
    const method = await savedMethod(card({ number: '4000000000007726' }));
    const off = await charge(method, `7726-${method}`);
    expect(off.status).toBe('processing');
    expect(off.receiptId).toBeNull();
  });

  it('a payment takes no bank account', async () => {
    const pi = await payment();
    const res = await confirm('payment', pi.id, pi.clientSecret, bank('000123456'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Invalid request: This payment accepts only card details.');
  });
});

describe('bank accounts (BECS direct debit, BSB 000000)', () => {
  it('000123456 saves; a debit is processing, then succeeds', async () => {
    const si = await setup('bank');
    const data = answer(await confirm('setup', si.id, si.clientSecret, bank('000123456')));
    expect(data.status).toBe('succeeded');
    const read = await gw.retrieveSetupIntent(si.id);
    expect(read.paymentMethod).toEqual({
      id: data.payment_method,
      type: 'au_becs_debit',
      card: null,
      bank: { name: 'Jo Citizen', last4: '3456' },
    });
    const pi = await charge(data.payment_method!, `becs-ok-${si.id}`, 12000);
    expect(pi.status).toBe('processing');
    expect(eventsOf(pi.id)).toEqual(['payment_intent.processing', 'payment_intent.succeeded']);
    const settled = await gw.retrievePaymentIntent(pi.id);
    expect(settled.status).toBe('succeeded');
    expect(settled.receiptId).toMatch(/^\d{4}-\d{4}$/);
  });

  it.each([
    ['111111113', 'account_closed', 'The bank account has been closed.'],
    [
      '111111116',
      'insufficient_funds',
      'The account has insufficient funds to cover this payment.',
    ],
  ])('%s saves; a debit is processing, then fails (%s)', async (account, code, message) => {
    const method = await savedMethod(bank(account));
    const pi = await charge(method, `becs-${account}-${method}`);
    expect(pi.status).toBe('processing');
    const settled = await gw.retrievePaymentIntent(pi.id);
    expect(settled.status).toBe('requires_payment_method');
    expect(settled.lastError).toMatchObject({ code, message });
    expect(eventsOf(pi.id)).toEqual(['payment_intent.processing', 'payment_intent.payment_failed']);
  });

  it('refuses other accounts and other BSBs', async () => {
    for (const details of [bank('123456789'), bank('000123456', '062000')]) {
      const si = await setup('bank');
      const data = answer(await confirm('setup', si.id, si.clientSecret, details));
      expect(data.status).toBe('requires_payment_method');
      expect(data.last_error).toEqual({
        type: 'invalid_request_error',
        code: 'incorrect_number',
        decline_code: null,
        message:
          'This is the sandbox gateway: use one of the listed test bank accounts (BSB 000000).',
      });
    }
  });
});

describe('off-session charges', () => {
  it('20 parallel charges with one idempotency key: one PaymentIntent, one event, one charge', async () => {
    const method = await savedMethod(card({ number: '5555555555554444' }));
    const key = `parallel-${method}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => charge(method, key, 7700)));
    const ids = new Set(results.map((r) => r.id));
    expect(ids.size).toBe(1);
    for (const r of results) expect(r).toMatchObject({ status: 'succeeded', amountCents: 7700 });
    const [id] = [...ids];
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sandbox_intents where idempotency_key = ${key}`,
    );
    expect(rows[0]!.n).toBe(1);
    const stored = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sandbox_events where payload->'paymentIntent'->>'id' = ${id!}`,
    );
    expect(stored[0]!.n).toBe(1);
    expect(eventsOf(id!)).toEqual(['payment_intent.succeeded']);
    // The same key with another amount is refused, never a second charge.
    await expect(charge(method, key, 7701)).rejects.toThrow(/same parameters/);
  });

  it('a detached method cannot be charged', async () => {
    const method = await savedMethod(card({ number: '4242424242424242' }));
    await gw.detachPaymentMethod(method);
    await expect(charge(method, `detached-${method}`)).rejects.toThrow(
      `No such PaymentMethod: '${method}'`,
    );
  });
});

describe('event delivery', () => {
  it('a failing handler leaves the event pending; deliverPending delivers it once', async () => {
    const seen: string[] = [];
    let failing = true;
    gw.onEvent(async (event) => {
      if (failing) throw new Error('handler down');
      seen.push(event.id);
      events.push(event);
    });
    try {
      const method = await savedMethod(card({ number: '4242424242424242' }));
      const pi = await charge(method, `redeliver-${method}`);
      expect(pi.status).toBe('succeeded');
      const pending = await queryRows<{ id: string }>(
        ctx.database.db,
        sql`select id from sandbox_events where delivered_at is null and payload->'paymentIntent'->>'id' = ${pi.id}`,
      );
      expect(pending).toHaveLength(1);
      failing = false;
      expect(await gw.deliverPending()).toBeGreaterThanOrEqual(1);
      expect(seen.filter((id) => id === pending[0]!.id)).toHaveLength(1);
      expect(await gw.deliverPending()).toBe(0);
      expect(seen.filter((id) => id === pending[0]!.id)).toHaveLength(1);
      const left = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from sandbox_events where delivered_at is null`,
      );
      expect(left[0]!.n).toBe(0);
    } finally {
      gw.onEvent(async (event) => {
        events.push(event);
      });
    }
  });

  it('every event was delivered exactly once', async () => {
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sandbox_events`,
    );
    expect(ids.length).toBe(rows[0]!.n);
  });
});

describe('what is kept', () => {
  it('the card number is neither stored nor logged', async () => {
    const si = await setup();
    await confirm(
      'setup',
      si.id,
      si.clientSecret,
      card({ number: '4242424242424242', cvc: '9317' }),
    );
    // A refused body (bad expiry) still never reaches the log.
    const bad = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.sandboxConfirmSetup, { intent: si.id }),
      payload: {
        client_secret: si.clientSecret,
        payment_method_data: {
          type: 'card',
          card: { number: '5555555555554444', exp_month: 13, exp_year: 2030, cvc: '9317' },
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    const tables = [
      'sandbox_customers',
      'sandbox_payment_methods',
      'sandbox_intents',
      'sandbox_events',
    ];
    let stored = '';
    for (const table of tables) {
      const rows = await queryRows<{ row: string }>(
        ctx.database.db,
        sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
      );
      stored += rows.map((r) => r.row).join('\n');
    }
    expect(stored).toContain('"last4":"4242"');
    for (const secret of ['4242424242424242', '5555555555554444', '424242424242'])
      expect(stored).not.toContain(secret);
    const log = ctx.logLines.join('\n');
    expect(ctx.logLines.length).toBeGreaterThan(10);
    for (const secret of [
      '4242424242424242',
      '5555555555554444',
      '4000002500003155',
      si.clientSecret,
    ])
      expect(log).not.toContain(secret);
  });
});
