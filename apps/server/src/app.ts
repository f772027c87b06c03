import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { serverErrors } from '@outpost/contracts/messages';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import type { Messaging } from './adapters/messaging';
import { createMessaging } from './adapters/messaging';
import { smsReportsModule } from './modules/sms-reports/sms-reports.routes';
import type { PaymentGateway } from './adapters/payments/gateway';
import { createPaymentGateway } from './adapters/payments';
import { SANDBOX_TEST_NUMBERS } from './adapters/payments/test-numbers';
import { profileModule } from './modules/profile/profile.routes';
import { advisoriesModule } from './modules/advisories/advisories.routes';
import { authModule } from './modules/auth/auth.routes';
import { authHooks } from './modules/auth/auth-hooks';
import { contactsModule } from './modules/contacts/contacts.routes';
import { invoicesModule } from './modules/billing/invoices.routes';
import { healthModule } from './modules/health/health.routes';
import { dashboardModule } from './modules/dashboard/dashboard.routes';
import { devOutboxModule } from './modules/dev/outbox.routes';
import { paymentsModule } from './modules/payments/payments.routes';
import { recoveryModule } from './modules/recovery/recovery.routes';
import { sandboxGatewayModule } from './modules/sandbox-gateway/sandbox-gateway.routes';
import { servicesModule } from './modules/services/services.routes';
import { usageModule } from './modules/usage/usage.routes';
import { supportModule } from './modules/support/support.routes';
import { callbacksModule } from './modules/callbacks/callbacks.routes';
import { stepUpModule } from './modules/step-up/step-up.routes';
import { securityModule } from './modules/security/security.routes';
import { usersModule } from './modules/users/users.routes';
import { ticketsModule } from './modules/tickets/tickets.routes';
import { ordersModule } from './modules/orders/orders.routes';
import { staffModule } from './modules/staff/staff.routes';
import { adminModule } from './modules/admin/admin.routes';
import { referralsModule } from './modules/referrals/referrals.routes';
import { notificationsModule } from './modules/notifications/notifications.routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import type { RateLimitStore } from './plugins/rate-limit-store';
import { databaseRateLimitStore, redisRateLimitStore } from './plugins/rate-limit-store';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { Metrics } from './plugins/observability';
import { createMetrics, observabilityPlugin, requestIdOf } from './plugins/observability';
import { collectQueueMetrics } from './modules/jobs/queue-metrics';
import { corsPlugin } from './plugins/cors';
import { etagPlugin } from './plugins/etag';
import { loggableUrl, rawApiSecurityHeaders, securityPlugin } from './plugins/security';
import { indexPage, webPlugin } from './plugins/web';
import { consolePlugin } from './plugins/console';

/** A route as the server registered it (the inventory test compares these with the contract). */
export type RegisteredRoute = { method: string; url: string; contractId: string | undefined };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** The card and bank gateway (Stripe or the sandbox) every payment module uses. */
    paymentGateway: PaymentGateway;
    /** Prometheus metrics of this instance (/metrics; docs/decisions/024). */
    metrics: Metrics;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  rateLimits?: RateLimitStore;
  /** Mail, SMS and push; by default from config (SMTP / HTTP SMS / FCM, Web Push) or the outbox. */
  messaging?: Messaging;
  /** The card and bank gateway; by default from config (Stripe or the embedded sandbox). */
  paymentGateway?: PaymentGateway;
  /** A pino destination for tests that read the log. */
  logStream?: NodeJS.WritableStream;
  /**
   * 'all' (default): the portal. 'operations': only /api/health/* and /metrics, for a worker
   * process (node dist/server.js worker; docs/decisions/048).
   */
  routes?: 'all' | 'operations';
};

