import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden, notFound, tokenExpired, unauthenticated } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { roles, users } from '../modules/accounts/accounts.schema';
import { tokens } from '../modules/auth/auth.schema';
import { heldPermissionsSql } from '../modules/users/users.service';

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
};

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

/** Resolves a token of the given type to its caller; expired, revoked or (REFRESH) rotated tokens fail. */
/**
 * The caller behind a token, with the permissions they hold, in one query that every request
 * runs: prepared once per database so PostgreSQL need not plan it each time.
 */
function buildTokenQuery(db: Db) {
  return db
    .select({
      type: tokens.type,
      expiresAt: tokens.expiresAt,
      revokedAt: tokens.revokedAt,
      rotatedAt: tokens.rotatedAt,
      familyId: tokens.familyId,
      serviceScope: tokens.serviceId,
      userId: users.id,
      accountId: users.accountId,
      isAccountHolder: users.isAccountHolder,
      roleStatus: users.roleStatus,
      username: users.username,
      givenNames: users.givenNames,
      surname: users.surname,
      permissions: heldPermissionsSql,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(tokens.tokenHash, sql.placeholder('hash')))
    .prepare('authenticate_token');
}
const tokenQueries = new WeakMap<Db, ReturnType<typeof buildTokenQuery>>();

async function authenticateToken(
  db: Db,
  clock: Clock,
  token: string | undefined,
  type: 'USER' | 'REFRESH',
): Promise<AuthContext> {
  if (!token) throw unauthenticated();
  let query = tokenQueries.get(db);
  if (!query) {
    query = buildTokenQuery(db);
    tokenQueries.set(db, query);
  }
  const [row] = await query.execute({ hash: hashToken(token) });
  if (!row || row.type !== type || row.revokedAt || row.rotatedAt || row.roleStatus !== 'Active') {
    throw unauthenticated();
  }
  if (row.expiresAt <= clock()) throw tokenExpired();
  return {
    userId: row.userId,
    accountId: row.accountId,
    familyId: row.familyId,
    isAccountHolder: row.isAccountHolder,
    username: row.username,
    givenNames: row.givenNames,
    surname: row.surname,
    expiresAt: row.expiresAt,
    permissions: row.serviceScope === null ? new Set(row.permissions) : USAGE_TOKEN_PERMISSIONS,
    serviceScope: row.serviceScope,
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
    app.addHook('onRequest', async (request) => {
      const contract = request.routeOptions.config.contract;
      if (!contract) return;
      switch (contract.access) {
        case 'public':
        case 'refresh': // the refresh handler checks the refresh token itself
          return;
        case 'user':
        case 'usage': {
          const auth = await authenticateUserToken(
            opts.db,
            opts.clock,
            headerValue(request, 'x-user-token'),
          );
          if (auth.serviceScope !== null) {
            // A usage-only token: its own service's usage routes and nothing else.
            if (contract.access !== 'usage') throw forbidden();
            const params = request.params as Record<string, string | undefined>;
            if (Number(params.serviceid) !== auth.serviceScope) throw notFound();
          }
          if (!contract.permissions.every((p) => auth.permissions.has(p))) throw forbidden();
          request.auth = auth;
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
        case 'staff':
          throw forbidden();
      }
    });
  },
);

export { headerValue };
