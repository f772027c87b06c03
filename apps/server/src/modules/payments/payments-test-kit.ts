import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SandboxConfirm, SandboxConfirmInput } from '@outpost/contracts/billing';
import type { EventHandler, GatewayEvent, PaymentGateway } from '../../adapters/payments/gateway';
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
 * Stripe's webhook signature scheme (header `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`, five
 * minutes' tolerance), for a gateway whose parseWebhook verifies it like stripe-node's
 * constructEvent; the body is the event as the gateway interface reads it.
 */
export function signedWebhooks(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
  return {
    sign(body: string, at = Math.floor(Date.now() / 1000)): string {
      return `t=${at},v1=${mac(`${at}.${body}`)}`;
    },
    parseWebhook(raw: Buffer, signature: string | undefined): GatewayEvent {
      const parts = new Map<string, string[]>();
      for (const item of (signature ?? '').split(',')) {
        const [key, value] = item.split('=');
        if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
      }
      const at = Number(parts.get('t')?.[0]);
      if (!Number.isInteger(at)) throw new Error('no timestamp in the signature');
      if (Math.abs(Date.now() / 1000 - at) > 300) throw new Error('the signature is stale');
      const expected = Buffer.from(mac(`${at}.${raw.toString('utf8')}`), 'hex');
      const good = (parts.get('v1') ?? []).some((v) => {
        const given = Buffer.from(v, 'hex');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!good) throw new Error('no signature matches');
      return JSON.parse(raw.toString('utf8')) as GatewayEvent;
    },
  };
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
