import { z } from 'zod';
import { API_KEY_MAX_DAYS, API_KEY_SCOPES } from '@outpost/domain/admin-rules';
import { apiPaths } from './api-paths';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';

/**
 * The admin API (issue 39, docs/decisions/051): one documented API under /api/admin/v1/ for the
 * staff console and the provider's own systems. A staff session (X-Staff-Token) or an API key
 * (Authorization: Bearer opk_...) holding the route's scope; never a customer token.
 */

const apiKeySummary = z.object({
  keyid: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never the whole key. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created: z.iso.datetime(),
  expires: z.iso.datetime(),
  revoked: z.iso.datetime().nullable(),
  last_used: z.iso.datetime().nullable(),
  created_by: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const apiKeyCreateInput = z.strictObject({
  name: z.string().trim().min(1).max(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'must not repeat a scope'),
  expires_in_days: z.number().int().min(1).max(API_KEY_MAX_DAYS).optional(),
});

/** A new key: the only answer that holds the key itself (it is stored as a hash). */
const apiKeyCreated = apiKeySummary.extend({ key: z.string() });

export const adminAccountsQuery = z.strictObject({
  /** A name, account id, email, mobile, username, service identifier or postcode. */
  q: z.string().trim().min(1).max(100),
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'must be 1 to 50')
    .transform(Number)
    .pipe(z.number().int().min(1).max(50))
    .optional(),
});

const accountMatch = z.object({
  accountid: z.number().int(),
  name: z.string(),
  status: z.string(),
  holder: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** What matched besides the name: a service identifier, a postcode, a contact. */
  matched: z.string().nullable(),
});

const adminContact = z.object({
  userid: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  is_holder: z.boolean(),
  invited: z.iso.datetime().nullable(),
  last_login: z.iso.datetime().nullable(),
});

const adminService = z.object({
  serviceid: z.number().int(),
  type: z.string(),
  technology: z.string(),
  identifier: z.string(),
  nickname: z.string().nullable(),
  status: z.string(),
  plan: z.string(),
  address: z.string(),
});

const adminAccountView = z.object({
  accountid: z.number().int(),
  name: z.string(),
  status: z.string(),
  created: z.iso.datetime(),
  /** Cents: positive owing, negative in credit. */
  balance_cents: z.number().int(),
  contacts: z.array(adminContact),
  services: z.array(adminService),
});
export type AdminAccountView = z.infer<typeof adminAccountView>;

const keyIdParams = z.strictObject({ keyid: idParam });
const accountIdParams = z.strictObject({ accountid: idParam });

export const adminRoutes = {
  adminListApiKeys: defineRoute({
    id: 'adminListApiKeys',
    method: 'GET',
    path: apiPaths.adminApiKeys,
    summary: 'API keys, newest first: name, scopes, expiry, last use (never the key)',
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    response: envelope(z.array(apiKeySummary)),
  }),
  adminCreateApiKey: defineRoute({
    id: 'adminCreateApiKey',
    method: 'POST',
    path: apiPaths.adminApiKeys,
    summary: "A new API key for the provider's systems; the key is in this answer only",
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    body: apiKeyCreateInput,
    response: envelope(apiKeyCreated),
    example: { body: { name: 'Billing system', scopes: ['read'], expires_in_days: 30 } },
  }),
  adminRevokeApiKey: defineRoute({
    id: 'adminRevokeApiKey',
    method: 'DELETE',
    path: apiPaths.adminApiKey,
    summary: 'Revoke an API key: it is refused from the next call',
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    params: keyIdParams,
    response: envelope(apiKeySummary),
    example: { params: { keyid: '1' } },
  }),
  adminSearchAccounts: defineRoute({
    id: 'adminSearchAccounts',
    method: 'GET',
    path: apiPaths.adminAccounts,
    summary: 'Find customers by name, account id, email, mobile, username, service or postcode',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    querystring: adminAccountsQuery,
    response: envelope(z.array(accountMatch)),
    example: { querystring: { q: 'Harper' } },
  }),
  adminAccount: defineRoute({
    id: 'adminAccount',
    method: 'GET',
    path: apiPaths.adminAccount,
    summary: 'A customer: the account, its contacts and its services',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountIdParams,
    response: envelope(adminAccountView),
    example: { params: { accountid: '100001' } },
  }),
} as const;
