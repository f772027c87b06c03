import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@outpost/domain/staff-rules';
import { unauthenticated } from './errors';

export type StaffContext = { id: number; name: string; role: StaffRole };

/** The caller of a route, as the auth hook (plugins/auth.ts) found them. */
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

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The authenticated caller; set by the auth hook on every non-public route. */
    auth: AuthContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /**
     * The handler reads the caller in its own statement (modules/auth/caller.ts: callerSql as its first part), saving
     * a round trip on a hot route, and must pass the row to checkCaller before it answers.
     */
    callerInStatement?: boolean;
  }
}

/** The caller, for handlers of routes whose access is not public (the hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** A request header's value, when it is present and of a sane length. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}
