import type { RouteContract } from '@outpost/contracts/route-contract';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext } from '../lib/auth-context';
import { headerValue } from '../lib/auth-context';
import { forbidden, unauthenticated } from '../lib/errors';
import { sameSecret } from '../lib/tokens';
import { remember } from '@outpost/domain/remember';
import type { AdminScope } from '@outpost/domain/admin-rules';

/** One request of a staff-assisted session, for the staff audit (docs/decisions/025). */
export type StaffRequestAudit = {
  staffId: number;
  accountId: number;
  userId: number;
  action: 'request';
  method: string;
  route: string | undefined;
  status: number;
  requestId: string;
};

/**
 * What the hook asks of the modules that own tokens, permissions, step-up and staff, given when
 * app.ts registers the plugin (modules/auth/auth-hooks.ts), so this plugin imports no module.
 */
export type AuthHooks = {
  /** The caller behind a token of this type; throws unauthenticated or tokenExpired. */
  authenticate: (token: string | undefined, type: 'USER' | 'REFRESH') => Promise<AuthContext>;
  /** Whether a user or usage route is this caller's; sets request.auth, throws when not. */
  authorize: (request: FastifyRequest, contract: RouteContract, auth: AuthContext) => AuthContext;
  /** A high-risk change needs a code verified in this session lately (decision 016). */
  requireStepUp: (auth: AuthContext) => Promise<void>;
  /** The staff member behind a staff token; throws when there is no good staff session. */
  authenticateStaff: (token: string | undefined) => Promise<NonNullable<FastifyRequest['staff']>>;
  /** Records one request of a staff-assisted session. */
  auditStaffRequest: (record: StaffRequestAudit) => Promise<void>;
  /**
   * The caller of an admin API route (docs/decisions/051): the API key of `Authorization: Bearer`
   * or the staff member of X-Staff-Token; throws adminUnauthenticated when neither is good.
   */
  authenticateAdmin: (
    bearer: string | undefined,
    staffToken: string | undefined,
  ) => Promise<NonNullable<FastifyRequest['admin']>>;
  /** Throws adminScopeMissing when the caller lacks the scope. */
  requireAdminScope: (admin: NonNullable<FastifyRequest['admin']>, scope: AdminScope) => void;
  /** Records one admin API call with the staff member or key that made it. */
  auditAdminRequest: (record: AdminRequestAudit) => Promise<void>;
};

/** One admin API call, for the audit (docs/decisions/051). */
export type AdminRequestAudit = {
  staffId: number | null;
  apiKeyId: number | null;
  accountId: number | null;
  action: 'admin-request';
  method: string;
  route: string | undefined;
  status: number;
  requestId: string;
};

/** The token of `Authorization: Bearer <token>`, if the header is one. */
function bearerOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (typeof value !== 'string' || value.length > 300) return undefined;
  const match = /^Bearer ([\x21-\x7e]+)$/i.exec(value);
  return match?.[1];
}

/**
 * permissionsFingerprint of a caller's permissions, kept per set: a set arrives in the order its
 * statement reads it (heldPermissionsSql), so its names in that order are a key, and a provider has
 * a handful of distinct sets. Sorting and hashing the names on every signed-in answer cost about
 * 3 µs of it (issue 38). Bounded: emptied when it holds more sets than any provider would.
 */
const fingerprints = new Map<string, string>();
const MAX_FINGERPRINTS = 1000;

export function fingerprintOf(permissions: ReadonlySet<string>): string {
  let key = '';
  for (const name of permissions) key += `${name},`;
  return remember(fingerprints, key, () => permissionsFingerprint(permissions), MAX_FINGERPRINTS);
}

/** Constant-time comparison of a presented service key with the configured one. */
function serviceKeyMatches(presented: string | undefined, configured: string | undefined): boolean {
  if (!presented || !configured) return false;
  return sameSecret(presented, configured);
}

