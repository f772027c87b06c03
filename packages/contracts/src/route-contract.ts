import type { z } from 'zod';
import type { AdminScope } from '@outpost/domain/admin-rules';
import type { PermissionName } from './permissions';

/**
 * The route inventory: every API route the server answers, with who may call it.
 * The server registers routes from these entries, so a route cannot exist without a row.
 *
 * access:
 *  - public: no token;
 *  - user: a USER token of an active contact;
 *  - refresh: a REFRESH token (only the refresh call);
 *  - session: the USER or the REFRESH token of a session (logout: a session whose USER token has
 *    expired must still be revocable);
 *  - usage: also accepts the usage-only token scoped to one service (embedded usage);
 *  - internal: the provider's own systems (a service key), never a customer;
 *  - staff: provider staff only;
 *  - admin: the admin API (docs/decisions/051): a staff session or an API key holding the route's
 *    `adminScope`; never a customer token.
 */
export type RouteAccess =
  'public' | 'user' | 'refresh' | 'session' | 'usage' | 'internal' | 'staff' | 'admin';

export type ObjectKind =
  | 'service'
  | 'invoice'
  | 'user'
  | 'alert'
  | 'plan'
  | 'ticket'
  /** A file attached to one of the account's tickets. */
  | 'attachment'
  | 'paymethod'
  /** One of the caller's own sessions (a login on a device). */
  | 'session'
  /** One of the caller's own callback bookings (docs/decisions/017). */
  | 'callback'
  /** The caller's own user id, named in a request that acts for it (a push device's userId). */
  | 'self';

/** A request field that names an account-owned object; the server must scope it to the caller. */
export type ObjectRef = {
  in: 'params' | 'querystring' | 'body';
  name: string;
  kind: ObjectKind;
};

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteContract = {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  access: RouteAccess;
  permissions: readonly PermissionName[];
  objects: readonly ObjectRef[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route reads (the admin API's Idempotency-Key), checked and documented. */
  headers?: z.ZodType;
  response: z.ZodType;
  /**
   * A body other than JSON (a CSV file): its media type. The body schema is then the text; the
   * route reads nothing else.
   */
  consumes?: string;
  /**
   * The route may answer 202 with the same body (the work queued, e.g. a large import), as well
   * as 200.
   */
  accepted?: true;
  /** Answers other than JSON (a PDF, a CSV); the response schema then describes errors only. */
  produces?: string;
  /**
   * A commit route: the id of the prepare route whose csrf it takes. Tests call that route first
   * with the same params and body (less csrf) and add the csrf it returns.
   */
  csrfFrom?: string;
  /**
   * A high-risk change (adding or removing a contact, granting permissions): the caller must
   * have verified a one-time code in this session within the last STEP_UP_FRESH_MS, else the
   * route answers 403 serverErrors.stepUpRequired (docs/decisions/016).
   */
  stepUp?: true;
  /**
   * An admin route's scope (access 'admin'): what a staff role or an API key must hold to call it
   * (packages/domain/src/admin-rules.ts).
   */
  adminScope?: AdminScope;
  /**
   * A valid request apart from the object ids in `objects` (tests fill those per caller).
   * The authorisation matrix and the fuzz test start from it.
   */
  example?: {
    params?: Record<string, unknown>;
    querystring?: Record<string, unknown>;
    body?: unknown;
  };
};

export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}
