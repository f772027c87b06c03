import { eq } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRoutes } from '@outpost/contracts/api-routes';
import { addPaymentMethodResult } from '@outpost/contracts/billing';
import type {
  CommitAddPaymentMethod,
  CommitAddPaymentMethodInput,
  PaymentMethodType,
  SandboxTestNumber,
} from '@outpost/contracts/billing';
import type { PaymentGateway, SetupIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { commitOperation, prepareOperationRecord } from '../../lib/prepared';
import { preparedOperations } from '../../lib/prepared.schema';
import { routeFor } from '../../lib/route';
import { hashToken } from '../../lib/tokens';
import { requireAuth } from '../../lib/auth-context';
import { balanceCents, balanceStatus } from '../billing/ledger';
import { handleGatewayEvent } from './gateway-events';
import { paymentsError } from './payments.errors';
import {
  commitSavedCardPayment,
  postPayment,
  prepareSavedCardPayment,
  startPayment,
} from './payments.service';
import {
  ensureGatewayCustomer,
  paymethodsOf,
  paymethodsRow,
  saveMethod,
  updatePaymethods,
} from './paymethods.service';

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

/** The add-payment-method code of a SetupIntent: its status, else its error's most specific known code. */
function setupCode(type: PaymentMethodType, intent: SetupIntentInfo): string {
  if (intent.status === 'succeeded') return 'succeeded';
  const known = (code: string | null | undefined): code is string =>
    Boolean(code) && !addPaymentMethodResult(type, code).message.includes('(unknown)');
  const { decline_code: decline, code } = intent.lastError ?? { decline_code: null, code: null };
  if (known(decline)) return decline;
  if (known(code)) return code;
  if (intent.lastError) return 'card_error';
  return intent.status;
}

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
    ...routeFor(billingRoutes.paymethods),
    handler: async (request) => ({
      data: await paymethodsOf(db, requireAuth(request).accountId),
    }),
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

  app.route({
    ...routeFor(billingRoutes.prepareAddPaymentMethod),
    handler: async (request) => {
      const caller = requireAuth(request);
      const type = request.query.paymentMethodType;
      let customerId: string;
      let intent: SetupIntentInfo;
      try {
        customerId = await ensureGatewayCustomer(db, gateway, caller.accountId);
        intent = await gateway.createSetupIntent({
          customerId,
          type,
          metadata: { account_id: String(caller.accountId), user_id: String(caller.userId) },
        });
      } catch (error) {
        request.log.warn({ err: error }, 'preparing a setup intent failed');
        throw paymentsError('setupFailed');
      }
      const operation = await prepareOperationRecord(
        db,
        { kind: `add-${type}`, userId: caller.userId, payload: { stripe_si: intent.id } },
        clock(),
      );
      return {
        data: {
          addPaymentMethodInitData: {
            id: operation.id,
            csrf: operation.csrf,
            stripe_cus: customerId,
            expires: operation.expiresAt.toISOString(),
          },
          setupIntent: { id: intent.id, client_secret: intent.clientSecret },
        },
      };
    },
  });

  /**
   * Commit adding a card or bank account: exactly once per prepared operation (a repeated commit
   * answers the first result). The SetupIntent is read from the gateway before the commit's
   * transaction, and must be the account's customer's.
   */
  const commitAdd =
    (type: PaymentMethodType) =>
    async (request: FastifyRequest): Promise<{ data: CommitAddPaymentMethod }> => {
      const caller = requireAuth(request);
      // As the contract's schema validated it (routeFor sets the schema).
      const body = request.body as CommitAddPaymentMethodInput;
      const key = {
        kind: `add-${type}`,
        userId: caller.userId,
        payload: { stripe_si: body.stripe_si },
        csrf: body.csrf,
      };
      const [operation] = await db
        .select({
          kind: preparedOperations.kind,
          userId: preparedOperations.userId,
          committedAt: preparedOperations.committedAt,
        })
        .from(preparedOperations)
        .where(eq(preparedOperations.csrfHash, hashToken(body.csrf)));
      if (!operation || operation.kind !== key.kind || operation.userId !== caller.userId)
        throw paymentsError('paymentMismatch');
      if (operation.committedAt) {
        // Committed before: the first result, without asking the gateway again.
        const replay = await commitOperation(db, key, clock(), { replayable: true }, () => {
          throw paymentsError('paymentMismatch');
        });
        return { data: replay as CommitAddPaymentMethod };
      }

      let intent: SetupIntentInfo;
      try {
        intent = await gateway.retrieveSetupIntent(body.stripe_si);
      } catch (error) {
        request.log.warn({ err: error }, 'reading a setup intent failed');
        throw paymentsError('setupFailed');
      }
      const account = await paymethodsRow(db, caller.accountId);
      const wanted = type === 'card' ? 'card' : 'au_becs_debit';
      if (
        intent.id !== body.stripe_si ||
        !account?.gatewayCustomerId ||
        intent.customerId !== account.gatewayCustomerId ||
        (intent.paymentMethod !== null && intent.paymentMethod.type !== wanted)
      )
        throw paymentsError('paymentMismatch');

      const outcome = addPaymentMethodResult(type, setupCode(type, intent));
      let replaced: string | null = null;
      const result = await commitOperation(
        db,
        key,
        clock(),
        { replayable: true },
        async (tx): Promise<CommitAddPaymentMethod> => {
          if (outcome.status === 'Approved' && intent.paymentMethod)
            replaced = await saveMethod(tx, caller.accountId, intent.paymentMethod);
          return { ...outcome, paymethods: await paymethodsOf(tx, caller.accountId) };
        },
      );
      if (replaced)
        await gateway.detachPaymentMethod(replaced).catch((error: unknown) => {
          request.log.warn({ err: error }, 'detaching a replaced payment method failed');
        });
      return { data: result };
    };

  app.route({
    ...routeFor(billingRoutes.commitAddCard),
    handler: commitAdd('card'),
  } as RouteOptions);
  app.route({
    ...routeFor(billingRoutes.commitAddBank),
    handler: commitAdd('bank'),
  } as RouteOptions);

  app.route({
    ...routeFor(billingRoutes.balance),
    handler: async (request) => {
      const amount = await balanceCents(db, requireAuth(request).accountId);
      return { data: { amount, status: balanceStatus(amount) } };
    },
  });

  app.route({
    ...routeFor(billingRoutes.startPayment),
    handler: async (request) => {
      try {
        return { data: await startPayment(service, requireAuth(request), request.body, clock()) };
      } catch (error) {
        if ((error as { cause?: unknown }).cause)
          request.log.warn({ err: (error as { cause: unknown }).cause }, 'start payment failed');
        throw error;
      }
    },
  });

  app.route({
    ...routeFor(billingRoutes.postPayment),
    handler: async (request) => {
      try {
        return {
          data: await postPayment(service, requireAuth(request), request.body, clock()),
        };
      } catch (error) {
        if ((error as { cause?: unknown }).cause)
          request.log.warn({ err: (error as { cause: unknown }).cause }, 'post payment failed');
        throw error;
      }
    },
  });

  app.route({
    ...routeFor(billingRoutes.existingCardPrepare),
    handler: async (request) => ({
      data: await prepareSavedCardPayment(db, requireAuth(request), clock()),
    }),
  });

  app.route({
    ...routeFor(billingRoutes.existingCardCommit),
    handler: async (request) => ({
      data: await commitSavedCardPayment(
        service,
        requireAuth(request),
        request.body,
        clock,
        request.log,
      ),
    }),
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
