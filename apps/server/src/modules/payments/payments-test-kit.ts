import type { FastifyInstance } from 'fastify';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SandboxConfirm, SandboxConfirmInput } from '@outpost/contracts/billing';
import type { EventHandler, PaymentGateway } from '../../adapters/payments/gateway';
import { createSandboxGateway } from '../../adapters/payments/sandbox';
import type { SandboxGateway } from '../../adapters/payments/sandbox';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';
import type { TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-app';

/**
 * Test helpers of the payments module: an app whose gateway is the real sandbox, optionally
 * wrapped (faults, a webhook signature), and the browser's side of the sandbox (its confirm and
 * authentication routes), driven as the page would.
 */

export type PaymentsTestContext = TestContext & { sandbox: SandboxGateway };

export async function createPaymentsContext(
  options: {
    clock?: Clock;
    /** Wraps the sandbox the app uses (the sandbox's own routes keep working through it). */
    wrap?: (sandbox: SandboxGateway) => PaymentGateway;
  } = {},
): Promise<PaymentsTestContext> {
  const database = await openTestDatabase();
  const clock = options.clock ?? systemClock;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' });
  const sandbox = createSandboxGateway(database.db, clock, config.publicUrl);
  const app = await buildApp({
    config,
    database,
    clock,
    paymentGateway: options.wrap ? options.wrap(sandbox) : sandbox,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    logLines: [],
    sandbox,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The sandbox with some calls replaced: everything else (its routes' confirm, delivery) is the
 * sandbox's own. `this` inside the sandbox's methods stays valid through the prototype.
 */
export function wrapGateway(
  sandbox: SandboxGateway,
  overrides: Partial<PaymentGateway>,
): SandboxGateway {
  return Object.assign(Object.create(sandbox) as SandboxGateway, overrides);
}

export class GatewayTimeout extends Error {
  constructor() {
    super('the gateway did not answer in time');
    this.name = 'GatewayTimeout';
  }
}

type CardDetails = { number: string; exp_month?: number; exp_year?: number; cvc?: string };

export function cardInput(
  clientSecret: string,
  card: CardDetails,
  returnUrl = '/billing/one-off-payment',
): SandboxConfirmInput {
  return {
    client_secret: clientSecret,
    payment_method_data: {
      type: 'card',
      card: {
        number: card.number,
        exp_month: card.exp_month ?? 12,
        exp_year: card.exp_year ?? 2034,
        cvc: card.cvc ?? '123',
      },
    },
    return_url: returnUrl,
  };
}

export function bankInput(
  clientSecret: string,
  bank: { bsb: string; account: string; name: string },
): SandboxConfirmInput {
  return {
    client_secret: clientSecret,
    payment_method_data: {
      type: 'au_becs_debit',
      au_becs_debit: { bsb_number: bank.bsb, account_number: bank.account },
      billing_details: { name: bank.name, email: 'accounts@example.com' },
    },
    return_url: '/billing/recurring-payment-method',
  };
}

/** The browser's confirm of an intent at the sandbox (like Stripe.js's confirmCardSetup/Payment). */
export async function confirmAtSandbox(
  app: FastifyInstance,
  kind: 'setup' | 'payment',
  intentId: string,
  input: SandboxConfirmInput,
): Promise<{ status: number; data: SandboxConfirm | { error: string } }> {
  const res = await app.inject({
    method: 'POST',
    url: buildPath(
      kind === 'setup' ? apiPaths.sandboxConfirmSetup : apiPaths.sandboxConfirmPayment,
      {
        intent: intentId,
      },
    ),
    payload: input,
  });
  return { status: res.statusCode, data: (res.json() as { data: SandboxConfirm }).data };
}

/** Completes (or fails) the bank's authentication the sandbox asked for, as its page's form does. */
export async function authenticateAtSandbox(
  app: FastifyInstance,
  intentId: string,
  clientSecret: string,
  outcome: 'complete' | 'fail',
  returnUrl = '/billing/one-off-payment',
) {
  const res = await app.inject({
    method: 'POST',
    url: buildPath(apiPaths.sandboxAuthenticate, { intent: intentId }),
    payload: { client_secret: clientSecret, return_url: returnUrl, outcome },
  });
  return res;
}

/**
 * The sandbox's own event delivery, held back while `held` (the events stay pending at the sandbox
 * and `sandbox.deliverPending()` hands them over later), so a test can race them with posts.
 */
export function holdableEvents(sandbox: SandboxGateway) {
  const state = { held: false };
  const onEvent = (handler: EventHandler) =>
    sandbox.onEvent(async (event) => {
      if (state.held) throw new Error('held by the test');
      await handler(event);
    });
  return { state, onEvent };
}