/**
 * Authentication and permission checks, declared once: every route carries its inventory row
 * in its config, and this hook enforces the row's access and permissions before the body is read.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthHooks & { internalApiKey: string | undefined }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('staff', null);
    app.decorateRequest('admin', null);
    // Every answer to a signed-in caller says which permissions they hold now, as a fingerprint:
    // the client reloads its map when it differs (decision 016), so a change shows at once.
    // A plain callback hook (as the other hooks on every answer): no promise per request.
    app.addHook('onSend', (request, reply, payload, done) => {
      const auth = request.auth;
      if (auth && auth.serviceScope === null) {
        reply.header(PERMISSIONS_HEADER, fingerprintOf(auth.permissions));
      }
      done(null, payload);
    });
    /** The checks that read the database: the caller behind a token, a staff member, a key. */
    const authenticateRequest = async (request: FastifyRequest, contract: RouteContract) => {
      switch (contract.access) {
        case 'user':
        case 'usage': {
          const auth = await opts.authenticate(headerValue(request, 'x-user-token'), 'USER');
          opts.authorize(request, contract, auth);
          // A high-risk change needs a code verified in this session lately (decision 016).
          if (contract.stepUp) await opts.requireStepUp(auth);
          return;
        }
        case 'session': {
          // The USER token when it is still good, else the session's REFRESH token.
          const userToken = headerValue(request, 'x-user-token');
          const refreshToken = headerValue(request, 'x-refresh-token');
          request.auth = await opts.authenticate(userToken, 'USER').catch((error: unknown) => {
            if (!refreshToken) throw error;
            return opts.authenticate(refreshToken, 'REFRESH');
          });
          return;
        }
        case 'staff': {
          // Provider staff, by their own short session (X-Staff-Token); never a customer token.
          request.staff = await opts.authenticateStaff(headerValue(request, 'x-staff-token'));
          return;
        }
        case 'admin': {
          // The admin API: an API key or a staff session holding the route's scope; a customer
          // token is neither (decision 051).
          const admin = await opts.authenticateAdmin(
            bearerOf(request),
            headerValue(request, 'x-staff-token'),
          );
          request.admin = admin;
          if (admin.kind === 'staff') request.staff = admin.staff;
          opts.requireAdminScope(admin, contract.adminScope ?? 'keys');
          return;
        }
      }
    };
    // A plain callback hook (as the other hooks on every request): what needs no database (public
    // routes, a route that reads its caller in its own statement, the service key) is decided
    // without a promise and a turn of the microtask queue (issue 38); the rest awaits the lookup.
    app.addHook('onRequest', (request, _reply, done) => {
      const config = request.routeOptions.config;
      const contract = config.contract;
      if (!contract) {
        done();
        return;
      }
      switch (contract.access) {
        case 'public':
        case 'refresh': // the refresh handler checks the refresh token itself
          done();
          return;
        case 'internal':
          // The provider's own systems, by service key (INTERNAL_API_KEY); never a customer token.
          done(
            serviceKeyMatches(headerValue(request, 'x-service-key'), opts.internalApiKey)
              ? undefined
              : forbidden(),
          );
          return;
        case 'user':
        case 'usage':
          if (config.callerInStatement) {
            // The handler reads the caller with its own data and calls checkCaller; a request
            // with no token is refused here, before the handler runs.
            done(headerValue(request, 'x-user-token') ? undefined : unauthenticated());
            return;
          }
      }
      authenticateRequest(request, contract).then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    });
    // Every admin API call is audited with the key or staff member that made it (decision 051),
    // refusals after authentication included.
    app.addHook('onResponse', (request, reply, done) => {
      const admin = request.admin;
      if (!admin) {
        done();
        return;
      }
      const params = request.params as Record<string, unknown> | undefined;
      const accountId = Number(params?.accountid);
      void opts
        .auditAdminRequest({
          staffId: admin.kind === 'staff' ? admin.staff.id : null,
          apiKeyId: admin.kind === 'key' ? admin.keyId : null,
          accountId: Number.isInteger(accountId) && accountId > 0 ? accountId : null,
          action: 'admin-request',
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          status: reply.statusCode,
          requestId: request.id,
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'admin audit not written'))
        .finally(done);
    });
    // Every request of a staff-assisted session is audited with the staff member (decision 025).
    app.addHook('onResponse', (request, reply, done) => {
      const staff = request.auth?.staff;
      if (!staff || !request.auth) {
        done();
        return;
      }
      void opts
        .auditStaffRequest({
          staffId: staff.id,
          accountId: request.auth.accountId,
          userId: request.auth.userId,
          action: 'request',
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          status: reply.statusCode,
          requestId: request.id,
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'staff audit not written'))
        .finally(done);
    });
  },
);
