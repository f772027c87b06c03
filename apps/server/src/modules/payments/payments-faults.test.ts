import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { ExistingCardCommit, StartPayment } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { queryRows } from '../../db/client';
import { paymethods } from '../billing/billing.schema';
import { payments } from './payments.schema';
import { reconcileAtStart } from './reconcile';
import { apiFor, errorOf } from '../../test/test-app';
import type { PaymentsTestContext } from './payments-test-kit';
import {
  GatewayTimeout,
  cardInput,
  confirmAtSandbox,
  createPaymentsContext,
  holdableEvents,
  wrapGateway,
} from './payments-test-kit';

const BILLING = 5002; // account 100001: Visa 4242 saved at the sandbox by the seed

/**
 * What the next calls of a kind do: 'before' times out without reaching the gateway, 'after'
 * reaches it (the charge is made) and then the answer is lost, 'delay' answers late.
 */
type Fault = 'before' | 'after' | 'delay' | 'slow';
const faults: Record<'charge' | 'createPayment' | 'retrievePayment' | 'createSetup', Fault[]> = {
  charge: [],
  createPayment: [],
  retrievePayment: [],
  createSetup: [],
};

/** How many times each kind reached the wrapper. */
const calls: Record<keyof typeof faults, number> = {
  charge: 0,
  createPayment: 0,
  retrievePayment: 0,
  createSetup: 0,
};

function faulty<A extends unknown[], R>(
  kind: keyof typeof faults,
  call: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args) => {
    calls[kind] += 1;
    const fault = faults[kind].shift();
    if (fault === 'before') throw new GatewayTimeout();
    if (fault === 'delay') await sleep(300);
    // Longer than a claim's stale time: only its renewal keeps other commits waiting.
    if (fault === 'slow') await sleep(12_000);
    const answer = await call(...args);
    if (fault === 'after') throw new GatewayTimeout();
    return answer;
  };
}

let events: ReturnType<typeof holdableEvents>;
let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext({
    wrap: (sandbox) => {
      events = holdableEvents(sandbox);
      const overrides: Partial<PaymentGateway> = {
        onEvent: events.onEvent,
        chargeOffSession: faulty('charge', (input) => sandbox.chargeOffSession(input)),
        createPaymentIntent: faulty('createPayment', (input) => sandbox.createPaymentIntent(input)),
        retrievePaymentIntent: faulty('retrievePayment', (id) => sandbox.retrievePaymentIntent(id)),
        createSetupIntent: faulty('createSetup', (input) => sandbox.createSetupIntent(input)),
      };
      return wrapGateway(sandbox, overrides);
    },
  });
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx, BILLING);

async function ledgerRows(paymentId: number) {
  return queryRows<{ amount_cents: number }>(
    ctx.database.db,
    sql`select amount_cents from transactions where payment_id = ${paymentId}`,
  );
}

async function charges(paymentId: number) {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from sandbox_intents where metadata->>'payment_id' = ${String(paymentId)}`,
  );
  return row!.n;
}

async function balanceOf() {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select coalesce(sum(amount_cents), 0)::int as n from transactions where account_id = 100001`,
  );
  return row!.n;
}

async function prepareSaved() {
  const res = await api.post(apiPaths.existingCardPrepare, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; csrf: string };
}

