import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, adminRoutes } from '@outpost/contracts/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Brand } from '@outpost/contracts/brand';
import type { Tax } from '../../business';
import { sendInvoicePdf } from '../billing/invoice-pdf';
import { accountInvoice } from '../billing/invoices.service';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { idempotent } from '../../lib/idempotency';
import { routeFor } from '../../lib/route';
import { adminAccount, searchAccounts } from './admin-accounts.service';
import {
  adminPlans,
  createPlan,
  schedulePriceChange,
  updatePlan,
  withdrawPriceChange,
} from './admin-catalogue.service';
import { accountActivity } from './admin-activity.service';
import {
  adminDataBlocks,
  adminExtras,
  adminProducts,
  createDataBlock,
  createExtra,
  createProduct,
  updateDataBlock,
  updateExtra,
  updateProduct,
} from './admin-catalogue-items.service';
import { registerCatalogueItemRoutes } from './admin-catalogue-items.routes';
import { registerTicketRoutes } from './admin-tickets.routes';
import type { Messaging } from '../../adapters/messaging';
import { registerOrderRoutes } from './admin-orders.routes';
import { registerAdvisoryRoutes } from './admin-advisories.routes';
import {
  addAdjustment,
  endContactSessions,
  listAdjustments,
  resendInvitation,
} from './admin-desk.service';
import {
  activateService,
  addAccountContact,
  cancelService,
  createAccount,
  createService,
  resumeService,
  serviceTypeOf,
  suspendService,
  upsertAccount,
} from './admin-provisioning.service';
import { IMPORT_SYNC_ROWS } from '@outpost/domain/import-rules';
import {
  continueImportRun,
  dryRunImport,
  importRunView,
  prepareImport,
  startImportRun,
} from './admin-import.service';
import { clearContactLocks, contactLocks } from './admin-locks.service';
import {
  blocksFor,
  buyBlockFor,
  changePlanFor,
  planChangeQuote,
  plansFor,
} from './admin-acting.service';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { AdminCaller } from './api-keys.service';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { adminError } from './admin.errors';
import {
  createEndpoint,
  disableEndpoint,
  listDeliveries,
  listEndpoints,
  retryDelivery,
  webhookUrlAllowed,
} from '../webhooks/webhooks.service';
import {
  createStaffMember,
  listStaff,
  resetStaffAuthenticator,
  updateStaffMember,
} from '../staff/staff.service';
import { isUniqueViolation } from '../../db/client';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The caller of an admin API route (a staff member or an API key); set by the auth hook. */
    admin: AdminCaller | null;
  }
}

/** The caller the auth hook set; every admin route has one. */
function callerOf(request: { admin: AdminCaller | null }): AdminCaller {
  if (!request.admin) throw adminError('adminUnauthenticated');
  return request.admin;
}

/** Who made a call, as idempotency keys and message limits count it: 'key:ID' or 'staff:ID'. */
export function principalOf(caller: AdminCaller): string {
  return caller.kind === 'key' ? `key:${caller.keyId}` : `staff:${caller.staff.id}`;
}

export type AdminDeps = {
  db: Db;
  clock: Clock;
  brand: Brand;
  tax: Tax;
  publicUrl: string;
  rateLimits: RateLimitStore;
  loginLimitPerUsername: number;
  /** Push, for the desk's replies (docs/decisions/057). */
  messaging: Messaging;
};

/**
 * The admin API (issue 39, docs/decisions/051): API keys, finding customers, the customer view,
 * and provisioning. The auth hook has checked the caller and the route's scope and audits every
 * call.
 */
