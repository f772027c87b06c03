import { sessionMayActFor } from '@outpost/domain/staff-rules';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { RouteContract } from '@outpost/contracts/route-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/client';
import { roles, users } from '../../db/accounts.schema';
import type { StaffRole } from '@outpost/domain/staff-rules';
import type { AuthContext } from '../../lib/auth-context';
import { headerValue } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { forbidden, notFound, tokenExpired, unauthenticated } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { staffMembers } from '../staff/staff.schema';
import { staffMayCall } from '@outpost/domain/staff-rules';
import { staffReadOnly } from '../staff/staff.errors';
import { sessionPermissionsSql } from '../users/users.service';
import { tokens } from './auth.schema';

/** What a usage-only token may do: read its service's usage. */
export const USAGE_TOKEN_PERMISSIONS: ReadonlySet<string> = new Set([
  'view-activity',
  'view-detailed-usage',
]);

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
      ${sessionPermissionsSql} as permissions,
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
    !sessionMayActFor(row.role_status, row.staff_id !== null) ||
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
export async function authenticateToken(
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
export function authorize(request: FastifyRequest, contract: RouteContract, auth: AuthContext) {
  if (auth.serviceScope !== null) {
    // A usage-only token: its own service's usage routes and nothing else.
    if (contract.access !== 'usage') throw forbidden();
    const params = request.params as Record<string, string | undefined>;
    if (Number(params.serviceid) !== auth.serviceScope) throw notFound();
  }
  if (!contract.permissions.every((p) => auth.permissions.has(p))) throw forbidden();
  if (auth.staff && !staffMayCall(auth.staff.role, contract)) {
    request.auth = auth; // so the refusal is audited with the staff member
    throw staffReadOnly();
  }
  request.auth = auth;
  return auth;
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

export function authenticateUserToken(
  db: Db,
  clock: Clock,
  token: string | undefined,
): Promise<AuthContext> {
  return authenticateToken(db, clock, token, 'USER');
}