const commit = async (csrf: string, amount: number) => {
  const res = await api.post(apiPaths.existingCardCommit, { csrf, amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ExistingCardCommit;
};

describe('a saved-card charge the gateway does not answer', () => {
  it('answers a clean error and records nothing when the call never reached the gateway; a retry charges once', async () => {
    const prepared = await prepareSaved();
    faults.charge.push('before');
    expect(await commit(prepared.csrf, 12)).toEqual({
      card: { type: 'Visa', last4: '4242' },
      error: messages.billing.existingCardFailed(ctx.config.brand.providerName),
      ok: false,
      payment: null,
    });
    expect(await ledgerRows(prepared.id)).toEqual([]);
    expect(await charges(prepared.id)).toBe(0);
    const retried = await commit(prepared.csrf, 12);
    expect(retried.ok).toBe(true);
    expect(retried.payment?.stripe_status).toBe('succeeded');
    expect(await charges(prepared.id)).toBe(1);
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -1200 }]);
  });

  it('charges once when the answer was lost and the commit is sent again (same idempotency key)', async () => {
    const prepared = await prepareSaved();
    faults.charge.push('after');
    events.state.held = true;
    try {
      const lost = await commit(prepared.csrf, 8.8);
      expect(lost.ok).toBe(false);
      expect(lost.error).toBe(messages.billing.existingCardFailed(ctx.config.brand.providerName));
      expect(await ledgerRows(prepared.id)).toEqual([]);
      // The gateway did charge: the retry's idempotency key brings back that charge.
      expect(await charges(prepared.id)).toBe(1);
      const retried = await commit(prepared.csrf, 8.8);
      expect(retried.ok).toBe(true);
      expect(retried.payment?.stripe_status).toBe('succeeded');
    } finally {
      events.state.held = false;
    }
    await ctx.sandbox.deliverPending();
    expect(await charges(prepared.id)).toBe(1);
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -880 }]);
  });

  it('refuses a retry with another amount than the first attempt', async () => {
    const prepared = await prepareSaved();
    faults.charge.push('before');
    expect((await commit(prepared.csrf, 5)).ok).toBe(false);
    const res = await api.post(apiPaths.existingCardCommit, { csrf: prepared.csrf, amount: 6 });
    expect(res.statusCode).toBe(400);
    expect(await charges(prepared.id)).toBe(0);
  });

  it('lets commits that arrive while a slow charge is under way wait for its answer', async () => {
    const prepared = await prepareSaved();
    faults.charge.push('delay');
    const before = calls.charge;
    const answers = await Promise.all(Array.from({ length: 10 }, () => commit(prepared.csrf, 3.3)));
    expect(answers.every((a) => a.ok && a.payment?.stripe_status === 'succeeded')).toBe(true);
    // Only the first asked the gateway; the others waited for its answer.
    expect(calls.charge - before).toBe(1);
    expect(await charges(prepared.id)).toBe(1);
    expect(await ledgerRows(prepared.id)).toHaveLength(1);
  });
});