export const adminModule: FastifyPluginAsyncZod<{ deps: AdminDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  /**
   * A write that creates, once per Idempotency-Key (the route's headers schema requires one): in
   * one transaction with the key's claim; a repeat answers the first result, marked with
   * `Idempotent-Replayed: true` as Stripe does.
   */
  const once = async <T>(
    request: FastifyRequest & { headers: { 'idempotency-key'?: string } },
    reply: FastifyReply,
    work: (tx: Db, by: string, now: Date) => Promise<T>,
  ): Promise<T> => {
    const by = principalOf(callerOf(request));
    const now = clock();
    const { result, replayed } = await idempotent(
      db,
      {
        principal: by,
        key: String(request.headers['idempotency-key']),
        route: request.routeOptions.config.contract!.id,
        payload: { params: request.params, body: request.body },
      },
      now,
      (tx) => work(tx, by, now),
    );
    if (replayed) void reply.header('idempotent-replayed', 'true');
    return result;
  };

  app.route({
    ...routeFor(adminRoutes.adminListApiKeys),
    handler: async () => ({ data: await listApiKeys(db) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreateApiKey),
    handler: async (request) => {
      const caller = callerOf(request);
      const { name, scopes, expires_in_days } = request.body;
      const made = await createApiKey(
        db,
        { name, scopes, expiresInDays: expires_in_days },
        caller.kind === 'staff' ? caller.staff : null,
        clock(),
      );
      return { data: made };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminRevokeApiKey),
    handler: async (request) => ({
      data: await revokeApiKey(db, request.params.keyid, clock()),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminSearchAccounts),
    handler: async (request) => {
      const { q, limit, offset } = request.query;
      const page = await searchAccounts(db, q, { limit: limit ?? 20, offset: offset ?? 0 });
      return { data: page.rows, has_more: page.hasMore };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminAccount),
    handler: async (request) => ({
      data: await adminAccount(db, request.params.accountid, clock()),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreateAccount),
    handler: async (request, reply) =>
      once(request, reply, async (tx, by, now) => {
        const id = await createAccount(tx, deps, request.body, by, now);
        return { data: { created: true, account: await adminAccount(tx, id, now) } };
      }),
  });

  app.route({
    ...routeFor(adminRoutes.adminUpsertAccount),
    // A PUT is idempotent by itself: the same body again changes nothing and invites no one.
    handler: async (request) =>
      withTransaction(db, async (tx) => {
        const now = clock();
        const { accountId, created } = await upsertAccount(
          tx,
          deps,
          request.params.external_id,
          request.body,
          principalOf(callerOf(request)),
          now,
        );
        return { data: { created, account: await adminAccount(tx, accountId, now) } };
      }),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreateService),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => {
        const body = request.body;
        const made = await createService(tx, request.params.accountid, body, now);
        return {
          data: {
            serviceid: made.serviceid,
            external_id: body.external_id ?? null,
            type: serviceTypeOf(body.technology),
            technology: body.technology,
            status: made.status,
            plan: made.plan,
            identifier: body.identifier.toUpperCase(),
          },
        };
      }),
  });

  app.route({
    ...routeFor(adminRoutes.adminAddContact),
    handler: async (request, reply) =>
      once(request, reply, async (tx, by, now) => {
        const { invite, ...contact } = request.body;
        return {
          data: await addAccountContact(
            tx,
            deps,
            request.params.accountid,
            contact,
            by,
            now,
            invite === undefined ? {} : { invite },
          ),
        };
      }),
  });

  app.route({
    ...routeFor(adminRoutes.adminActivateService),
    // Idempotent by itself: activating an active service changes nothing.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        activateService(tx, request.params.accountid, request.params.serviceid, clock()),
      ),
    }),
  });

  // Suspend, resume and cancel (docs/decisions/052): once per Idempotency-Key, as every write
  // whose repeat would be refused; the audit hook records who did it to which account.
  app.route({
    ...routeFor(adminRoutes.adminSuspendService),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await suspendService(
          tx,
          request.params.accountid,
          request.params.serviceid,
          request.body.reason,
          now,
        ),
      })),
  });

  app.route({
    ...routeFor(adminRoutes.adminResumeService),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await resumeService(tx, request.params.accountid, request.params.serviceid, now),
      })),
  });

  app.route({
    ...routeFor(adminRoutes.adminCancelService),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await cancelService(
          tx,
          request.params.accountid,
          request.params.serviceid,
          request.body,
          now,
        ),
      })),
  });

  /** Who did a desk action, for the staff audit: the staff member or the key. */
  const deskCaller = (request: { admin: AdminCaller | null }) => {
    const caller = callerOf(request);
    return {
      staffId: caller.kind === 'staff' ? caller.staff.id : null,
      apiKeyId: caller.kind === 'key' ? caller.keyId : null,
      by: principalOf(caller),
    };
  };

  app.route({
    ...routeFor(adminRoutes.adminResendInvitation),
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        resendInvitation(
          tx,
          deps,
          request.params.accountid,
          request.params.userid,
          deskCaller(request),
          clock(),
        ),
      ),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminEndContactSessions),
    // Idempotent by itself: a second call ends nothing more.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        endContactSessions(
          tx,
          request.params.accountid,
          request.params.userid,
          deskCaller(request),
          clock(),
        ),
      ),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminContactLocks),
    handler: async (request) => ({ data: await contactLocks(deps, request.params.accountid) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminClearContactLock),
    // Idempotent by itself: a second call finds nothing locked.
    handler: async (request) => ({
      data: await clearContactLocks(
        deps,
        request.params.accountid,
        request.params.userid,
        deskCaller(request),
        clock(),
      ),
    }),
  });

  // Acting for a customer in their own flows (docs/decisions/056): the portal's decisions and
  // writes; the commits once per Idempotency-Key, so a second click never charges twice.
  app.route({
    ...routeFor(adminRoutes.adminServicePlans),
    handler: async (request) => ({
      data: await plansFor(db, request.params.accountid, request.params.serviceid, clock()),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminPlanChangeQuote),
    handler: async (request) => ({
      data: await planChangeQuote(
        db,
        request.params.accountid,
        request.params.serviceid,
        request.body,
        clock(),
      ),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminPlanChange),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await changePlanFor(
          tx,
          request.params.accountid,
          request.params.serviceid,
          request.body,
          deskCaller(request),
          now,
        ),
      })),
  });

  app.route({
    ...routeFor(adminRoutes.adminServiceBlocks),
    handler: async (request) => ({
      data: await blocksFor(db, request.params.accountid, request.params.serviceid),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminBuyBlock),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await buyBlockFor(
          tx,
          request.params.accountid,
          request.params.serviceid,
          request.body.dbid,
          deskCaller(request),
          now,
        ),
      })),
  });

  app.route({
    ...routeFor(adminRoutes.adminAccountActivity),
    handler: async (request) => ({ data: await accountActivity(db, request.params.accountid) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminInvoicePdf),
    // The customer's own PDF (the same renderer): an invoice of another account is 404.
    handler: async (request, reply) => {
      const invoice = await accountInvoice(db, request.params.accountid, request.params.invoiceid);
      if (!invoice) throw adminError('invoiceMissing');
      return sendInvoicePdf(reply, deps, invoice);
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminListAdjustments),
    handler: async (request) => ({ data: await listAdjustments(db, request.params.accountid) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminAddAdjustment),
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await addAdjustment(
          tx,
          request.params.accountid,
          request.body,
          deskCaller(request),
          now,
        ),
      })),
  });

  // The CSV import's body (docs/decisions/053): the file as text, up to IMPORT_MAX_BYTES. Only
  // this module reads text/csv; every other route stays on JSON.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...routeFor(adminRoutes.adminImport),
    bodyLimit: IMPORT_MAX_BYTES,
    // A JSON string is no file: only text/csv is read as one.
    preValidation: async (request) => {
      if (!String(request.headers['content-type'] ?? '').startsWith('text/csv'))
        throw adminError('importNotCsv');
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const invite = request.query.invite === 'true';
      if (request.query.dry_run === 'true')
        return { data: await dryRunImport(db, request.body, clock(), invite) };
      const key = request.headers['idempotency-key'];
      if (key === undefined) throw adminError('importKeyMissing');
      const by = principalOf(caller);
      const who = {
        by,
        staffId: caller.kind === 'staff' ? caller.staff.id : null,
        keyId: caller.kind === 'key' ? caller.keyId : null,
      };
      const prepared = await prepareImport(db, request.body, who, invite, clock());
      // A file with problems is refused with them all, and its key is not used up.
      if (!prepared.ok) return { data: prepared.result };
      // The key claimed with the run: a repeat answers the same run as it is now, and starts no
      // second pass over the file (send the file with a new key to continue a failed run).
      const now = clock();
      const { result, replayed } = await idempotent(
        db,
        {
          principal: by,
          key,
          route: adminRoutes.adminImport.id,
          payload: { query: request.query, file: prepared.sha },
        },
        now,
        async (tx) => ({
          importid: await startImportRun(tx, request.body, prepared.rows.length, who, invite, now),
        }),
      );
      if (replayed) {
        void reply.header('idempotent-replayed', 'true');
        return { data: (await importRunView(db, result.importid))! };
      }
      // A large file is the job's (admin.imports): 202 with the run, whose progress GET shows.
      if (prepared.rows.length > IMPORT_SYNC_ROWS) {
        void reply.code(202);
        return { data: (await importRunView(db, result.importid))! };
      }
      return {
        data: await continueImportRun(
          db,
          deps,
          result.importid,
          prepared.rows,
          by,
          { invite, onError: (error) => request.log.error({ err: error }, 'import batch failed') },
          clock,
        ),
      };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminImportRun),
    handler: async (request) => {
      const run = await importRunView(db, request.params.importid);
      if (!run) throw adminError('importMissing');
      return { data: run };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminPlans),
    handler: async () => ({ data: await adminPlans(db, clock()) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreatePlan),
    handler: async (request) => ({ data: await createPlan(db, request.body, clock()) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminUpdatePlan),
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        updatePlan(
          tx,
          request.params.planid,
          request.body,
          principalOf(callerOf(request)),
          clock(),
        ),
      ),
    }),
  });

  // Future-dated prices (docs/decisions/055).
  app.route({
    ...routeFor(adminRoutes.adminSchedulePriceChange),
    handler: async (request, reply) =>
      once(request, reply, async (tx, by, now) => ({
        data: await schedulePriceChange(tx, request.params.planid, request.body, by, now),
      })),
  });

  app.route({
    ...routeFor(adminRoutes.adminWithdrawPriceChange),
    // Idempotent by itself: withdrawing again changes nothing.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        withdrawPriceChange(tx, request.params.planid, request.params.changeid, clock()),
      ),
    }),
  });

  // Extras, data blocks and products (issue 39): read by everyone, changed by provisioning. An
  // extra's change is one transaction (its row and its plan links); a block's or a product's is
  // one update.
  const catalogue = { db, once };
  registerCatalogueItemRoutes(app, catalogue, {
    routes: {
      list: adminRoutes.adminExtras,
      create: adminRoutes.adminCreateExtra,
      change: adminRoutes.adminUpdateExtra,
    },
    list: adminExtras,
    create: createExtra,
    change: (tx, { extraid }, body) => updateExtra(tx, extraid, body),
  });
  registerCatalogueItemRoutes(app, catalogue, {
    routes: {
      list: adminRoutes.adminDataBlocks,
      create: adminRoutes.adminCreateDataBlock,
      change: adminRoutes.adminUpdateDataBlock,
    },
    list: adminDataBlocks,
    create: createDataBlock,
    change: (tx, { blockid }, body) => updateDataBlock(tx, blockid, body),
  });
  registerCatalogueItemRoutes(app, catalogue, {
    routes: {
      list: adminRoutes.adminProducts,
      create: adminRoutes.adminCreateProduct,
      change: adminRoutes.adminUpdateProduct,
    },
    list: adminProducts,
    create: createProduct,
    change: (tx, { productid }, body) => updateProduct(tx, productid, body),
  });

  // The ticket desk (docs/decisions/057).
  registerTicketRoutes(app, { ...deps, once });
  // The orders queue (docs/decisions/058): read by everyone, moved by provisioning.
  registerOrderRoutes(app, {
    db,
    brand: deps.brand,
    publicUrl: deps.publicUrl,
    once,
    deskCaller,
  });
  // Network advisories (docs/decisions/019, the staff editor): read by all, written by provisioning.
  registerAdvisoryRoutes(app, {
    db,
    clock,
    messaging: deps.messaging,
    brandName: deps.brand.providerName,
    publicUrl: deps.publicUrl,
    once,
    deskCaller,
  });

  app.route({
    ...routeFor(adminRoutes.adminListStaff),
    handler: async () => ({ data: await listStaff(db) }),
  });

  /** One staff member as listed; 404 when there is none. */
  const staffMember = async (staffId: number) => {
    const found = (await listStaff(db)).find((m) => m.staffid === staffId);
    if (!found) throw adminError('staffMissing');
    return found;
  };

  app.route({
    ...routeFor(adminRoutes.adminCreateStaff),
    handler: async (request) => {
      const { email, name, role, password } = request.body;
      const made = await createStaffMember(db, { email, name, role, password }).catch(
        (error: unknown) => {
          if (isUniqueViolation(error)) throw adminError('staffEmailTaken');
          throw error;
        },
      );
      return {
        data: {
          ...(await staffMember(made.id)),
          authenticator_secret: made.totpSecret,
          otpauth: made.otpauth,
        },
      };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminUpdateStaff),
    handler: async (request) => {
      const caller = callerOf(request);
      const staffId = request.params.staffid;
      const { role, active } = request.body;
      // An admin never locks themselves out: another admin must (decision 051).
      if (
        caller.kind === 'staff' &&
        caller.staff.id === staffId &&
        (active === false || (role !== undefined && role !== 'admin'))
      )
        throw adminError('staffSelfLockout');
      if ((await updateStaffMember(db, staffId, { role, active }, clock())) === null)
        throw adminError('staffMissing');
      return { data: await staffMember(staffId) };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminResetStaffAuthenticator),
    handler: async (request) => {
      const reset = await resetStaffAuthenticator(db, request.params.staffid, clock());
      if (!reset) throw adminError('staffMissing');
      return { data: { authenticator_secret: reset.totpSecret, otpauth: reset.otpauth } };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminListWebhooks),
    handler: async () => ({ data: await listEndpoints(db) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreateWebhook),
    handler: async (request) => {
      if (!webhookUrlAllowed(request.body.url)) throw adminError('webhookUrlInvalid');
      const caller = callerOf(request);
      return {
        data: await createEndpoint(
          db,
          request.body,
          caller.kind === 'staff' ? caller.staff.id : null,
          clock(),
        ),
      };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminDisableWebhook),
    handler: async (request) => {
      const endpoint = await disableEndpoint(db, request.params.endpointid, clock());
      if (!endpoint) throw adminError('webhookMissing');
      return { data: endpoint };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminWebhookDeliveries),
    handler: async (request) => ({
      data: await listDeliveries(db, request.params.endpointid),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminRetryWebhookDelivery),
    handler: async (request) => {
      if (!(await retryDelivery(db, request.params.deliveryid, clock())))
        throw adminError('webhookMissing');
      return { data: { queued: true as const } };
    },
  });
};
