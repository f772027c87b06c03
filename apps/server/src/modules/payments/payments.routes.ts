import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRoutes } from '@outpost/contracts/billing-routes';
import type {
  CommitAddPaymentMethod,
  ExistingCardCommit,
  PaymentMethodType,
  SandboxTestNumber,
} from '@outpost/contracts/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { preparedRoute } from '../../lib/prepared-route';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { balanceCents, balanceStatus } from '../billing/ledger';
import type { Setup, SetupRead } from './add-method';
import { readSetup, startSetup } from './add-method';
import { handleGatewayEvent } from './gateway-events';
import { paymentsError } from './payments.errors';
import type { StartedPayment } from './payments.service';
import {
  newCardPayment,
  PAYMENT_CSRF_TTL_MS,
  postAnswer,
  readPayment,
  startPayment,
} from './payments.service';
import type { PaymentRow } from './settle';

type PostBody = { prepareId: number; intentId: string };
import { commitSavedCardPayment, prepareSavedCardPayment } from './saved-card';
import { paymethodsOf, saveMethod, toPaymethods, updatePaymethods } from './paymethods.service';
import { paymethodsReadRows } from './paymethods-read';
import { callerInStatement, checkCaller, userTokenHash } from '../auth/caller';

export type PaymentsModuleDeps = {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  /** The sandbox's published test numbers (gateway init, sandbox mode only). */
  testNumbers: readonly SandboxTestNumber[];
  providerName: string;
};

/** A webhook body is read as bytes (its signature covers them exactly), at most this many. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Payment methods, the one-off payment and the gateway's events (spec 3 sections 2.5, 2.6, 4, 7;
 * docs/decisions/015). Every query is scoped to the caller's account; the gateway is never
 * called inside a database transaction (the embedded database runs one at a time, and a network
 * call should not hold locks). What the client says of an intent is never trusted: its status is
 * read from the gateway.
 */