/** Header and body paths that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers["x-user-token"]',
  'req.headers["x-refresh-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-service-key"]',
  'req.headers["x-staff-token"]',
  'body.password',
  'body.verification',
  'body.code',
  'body.otc',
];

/** The `hops` nearest addresses of X-Forwarded-For are proxies; the next one is the client. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the app (tests use this directly); server.ts listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const rateLimits =
    deps.rateLimits ??
    (config.redisUrl ? redisRateLimitStore(config.redisUrl) : databaseRateLimitStore(database.db));

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        // Query strings and one-time codes in paths never reach the log.
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // A request id on every log line (reqId) and in the X-Request-Id answer header.
    genReqId: requestIdOf,
    bodyLimit: config.bodyLimit,
    // TRUST_PROXY: a hop count trusts that many nearest hops (as Fastify does with a number,
    // which its types leave out), or the proxies' addresses; never every hop.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // What Node's HTTP parser refuses (headers or an address too long, a broken request line)
    // never reaches routing; answer it in the same shape as every other error.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
        socket.destroy();
        return;
      }
      const [status, text, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', serverErrors.headersTooLarge]
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', serverErrors.requestTimeout]
            : [400, 'Bad Request', serverErrors.unreadableRequest];
      const body = JSON.stringify({ data: { error: message } });
      socket.end(
        `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${rawApiSecurityHeaders(config.env === 'production')}Connection: close\r\n\r\n${body}`,
      );
    },
    // Errors raised before routing (an undecodable URL, a bad header) bypass the error handler;
    // answer them in the same shape.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'rejected before routing');
      void (reply as unknown as FastifyReply)
        .status(400)
        .send({ data: { error: 'Bad request: The address could not be read.' } });
    },
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && route.config?.contract === undefined) continue;
      registeredRoutes.push({ method, url: route.url, contractId: route.config?.contract?.id });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => rateLimits.close());

  // External plugins, then ours, then modules.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // API_DOCS (off in production unless set): unregistered, /api/docs is a plain 404.
  if (config.apiDocs) await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  await app.register(observabilityPlugin, {
    metrics,
    database,
    metricsToken: config.metricsToken ?? null,
    loginPath: apiPaths.login,
    collect: () => collectQueueMetrics(database.db, metrics, clock()),
  });
  const page = indexPage(
    config.webDist,
    { ...config.brand, business: config.business.page },
    {
      testPaymentsBanner: config.testPaymentsBanner,
    },
  );
  await app.register(etagPlugin);
  await app.register(securityPlugin, {
    production: config.env === 'production',
    inlineScripts: page.inlineScripts,
    inlineStyles: page.inlineStyles,
    csp: config.csp,
    embedFrameAncestors: config.embedFrameAncestors,
  });
  await app.register(corsPlugin, { origins: config.appOrigins });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, {
    ...authHooks(database.db, clock),
    internalApiKey: config.internalApiKey,
  });

  const messaging = deps.messaging ?? createMessaging(config, database.db);
  // The push clients this app made (firebase-admin keeps an app open); given ones are the caller's.
  if (!deps.messaging) app.addHook('onClose', async () => messaging.push.close());
  const paymentGateway =
    deps.paymentGateway ?? (await createPaymentGateway(config, database.db, clock));
  app.decorate('paymentGateway', paymentGateway);
  const authDeps = {
    db: database.db,
    clock,
    rateLimits,
    userTokenTtlSeconds: config.userTokenTtlSeconds,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    loginLimitPerUsername: config.loginLimitPerUsername,
    loginLimitPerIp: config.loginLimitPerIp,
    messaging,
    brand: config.brand,
  };
  await app.register(healthModule, { database, rateLimits });
  if (deps.routes === 'operations') return app;
  await app.register(adminModule, {
    deps: {
      db: database.db,
      clock,
      brand: config.brand,
      tax: config.business.tax,
      publicUrl: config.publicUrl,
      rateLimits,
      loginLimitPerUsername: config.loginLimitPerUsername,
      messaging,
      callbacks: config.business.callbacks,
    },
  });
  await app.register(staffModule, {
    deps: {
      db: database.db,
      clock,
      rateLimits,
      userTokenTtlSeconds: config.userTokenTtlSeconds,
      refreshTokenTtlDays: config.refreshTokenTtlDays,
      publicUrl: config.publicUrl,
      staffLinkSecret: config.staffLinkSecret,
      xdEnabled: config.xdEnabled,
      production: config.env === 'production',
    },
  });
  await app.register(authModule, { deps: authDeps });
  await app.register(usersModule, { db: database.db });
  await app.register(stepUpModule, { deps: authDeps });
  // What the modules that write to a customer under the brand (with links back) need.
  const customerMessageDeps = {
    db: database.db,
    clock,
    messaging,
    brand: config.brand,
    publicUrl: config.publicUrl,
  };
  await app.register(contactsModule, { deps: customerMessageDeps });
  await app.register(profileModule, { deps: { db: database.db, clock, brand: config.brand } });
  await app.register(securityModule, { deps: authDeps });
  await app.register(supportModule, { db: database.db, brand: config.brand });
  await app.register(recoveryModule, { deps: { ...authDeps, publicUrl: config.publicUrl } });
  await app.register(servicesModule, { deps: { db: database.db, clock, brand: config.brand } });
  await app.register(dashboardModule, {
    deps: { db: database.db, clock, brand: config.brand },
  });
  // What the modules that write to customers (advisories, usage links) need.
  const noticeDeps = {
    db: database.db,
    clock,
    messaging,
    brandName: config.brand.providerName,
    publicUrl: config.publicUrl,
  };
  await app.register(advisoriesModule, { deps: noticeDeps });
  await app.register(usageModule, {
    deps: { ...noticeDeps, userTokenTtlSeconds: config.userTokenTtlSeconds },
  });
  await app.register(invoicesModule, {
    deps: {
      db: database.db,
      clock,
      brand: config.brand,
      tax: config.business.tax,
      publicUrl: config.publicUrl,
    },
  });
  await app.register(sandboxGatewayModule, { gateway: paymentGateway });
  await app.register(paymentsModule, {
    deps: {
      db: database.db,
      clock,
      gateway: paymentGateway,
      testNumbers: SANDBOX_TEST_NUMBERS,
      providerName: config.brand.providerName,
    },
  });
  await app.register(callbacksModule, {
    deps: {
      db: database.db,
      clock,
      messaging,
      providerName: config.brand.providerName,
      settings: config.business.callbacks,
    },
  });
  await app.register(ticketsModule, { deps: customerMessageDeps });
  await app.register(ordersModule, { deps: customerMessageDeps });
  await app.register(referralsModule, {
    deps: {
      db: database.db,
      clock,
      providerName: config.brand.providerName,
      signUpUrl: config.brand.signUpUrl,
    },
  });
  await app.register(notificationsModule, {
    deps: { db: database.db, clock, push: messaging.push },
  });
  await app.register(smsReportsModule, {
    deps: { db: database.db, clock, sms: config.sms, publicUrl: config.publicUrl },
  });
  if (config.env !== 'production') await app.register(devOutboxModule, { db: database.db });

  // The staff console (issue 39): before the web app, whose not-found handler answers the rest.
  await app.register(consolePlugin, { consoleDist: config.consoleDist });
  await app.register(webPlugin, {
    webDist: config.webDist,
    page,
    logo: config.brandLogo,
    brand: config.brand,
  });
  return app;
}
