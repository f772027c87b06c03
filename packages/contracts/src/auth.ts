import { z } from 'zod';
import { envelope, idParam } from './http';

export const tokenType = z.enum(['USER', 'REFRESH']);
export type TokenType = z.infer<typeof tokenType>;

export const tokenOutput = z.object({
  type: tokenType,
  token: z.string(),
  expires: z.iso.datetime(),
});
export type TokenOutput = z.infer<typeof tokenOutput>;

export const userSummaryOutput = z.object({
  user_id: z.number().int(),
  username: z.string(),
  given_names: z.string(),
  surname: z.string(),
  session_expiry: z.iso.datetime(),
});
export type UserSummary = z.infer<typeof userSummaryOutput>;

export const permissionEntryOutput = z.object({
  permission: z.string(),
  enabled: z.union([z.literal(0), z.literal(1)]),
});
export type PermissionEntry = z.infer<typeof permissionEntryOutput>;

export const loginInput = z.strictObject({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1000),
  verification: z.string().trim().max(20).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * The spec's login answer is data.tokens; we also return the user summary and permissions
 * so the client needs no second round trip before it can show the portal (docs/decisions/001).
 */
export const sessionOutput = z.object({
  tokens: z.array(tokenOutput),
  user: userSummaryOutput,
  permissions: z.array(permissionEntryOutput),
  account_holder: z.boolean(),
});
export type SessionOutput = z.infer<typeof sessionOutput>;

export const loginOutput = envelope(sessionOutput);
export const refreshOutput = envelope(sessionOutput);

export const emptyInput = z.strictObject({});

export const logoutOutput = envelope(z.object({ logged_out: z.literal(true) }));

export const currentUserOutput = envelope(userSummaryOutput);

export const profileSchema = z.object({
  user_id: z.number().int(),
  account_id: z.number().int(),
  username: z.string(),
  title: z.string().nullable(),
  given_names: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  role: z.string(),
  relationship: z.string().nullable(),
  role_status: z.string(),
  account_holder: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileOutput = envelope(profileSchema);

export const permissionsOutput = envelope(z.array(permissionEntryOutput));

export const guideParams = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/, 'must be a guide name'),
});
export const guideOutput = envelope(z.object({ title: z.string(), body: z.string() }));
export type Guide = z.infer<typeof guideOutput>['data'];

export const healthOutput = envelope(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), time: z.string() }),
);

/**
 * Readiness: each check and whether it passed (redis null when not used). Not ready: 503 with the
 * error envelope, each check's 'ok' | 'failed' | 'not used' in `fields`.
 */
export const healthReadyOutput = envelope(
  z.object({
    status: z.literal('ready'),
    checks: z.object({
      database: z.boolean(),
      redis: z.boolean().nullable(),
      migrations: z.boolean(),
    }),
  }),
);
export const healthLiveOutput = envelope(z.object({ status: z.literal('alive') }));

export const contactParams = z.strictObject({ userid: idParam });