describe('a crash between the gateway and the ledger (kill -9 while charging)', () => {
  /**
   * The state a process killed mid-charge leaves: the commit claimed the payment (its amount
   * set), the gateway charged it with the payment's idempotency key, and nothing was recorded (the
   * gateway's event is not delivered yet either). `diedAgoMs`: when the claim was last renewed.
   */
  async function crashAfterCharge(amount: number, diedAgoMs: number) {
    const prepared = await prepareSaved();
    const cents = Math.round(amount * 100);
    const [payment] = await ctx.database.db
      .update(payments)
      .set({ amountCents: cents, updatedAt: new Date(Date.now() - diedAgoMs) })
      .where(eq(payments.id, prepared.id))
      .returning();
    const [card] = await ctx.database.db
      .select()
      .from(paymethods)
      .where(eq(paymethods.accountId, payment!.accountId));
    events.state.held = true;
    try {
      const intent = await ctx.sandbox.chargeOffSession({
        amountCents: cents,
        customerId: card!.gatewayCustomerId!,
        paymentMethodId: card!.cardPaymentMethodId!,
        metadata: { payment_id: String(payment!.id), account_id: String(payment!.accountId) },
        idempotencyKey: payment!.idempotencyKey,
      });
      expect(intent.status).toBe('succeeded');
    } finally {
      events.state.held = false;
    }
    expect(await charges(prepared.id)).toBe(1);
    expect(await ledgerRows(prepared.id)).toEqual([]);
    return prepared;
  }

  const settledAnswer = (prepared: { id: number }, cents: number) => ({
    card: { type: 'Visa', last4: '4242' },
    error: null,
    ok: true,
    payment: {
      stripe_status: 'succeeded',
      stripe_reason: null,
      receipt_id: expect.stringMatching(/^\d{4}-\d{4}$/),
      amount: cents,
      prepareid: prepared.id,
    },
  });

  it('records the charge at start-up, before any retry; the retry answers it', async () => {
    const balance = await balanceOf();
    const prepared = await crashAfterCharge(16.45, 500);
    // The restarted process, before it listens (server.ts).
    const log = { info: () => {}, warn: () => {} };
    await reconcileAtStart({
      db: ctx.database.db,
      gateway: ctx.app.paymentGateway,
      clock: ctx.clock,
      log,
    });
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -1645 }]);
    expect(await balanceOf()).toBe(balance - 1645);
    expect(await charges(prepared.id)).toBe(1);
    expect(await commit(prepared.csrf, 16.45)).toEqual(settledAnswer(prepared, 1645));
    // The gateway's own event, delivered late, changes nothing.
    await ctx.sandbox.deliverPending();
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -1645 }]);
    expect(await charges(prepared.id)).toBe(1);
  });

  it("answers a retry with the settled charge, not 'please try again', once the dead claim is stale", async () => {
    const balance = await balanceOf();
    const prepared = await crashAfterCharge(23.1, 15_000);
    expect(await commit(prepared.csrf, 23.1)).toEqual(settledAnswer(prepared, 2310));
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -2310 }]);
    expect(await balanceOf()).toBe(balance - 2310);
    expect(await charges(prepared.id)).toBe(1);
  });

  it('answers a retry that comes right after the crash with the settled charge', async () => {
    const prepared = await crashAfterCharge(9.95, 4_000);
    expect(await commit(prepared.csrf, 9.95)).toEqual(settledAnswer(prepared, 995));
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -995 }]);
    expect(await charges(prepared.id)).toBe(1);
  });

  const intentOf = async (paymentId: number) => {
    const [row] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from sandbox_intents where metadata->>'payment_id' = ${String(paymentId)}`,
    );
    return row!.id;
  };

  it('reads a payment recorded as processing from the gateway when the customer retries', async () => {
    const prepared = await crashAfterCharge(12.34, 0);
    // Recorded as processing earlier; the bank has since taken it.
    await ctx.database.db
      .update(payments)
      .set({
        status: 'processing',
        gatewayStatus: 'processing',
        intentId: await intentOf(prepared.id),
      })
      .where(eq(payments.id, prepared.id));
    expect(await commit(prepared.csrf, 12.34)).toEqual(settledAnswer(prepared, 1234));
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -1234 }]);
    expect(await charges(prepared.id)).toBe(1);
  });

  it('records at start-up a new-card payment confirmed at the gateway whose post never came', async () => {
    const res = await api.post(apiPaths.startPayment, { amount: 7.77 });
    const started = res.json().data as StartPayment;
    events.state.held = true;
    try {
      const confirmed = await confirmAtSandbox(
        ctx.app,
        'payment',
        started.stripePaymentIntent.id,
        cardInput(started.stripePaymentIntent.client_secret, { number: '4242424242424242' }),
      );
      expect(confirmed.status).toBe(200);
    } finally {
      events.state.held = false;
    }
    const id = started.prepareAPIResult.id;
    expect(await ledgerRows(id)).toEqual([]);
    await reconcileAtStart({
      db: ctx.database.db,
      gateway: ctx.app.paymentGateway,
      clock: ctx.clock,
      log: { info: () => {}, warn: () => {} },
    });
    expect(await ledgerRows(id)).toEqual([{ amount_cents: -777 }]);
  });

  it('keeps commits waiting for a live charge slower than the stale time (its claim is renewed)', async () => {
    const prepared = await prepareSaved();
    faults.charge.push('slow');
    const before = calls.charge;
    const first = commit(prepared.csrf, 4.4);
    await sleep(200);
    const later = await Promise.all(Array.from({ length: 3 }, () => commit(prepared.csrf, 4.4)));
    const answers = [await first, ...later];
    expect(answers.every((a) => a.ok && a.payment?.stripe_status === 'succeeded')).toBe(true);
    expect(calls.charge - before).toBe(1);
    expect(await charges(prepared.id)).toBe(1);
    expect(await ledgerRows(prepared.id)).toEqual([{ amount_cents: -440 }]);
  }, 30_000);
});

describe('other gateway calls that fail', () => {
  it('answers the start-payment text when the intent cannot be made', async () => {
    faults.createPayment.push('before');
    const res = await api.post(apiPaths.startPayment, { amount: 10 });
    expect(res.statusCode).toBe(502);
    expect(errorOf(res)).toBe(messages.billing.startFailed);
  });

  it('answers the post-payment text when the intent cannot be read, and a later post finishes', async () => {
    const res = await api.post(apiPaths.startPayment, { amount: 10 });
    const started = res.json().data as StartPayment;
    await confirmAtSandbox(
      ctx.app,
      'payment',
      started.stripePaymentIntent.id,
      cardInput(started.stripePaymentIntent.client_secret, { number: '4242424242424242' }),
    );
    faults.retrievePayment.push('before');
    const body = {
      prepareId: started.prepareAPIResult.id,
      csrf: started.prepareAPIResult.csrf,
      intentId: started.stripePaymentIntent.id,
    };
    const failed = await api.post(apiPaths.postPayment, body);
    expect(failed.statusCode).toBe(502);
    expect(errorOf(failed)).toBe(messages.billing.postFailed);
    const later = await api.post(apiPaths.postPayment, body);
    expect(later.statusCode).toBe(200);
    expect((later.json().data as { stripe_status: string }).stripe_status).toBe('succeeded');
    expect(await ledgerRows(started.prepareAPIResult.id)).toHaveLength(1);
  });

  it('answers a clear error when the setup intent cannot be made', async () => {
    faults.createSetup.push('before');
    const res = await api.get(`${apiPaths.prepareAddPaymentMethod}?paymentMethodType=card`);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res)).toBe(
      'Invalid request: The payment provider could not be reached. Please try again.',
    );
  });
});
