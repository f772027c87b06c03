import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRoutes } from '@outpost/contracts/billing-routes';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { SandboxGateway } from '../../adapters/payments/sandbox';
import { isSandboxGateway } from '../../adapters/payments/sandbox';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';

/** Form posts are small: the authentication page's three fields. */
const FORM_LIMIT_BYTES = 4096;

/**
 * The sandbox gateway's browser-facing calls (docs/decisions/015): what Stripe.js and the bank's
 * authentication page do against Stripe, the sandbox answers itself. The client secret is the
 * credential (a wrong one, or an unknown intent, is a plain 404). With Stripe configured these
 * routes answer 404, whatever the request. The page is plain HTML: no script, no style (the API's CSP loads nothing),
 * its form posts back here and the answer redirects to the client's return_url (same origin only).
 */
export const sandboxGatewayModule: FastifyPluginAsyncZod<{ gateway: PaymentGateway }> = async (
  app,
  { gateway },
) => {
  const sandbox = (): SandboxGateway => {
    if (!isSandboxGateway(gateway)) throw notFound();
    return gateway;
  };

  // Not the configured gateway: every route here is a plain 404 before its body or query is read
  // (a 400 for a malformed one would tell that the route exists; decision 034).
  if (!isSandboxGateway(gateway))
    app.addHook('onRequest', async () => {
      throw notFound();
    });

  // The authentication page's form (scoped to this module's routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.route({
    ...routeFor(billingRoutes.sandboxConfirmSetup),
    handler: async (request) => ({
      data: await sandbox().confirm('setup', request.params.intent, request.body),
    }),
  });

  app.route({
    ...routeFor(billingRoutes.sandboxConfirmPayment),
    handler: async (request) => ({
      data: await sandbox().confirm('payment', request.params.intent, request.body),
    }),
  });

  app.route({
    ...routeFor(billingRoutes.sandboxAuthenticatePage),
    handler: async (request, reply) => {
      const page = await sandbox().authenticationPage(request.params.intent, request.query);
      // The typed reply describes the JSON errors only (the row's `produces` route).
      return reply.type('text/html; charset=utf-8').send(page as never);
    },
  });

  app.route({
    ...routeFor(billingRoutes.sandboxAuthenticate),
    handler: async (request, reply) => {
      const location = await sandbox().authenticate(request.params.intent, request.body);
      return reply.redirect(location, 302);
    },
  });
};