export const paymentsModule: FastifyPluginAsyncZod<{ deps: PaymentsModuleDeps }> = async (
  app,
  { deps },
) => {
  const { db, clock, gateway } = deps;
  const service = { db, gateway, providerName: deps.providerName };

  // The sandbox delivers its own events through the same handler as Stripe's webhooks.
  gateway.onEvent(async (event) => {
    await handleGatewayEvent(db, gateway, clock, event);
  });

  app.route({
    ...routeFor(billingRoutes.gatewayInit),
    handler: async () => ({
      data: {
        stripePublishableKey: gateway.publishableKey,
        mode: gateway.mode,
        testNumbers: gateway.mode === 'sandbox' ? [...deps.testNumbers] : [],
      },
    }),
  });

  app.route({
    // A hot read: the caller is read in its own statement (one round trip).
    ...callerInStatement(routeFor(billingRoutes.paymethods)),
    handler: async (request) => {
      const [found] = await paymethodsReadRows(db, { hash: userTokenHash(request) });
      const { auth, row } = checkCaller(request, found, clock());
      return { data: toPaymethods(auth.accountId, row.paymethods ?? undefined) };
    },
  });

  app.route({
    ...routeFor(billingRoutes.updatePaymethods),
    handler: async (request) => {
      const { accountId } = requireAuth(request);
      const change = await updatePaymethods(db, accountId, request.body, clock());
      if (change.detach)
        await gateway.detachPaymentMethod(change.detach).catch((error: unknown) => {
          // Not referenced any more, so never charged; the gateway keeps a stray method.
          request.log.warn({ err: error }, 'detaching a removed payment method failed');
        });
      return { data: change.paymethods };
    },
  });

  /**
   * Adding a card or bank account: a SetupIntent at prepare, read from the gateway at commit
   * (before its transaction, and not again for a repeated commit, which answers the first
   * result); the method it replaced is detached at the gateway after the commit.
   */
  const typeOf = (commit: string | null, query: { paymentMethodType: PaymentMethodType }) =>
    commit === null
      ? query.paymentMethodType
      : commit === billingRoutes.commitAddCard.id
        ? 'card'
        : 'bank';
  preparedRoute<
    typeof billingRoutes.prepareAddPaymentMethod,
    typeof billingRoutes.commitAddCard | typeof billingRoutes.commitAddBank,
    undefined,
    undefined,
    CommitAddPaymentMethod,
    Setup,
    SetupRead
  >(app, deps, {
    kind: ({ commit, query }) => `add-${typeOf(commit, query)}`,
    prepare: billingRoutes.prepareAddPaymentMethod,
    commit: [billingRoutes.commitAddCard, billingRoutes.commitAddBank],
    payload: (_input, _object, { gateway: setup, sent }) => ({
      stripe_si: setup ? setup.intent.id : sent?.stripe_si,
    }),
    gateway: {
      prepare: ({ caller, query, log }) =>
        startSetup(service, caller, query.paymentMethodType, log),
      commit: ({ caller, commit, query, log }, _object, sent) =>
        readSetup(service, caller, typeOf(commit, query), sent.stripe_si, log),
      mismatch: () => paymentsError('paymentMismatch'),
    },
    prepared: (operation, { customerId, intent }) => ({
      addPaymentMethodInitData: {
        id: operation.id,
        csrf: operation.csrf,
        stripe_cus: customerId,
        expires: operation.expiresAt.toISOString(),
      },
      setupIntent: { id: intent.id, client_secret: intent.clientSecret },
    }),
    apply: async (tx, { input: { caller, log }, gateway: { outcome, method }, afterCommit }) => {
      const replaced = method ? await saveMethod(tx, caller.accountId, method) : null;
      if (replaced)
        afterCommit(() =>
          gateway.detachPaymentMethod(replaced).catch((error: unknown) => {
            log.warn({ err: error }, 'detaching a replaced payment method failed');
          }),
        );
      return { ...outcome, paymethods: await paymethodsOf(tx, caller.accountId) };
    },
  });

  app.route({
    ...routeFor(billingRoutes.balance),
    handler: async (request) => {
      const amount = await balanceCents(db, requireAuth(request).accountId);
      return { data: { amount, status: balanceStatus(amount) } };
    },
  });

  /** A gateway failure's cause goes to the log; the customer gets the module's text. */
  const logCause = (log: FastifyBaseLogger, what: string) => (error: unknown) => {
    const cause = (error as { cause?: unknown }).cause;
    if (cause) log.warn({ err: cause }, what);
    throw error;
  };

  /**
   * The one-off payment with a new card (decision 015): start makes the payment row and its
   * PaymentIntent, and the csrf is bound to both; every post reads the intent from the gateway
   * (also a repeated one: a declined card may be retried on the same intent) and settlePayment
   * records it once.
   */
  preparedRoute<
    typeof billingRoutes.startPayment,
    typeof billingRoutes.postPayment,
    PaymentRow | null,
    undefined,
    ReturnType<typeof postAnswer>,
    StartedPayment,
    PaymentRow
  >(app, deps, {
    kind: 'new-card-payment',
    prepare: billingRoutes.startPayment,
    commit: billingRoutes.postPayment,
    ttlMs: PAYMENT_CSRF_TTL_MS,
    // At commit the input's body is the post's (less csrf), which names the payment.
    load: async (from, { caller, commit, body }) =>
      commit === null
        ? null
        : newCardPayment(from, caller.accountId, (body as unknown as PostBody).prepareId),
    payload: (_input, _payment, { gateway: started, sent }) => ({
      payment: started ? started.paymentId : sent?.prepareId,
      intent: started ? started.intent.id : sent?.intentId,
    }),
    gateway: {
      prepare: ({ caller, body, now, log }) =>
        startPayment(service, caller, body, now).catch(logCause(log, 'start payment failed')),
      commit: ({ now, log }, payment) =>
        readPayment(service, payment!, now).catch(logCause(log, 'post payment failed')),
      mismatch: () => paymentsError('paymentMismatch'),
      repeat: true,
    },
    prepared: (operation, { paymentId, intent }) => ({
      stripePaymentIntent: { id: intent.id, client_secret: intent.clientSecret },
      prepareAPIResult: { id: paymentId, csrf: operation.csrf },
    }),
    apply: async (_tx, { gateway: payment }) => postAnswer(payment),
  });

  /**
   * The one-off payment with the saved card (decision 015): prepare makes the payment row, the
   * operation's subject; every commit claims it and charges off-session with its idempotency key
   * (saved-card.ts: a concurrent commit waits for the charge under way, one after 'unreached'
   * charges again with the same key), so a duplicate click never charges twice.
   */
  preparedRoute<
    typeof billingRoutes.existingCardPrepare,
    typeof billingRoutes.existingCardCommit,
    undefined,
    undefined,
    ExistingCardCommit,
    number,
    ExistingCardCommit
  >(app, deps, {
    kind: 'saved-card-payment',
    prepare: billingRoutes.existingCardPrepare,
    commit: billingRoutes.existingCardCommit,
    ttlMs: PAYMENT_CSRF_TTL_MS,
    payload: () => ({}),
    gateway: {
      prepare: ({ caller, now }) => prepareSavedCardPayment(db, caller, now),
      subject: (paymentId) => paymentId,
      commit: ({ caller, log }, _object, { amount }, { subject }) =>
        commitSavedCardPayment(service, caller, { paymentId: subject!, amount }, clock, log),
      mismatch: () => paymentsError('paymentMismatch'),
      repeat: true,
    },
    prepared: (operation, paymentId) => ({ id: paymentId, csrf: operation.csrf, error: null }),
    apply: async (_tx, { gateway: answer }) => answer,
  });

  // The webhook reads its body as bytes (the signature covers them exactly): a parser of its own,
  // in a scope of its own, so every other route keeps the JSON parser.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      ...routeFor(billingRoutes.gatewayWebhook),
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = gateway.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          request.log.info({ err: error }, 'webhook refused: signature');
          throw paymentsError('webhookSignature');
        }
        const outcome = await handleGatewayEvent(db, gateway, clock, event).catch(
          (error: unknown) => {
            const cause = (error as { cause?: unknown }).cause;
            if (cause) request.log.warn({ err: cause, event: event.id }, 'gateway event failed');
            throw error;
          },
        );
        request.log.info({ event: event.id, type: event.type, outcome }, 'gateway event');
        return { data: { received: true } };
      },
    });
  });
};
