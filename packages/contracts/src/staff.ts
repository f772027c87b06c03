import { z } from 'zod';
import { apiPaths } from './api-paths';
import { sessionOutput } from './auth';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';
import { usageOnlyTokenSchema } from './usage';

/**
 * Staff access (docs/decisions/025): staff sign in with a password and an authenticator code,
 * hand out signed single-use links (at most 5 minutes) that open a customer's portal, or one
 * service's usage, in a staff-assisted session; and the spec's /xd auto-login, off unless
 * configured.
 */

export const STAFF_ROLE_NAMES = ['support', 'billing', 'admin'] as const;
export const STAFF_LINK_PURPOSES = ['login', 'usage'] as const;
/** A staff link lives at most this long. */
export const STAFF_LINK_MAX_MS = 5 * 60 * 1000;

const staffSummary = z.object({
  staffid: z.number().int(),
  name: z.string(),
  role: z.enum(STAFF_ROLE_NAMES),
});

export const staffLoginInput = z.strictObject({
  email: z.string().trim().min(3).max(200),
  password: z.string().min(1).max(200),
  code: z.string().regex(/^[0-9]{6}$/, 'must be 6 digits'),
});
export const staffLoginOutput = envelope(
  z.object({ token: z.string(), expires: z.iso.datetime(), staff: staffSummary }),
);

export const staffLinkInput = z
  .strictObject({
    purpose: z.enum(STAFF_LINK_PURPOSES),
    accountid: z.number().int().positive().max(2_147_483_647).optional(),
    serviceid: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((b) => (b.purpose === 'login' ? b.accountid !== undefined : b.serviceid !== undefined), {
    message: 'a login link needs accountid, a usage link serviceid',
  });
export const staffLinkOutput = envelope(z.object({ url: z.string(), expires: z.iso.datetime() }));

export const staffAuditQuery = z.strictObject({
  accountid: idParam.optional(),
  staffid: idParam.optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/)
    .transform(Number)
    .optional(),
});
export const staffAuditEntry = z.object({
  at: z.iso.datetime(),
  staffid: z.number().int().nullable(),
  staff: z.string().nullable(),
  /** The API key that made an admin API call (docs/decisions/051), and its name. */
  keyid: z.number().int().nullable(),
  key: z.string().nullable(),
  accountid: z.number().int().nullable(),
  userid: z.number().int().nullable(),
  action: z.string(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  status: z.number().int().nullable(),
  request_id: z.string().nullable(),
  detail: z.string().nullable(),
});
export const staffAuditOutput = envelope(z.array(staffAuditEntry));

export const staffVerifyInput = z.strictObject({ token: z.string().min(10).max(1000) });
/** A staff-assisted session: the login answer, who the staff member is and whom they view. */
export const staffVerifyOutput = envelope(
  sessionOutput.extend({
    staff: z.object({ name: z.string(), role: z.enum(STAFF_ROLE_NAMES) }),
    customer: z.string(),
  }),
);
export const staffUsageVerifyOutput = envelope(
  z.object({
    tokens: z.array(usageOnlyTokenSchema),
    staff: z.object({ name: z.string(), role: z.enum(STAFF_ROLE_NAMES) }),
    customer: z.string(),
  }),
);

export const debugIntegrateInput = z.strictObject({
  method: z.literal('auto-login-acct-holder'),
  accountid: z.number().int().positive().max(2_147_483_647),
});

export const staffRoutes = {
  staffLogin: defineRoute({
    id: 'staffLogin',
    method: 'POST',
    path: apiPaths.staffLogin,
    summary: 'Staff sign-in: email, password and an authenticator code; a 30-minute staff session',
    access: 'public',
    permissions: [],
    objects: [],
    body: staffLoginInput,
    response: staffLoginOutput,
    example: { body: { email: 'sam.staff@example.com', password: 'x', code: '123456' } },
  }),
  staffLogout: defineRoute({
    id: 'staffLogout',
    method: 'POST',
    path: apiPaths.staffLogout,
    summary: 'End the staff session',
    access: 'staff',
    permissions: [],
    objects: [],
    response: envelope(z.object({ ended: z.boolean() })),
  }),
  staffLinks: defineRoute({
    id: 'staffLinks',
    method: 'POST',
    path: apiPaths.staffLinks,
    summary: "A signed single-use link (5 minutes) to a customer's portal or a service's usage",
    access: 'staff',
    permissions: [],
    objects: [],
    body: staffLinkInput,
    response: staffLinkOutput,
    example: { body: { purpose: 'login', accountid: 100001 } },
  }),
  staffAudit: defineRoute({
    id: 'staffAudit',
    method: 'GET',
    path: apiPaths.staffAudit,
    summary: 'Staff admins: what staff did as whom, newest first, by account or staff member',
    access: 'staff',
    permissions: [],
    objects: [],
    querystring: staffAuditQuery,
    response: staffAuditOutput,
  }),
  staffLoginVerify: defineRoute({
    id: 'staffLoginVerify',
    method: 'POST',
    path: apiPaths.staffLoginVerify,
    summary: "Open a staff link: a staff-assisted session on the customer's account",
    access: 'public',
    permissions: [],
    objects: [],
    body: staffVerifyInput,
    response: staffVerifyOutput,
    example: { body: { token: 'not-a-staff-link-token' } },
  }),
  staffUsageVerify: defineRoute({
    id: 'staffUsageVerify',
    method: 'POST',
    path: apiPaths.staffUsageVerify,
    summary: "Open a staff usage link: a token for that one service's usage",
    access: 'public',
    permissions: [],
    objects: [],
    params: z.strictObject({ serviceid: idParam }),
    body: staffVerifyInput,
    response: staffUsageVerifyOutput,
    example: { params: { serviceid: 200101 }, body: { token: 'not-a-staff-link-token' } },
  }),
  debugIntegrate: defineRoute({
    id: 'debugIntegrate',
    method: 'POST',
    path: apiPaths.debugIntegrate,
    summary:
      "/xd auto-login (off unless XD_ENABLED): the account holder's session, for staff or the holder",
    access: 'public',
    permissions: [],
    objects: [],
    body: debugIntegrateInput,
    response: envelope(sessionOutput),
    example: { body: { method: 'auto-login-acct-holder', accountid: 100001 } },
  }),
};
