import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { RouteContract } from '@outpost/contracts/api-routes';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/client';
import type { Clock } from '../lib/clock';
import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden, notFound, tokenExpired, unauthenticated } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { roles, users } from '../modules/accounts/accounts.schema';
import { staffMembers } from '../modules/staff/staff.schema';
import type { StaffRole } from '@outpost/domain/staff-rules';
import { staffMayCall } from '@outpost/domain/staff-rules';
import { staffError } from '../modules/staff/staff.errors';
import { recordAudit, staffCaller } from '../modules/staff/staff.service';
import { tokens } from '../modules/auth/auth.schema';
import { heldPermissionsSql } from '../modules/users/users.service';
import { requireStepUp } from '../modules/step-up/step-up.service';

export type AuthContext = {
  userId: number;
  accountId: number;
  familyId: string;
  isAccountHolder: boolean;
  username: string;
  givenNames: string;
  surname: string;
  /** When the presented USER token expires (the session_expiry the client times its refresh by). */
  expiresAt: Date;
  /** The permissions the caller holds, read with the token (one round trip for both). */
  permissions: ReadonlySet<string>;
  /** A usage-only token (embedded usage) is good for this one service's usage routes only. */
  serviceScope: number | null;
  /**
   * A staff-assisted session (docs/decisions/025): the staff member behind it. Read-only unless
   * their role allows the change (staffMayChange); every request is audited.
   */
  staff: StaffContext | null;
};

export type StaffContext = { id: number; name: string; role: StaffRole };

/** What a usage-only token may do: read its service's usage. */
export const USAGE_TOKEN_PERMISSIONS: ReadonlySet<string> = new Set([
  'view-activity',
  'view-detailed-usage',
]);

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The authenticated caller; set by the auth hook on every non-public route. */
    auth: AuthContext | null;
  }
}

/** The caller, for handlers of routes whose access is not public (the hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/**
 * The caller behind a token hash (placeholder `hash`), with the permissions they hold: one row,
 * or none for an unknown token. Every authenticated request runs it, alone (the auth hook) or
 * as the first part of a route's own statement (callerInStatement), so it is written once, here.
 */
export const callerSql: SQL = sql`select ${tokens.type} as type, ${tokens.expiresAt} as expires_at,
      ${tokens.revokedAt} as revoked_at, ${tokens.rotatedAt} as rotated_at,
      ${tokens.familyId} as family_id, ${tokens.serviceId} as service_scope,
      ${users.id} as user_id, ${users.accountId} as account_id,
      ${users.isAccountHolder} as is_account_holder, ${users.roleStatus} as role_status,
      ${users.username} as username, ${users.givenNames} as given_names, ${users.surname} as surname,
      ${heldPermissionsSql} as permissions,
      ${staffMembers.id} as staff_id, ${staffMembers.name} as staff_name,
      ${staffMembers.role} as staff_role, ${staffMembers.active} as staff_active
    from ${tokens}
    join ${users} on ${users.id} = ${tokens.userId}
    join ${roles} on ${roles.id} = ${users.roleId}
    left join ${staffMembers} on ${staffMembers.id} = ${tokens.staffId}
   where ${tokens.tokenHash} = ${sql.placeholder('hash')}`;

/**
 * A row of callerSql, read as one JSON value (`row_to_json`): one column for the driver to
 * describe and parse instead of fourteen, and the permissions as a JSON array rather than a
 * PostgreSQL array literal. Timestamps arrive as ISO strings.
 */
export type CallerRow = {
  type: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  rotated_at: Date | string | null;
  family_id: string;
  service_scope: number | null;
  user_id: number;
  account_id: number;
  is_account_holder: boolean;
  role_status: string;
  username: string;
  given_names: string;
  surname: string;
  permissions: string[];
  staff_id: number | null;
  staff_name: string | null;
  staff_role: StaffRole | null;
  staff_active: boolean | null;
};

const callerRows = preparedStatement<{ caller: CallerRow }, { hash: string }>(
  'authenticate_token',
  sql`select row_to_json(c) as caller from (${callerSql}) c`,
);

/** The caller a token row names; unknown, revoked, rotated, disabled or expired tokens fail. */
function authFromRow(row: CallerRow | undefined, type: 'USER' | 'REFRESH', now: Date): AuthContext {
  if (
    !row ||
    row.type !== type ||
    row.revoked_at ||
    row.rotated_at ||
    row.role_status !== 'Active' ||
    // A staff-assisted session ends with the staff member's access.
    (row.staff_id !== null && row.staff_active !== true)
  ) {
    throw unauthenticated();
  }
  const expiresAt = new Date(row.expires_at);
  if (expiresAt <= now) throw tokenExpired();
  return {
    userId: row.user_id,
    accountId: row.account_id,
    familyId: row.family_id,
    isAccountHolder: row.is_account_holder,
    username: row.username,
    givenNames: row.given_names,
    surname: row.surname,
    expiresAt,
    permissions: row.service_scope === null ? new Set(row.permissions) : USAGE_TOKEN_PERMISSIONS,
    serviceScope: row.service_scope,
    staff:
      row.staff_id === null
        ? null
        : { id: row.staff_id, name: row.staff_name!, role: row.staff_role! },
  };
}

/** Resolves a token of the given type to its caller (one prepared statement). */
async function authenticateToken(
  db: Db,
  clock: Clock,
  token: string | undefined,
  type: 'USER' | 'REFRESH',
): Promise<AuthContext> {
  if (!token) throw unauthenticated();
  const [row] = await callerRows(db, { hash: hashToken(token) });
  return authFromRow(row?.caller, type, clock());
}

/** What a user or usage route lets this caller do; throws when the route is not theirs. */
function authorize(request: FastifyRequest, contract: RouteContract, auth: AuthContext) {
  if (auth.serviceScope !== null) {
    // A usage-only token: its own service's usage routes and nothing else.
    if (contract.access !== 'usage') throw forbidden();
    const params = request.params as Record<string, string | undefined>;
    if (Number(params.serviceid) !== auth.serviceScope) throw notFound();
  }
  if (!contract.permissions.every((p) => auth.permissions.has(p))) throw forbidden();
  if (auth.staff && !staffMayCall(auth.staff.role, contract)) {
    request.auth = auth; // so the refusal is audited with the staff member
    throw staffError('staffReadOnly');
  }
  request.auth = auth;
  return auth;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /**
     * The handler reads the caller in its own statement (callerSql as its first part), saving
     * a round trip on a hot route, and must pass the row to checkCaller before it answers.
     */
    callerInStatement?: boolean;
  }
}

/** The presented USER token's hash, for a route that reads the caller in its own statement. */
export function userTokenHash(request: FastifyRequest): string {
  const token = headerValue(request, 'x-user-token');
  if (!token) throw unauthenticated();
  return hashToken(token);
}

/**
 * For a callerInStatement route: the same checks the auth hook makes, on the `caller` column
 * (row_to_json of callerSql) of the row the route's statement read. Sets request.auth and
 * returns the caller with the row; throws as the hook would.
 */
export function checkCaller<R extends { caller: CallerRow }>(
  request: FastifyRequest,
  row: R | undefined,
  now: Date,
): { auth: AuthContext; row: R } {
  const contract = request.routeOptions.config.contract;
  if (!contract || (contract.access !== 'user' && contract.access !== 'usage')) throw forbidden();
  const auth = authorize(request, contract, authFromRow(row?.caller, 'USER', now));
  return { auth, row: row as R }; // authFromRow threw if there was no row
}

/**
 * Route options for a route that reads the caller in its own statement. A route that answers
 * without having called checkCaller fails closed (500), so a handler cannot forget it.
 */
export function callerInStatement<O extends { config: object }>(options: O) {
  return {
    ...options,
    config: { ...options.config, callerInStatement: true },
    preSerialization: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.auth === null && reply.statusCode < 400) {
        throw new Error('callerInStatement route answered without checkCaller');
      }
      return payload;
    },
  };
}

/** Constant-time comparison of a presented service key with the configured one. */
function serviceKeyMatches(presented: string | undefined, configured: string | undefined): boolean {
  if (!presented || !configured) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(configured).digest();
  return timingSafeEqual(a, b);
}

export function authenticateUserToken(
  db: Db,
  clock: Clock,
  token: string | undefined,
): Promise<AuthContext> {
  return authenticateToken(db, clock, token, 'USER');
}

/**
 * Authentication and permission checks, declared once: every route carries its inventory row
 * in its config, and this hook enforces the row's access and permissions before the body is read.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; clock: Clock; internalApiKey: string | undefined },
  ) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('staff', null);
    // Every answer to a signed-in caller says which permissions they hold now, as a fingerprint:
    // the client reloads its map when it differs (decision 016), so a change shows at once.
    app.addHook('onSend', async (request, reply) => {
      const auth = request.auth;
      if (auth && auth.serviceScope === null) {
        reply.header(PERMISSIONS_HEADER, permissionsFingerprint(auth.permissions));
      }
    });
    app.addHook('onRequest', async (request) => {
      const contract = request.routeOptions.config.contract;
      if (!contract) return;
      switch (contract.access) {
        case 'public':
        case 'refresh': // the refresh handler checks the refresh token itself
          return;
        case 'user':
        case 'usage': {
          if (request.routeOptions.config.callerInStatement) {
            // The handler reads the caller with its own data and calls checkCaller; a request
            // with no token is refused here, before the handler runs.
            if (!headerValue(request, 'x-user-token')) throw unauthenticated();
            return;
          }
          const auth = await authenticateUserToken(
            opts.db,
            opts.clock,
            headerValue(request, 'x-user-token'),
          );
          authorize(request, contract, auth);
          // A high-risk change needs a code verified in this session lately (decision 016).
          if (contract.stepUp) await requireStepUp(opts.db, auth, opts.clock());
          return;
        }
        case 'session': {
          // The USER token when it is still good, else the session's REFRESH token.
          const userToken = headerValue(request, 'x-user-token');
          const refreshToken = headerValue(request, 'x-refresh-token');
          request.auth = await authenticateToken(opts.db, opts.clock, userToken, 'USER').catch(
            (error: unknown) => {
              if (!refreshToken) throw error;
              return authenticateToken(opts.db, opts.clock, refreshToken, 'REFRESH');
            },
          );
          return;
        }
        case 'internal':
          // The provider's own systems, by service key (INTERNAL_API_KEY); never a customer token.
          if (!serviceKeyMatches(headerValue(request, 'x-service-key'), opts.internalApiKey))
            throw forbidden();
          return;
        case 'staff': {
          // Provider staff, by their own short session (X-Staff-Token); never a customer token.
          const token = headerValue(request, 'x-staff-token');
          const staff = token ? await staffCaller(opts.db, token, opts.clock()) : null;
          if (!staff) throw staffError('staffSessionInvalid');
          request.staff = staff;
          return;
        }
      }
    });
    // Every request of a staff-assisted session is audited with the staff member (decision 025).
    app.addHook('onResponse', async (request, reply) => {
      const staff = request.auth?.staff;
      if (!staff || !request.auth) return;
      await recordAudit(opts.db, opts.clock(), {
        staffId: staff.id,
        accountId: request.auth.accountId,
        userId: request.auth.userId,
        action: 'request',
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        requestId: request.id,
      }).catch((error: unknown) => request.log.error({ err: error }, 'staff audit not written'));
    });
  },
);

export { headerValue };
