import { z } from 'zod';
import { apiPaths } from './api-paths';
import { emptyInput } from './auth';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';

/**
 * Account Security (spec 3 sections 3, 4, 5 and 7; docs/decisions/016): identification method,
 * two-factor, signed-in devices. The password change is recoveryRoutes.updatePassword.
 */

export const methodPreferenceOption = z.object({
  value: z.string(),
  label: z.string(),
  /** The input type: 'date' for DOB (read-only), 'password' for the PIN. */
  type: z.string(),
  readOnly: z.boolean(),
});
export type MethodPreferenceOption = z.infer<typeof methodPreferenceOption>;
export const methodPreferenceOptionsOutput = envelope(z.array(methodPreferenceOption));

export const methodPreference = z.object({
  identify_by: z.string(),
  /** DOB: the contact's date of birth (YYYY-MM-DD); PIN: always '' (a PIN is never sent back). */
  data: z.object({ value: z.string() }),
  /** The contact's date of birth, shown read-only whichever method is chosen; null if unknown. */
  date_of_birth: z.string().nullable(),
});
export type MethodPreference = z.infer<typeof methodPreference>;
export const methodPreferenceOutput = envelope(methodPreference);

/** PATCH {identify_by, data: {value}} (spec 3 section 7); the rules are the server's (section 5). */
export const methodPreferenceInput = z.strictObject({
  identify_by: z.string().trim().max(20),
  data: z.strictObject({ value: z.string().max(100) }),
});
export type MethodPreferenceInput = z.infer<typeof methodPreferenceInput>;

export const twoFactorMethod = z.enum(['sms', 'email', 'totp']);
export type TwoFactorMethod = z.infer<typeof twoFactorMethod>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  method: twoFactorMethod.nullable(),
  /** 'ending in 110' for the mobile on file, or null when there is none. */
  mobile_hint: z.string().nullable(),
  /** 'j•••@example.com' for the email on file, or null when there is none. */
  email_hint: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
export const twoFactorOutput = envelope(twoFactorStatus);

/**
 * PATCH two-factor: the new method, or null to turn it off. Every change needs a fresh step-up
 * of this session (a code of the current method, or by email/SMS while it is off); turning on
 * the authenticator app also needs `code`, a valid code of the pending secret.
 */
export const twoFactorInput = z.strictObject({
  method: twoFactorMethod.nullable(),
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'must be 6 digits')
    .optional(),
});
export type TwoFactorInput = z.infer<typeof twoFactorInput>;

export const authenticatorSecretOutput = envelope(
  z.object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** The otpauth:// URI the QR code holds. */
    uri: z.string(),
  }),
);
export type AuthenticatorSecret = z.infer<typeof authenticatorSecretOutput>['data'];

export const sessionItem = z.object({
  id: z.number().int(),
  /** 'iPhone (iOS 18.1)', 'Windows 10 computer': from the user agent. */
  device: z.string(),
  /** 'Chrome 131', or 'Unknown browser'. */
  browser: z.string(),
  /** The IP address the session signed in from (no location database: the address is shown). */
  place: z.string(),
  started: z.iso.datetime(),
  /** The last sign-in or token renewal (about every 15 minutes while the session is in use). */
  last_used: z.iso.datetime(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionsOutput = envelope(z.array(sessionItem));
export const sessionParams = z.strictObject({ sessionid: idParam });
export const endSessionOutput = envelope(z.object({ ended: z.literal(true) }));
export const endOtherSessionsOutput = envelope(z.object({ ended: z.number().int() }));

export const securityRoutes = {
  methodPreferenceOptions: defineRoute({
    id: 'methodPreferenceOptions',
    method: 'GET',
    path: apiPaths.methodPreferenceOptions,
    summary: 'The identification methods offered (DOB read-only, a 4-digit PIN)',
    access: 'user',
    permissions: [],
    objects: [],
    response: methodPreferenceOptionsOutput,
  }),
  methodPreference: defineRoute({
    id: 'methodPreference',
    method: 'GET',
    path: apiPaths.methodPreference,
    summary: "The caller's identification method (never the PIN itself)",
    access: 'user',
    permissions: [],
    objects: [],
    response: methodPreferenceOutput,
  }),
  updateMethodPreference: defineRoute({
    id: 'updateMethodPreference',
    method: 'PATCH',
    path: apiPaths.methodPreference,
    summary: 'Choose DOB or a 4-digit PIN (stored hashed) as the identification method',
    access: 'user',
    permissions: [],
    objects: [],
    body: methodPreferenceInput,
    response: methodPreferenceOutput,
    example: { body: { identify_by: 'PIN', data: { value: '4821' } } },
  }),
  twoFactor: defineRoute({
    id: 'twoFactor',
    method: 'GET',
    path: apiPaths.twoFactor,
    summary: "The caller's two-factor status and where codes can go",
    access: 'user',
    permissions: [],
    objects: [],
    response: twoFactorOutput,
  }),
  updateTwoFactor: defineRoute({
    id: 'updateTwoFactor',
    method: 'PATCH',
    path: apiPaths.twoFactor,
    summary:
      'Turn two-factor on, off or to another method (a fresh step-up; the app code to enrol)',
    access: 'user',
    permissions: [],
    objects: [],
    stepUp: true,
    body: twoFactorInput,
    response: twoFactorOutput,
    example: { body: { method: 'totp', code: '123456' } },
  }),
  twoFactorAuthenticator: defineRoute({
    id: 'twoFactorAuthenticator',
    method: 'POST',
    path: apiPaths.twoFactorAuthenticator,
    summary: 'A new authenticator secret, pending until a valid code confirms it',
    access: 'user',
    permissions: [],
    objects: [],
    body: emptyInput.nullish(),
    response: authenticatorSecretOutput,
    example: { body: {} },
  }),
  sessions: defineRoute({
    id: 'sessions',
    method: 'GET',
    path: apiPaths.sessions,
    summary: "The caller's signed-in devices",
    access: 'user',
    permissions: [],
    objects: [],
    response: sessionsOutput,
  }),
  endSession: defineRoute({
    id: 'endSession',
    method: 'DELETE',
    path: apiPaths.session,
    summary: 'Sign out one of the caller’s sessions',
    access: 'user',
    permissions: [],
    objects: [{ in: 'params', name: 'sessionid', kind: 'session' }],
    params: sessionParams,
    response: endSessionOutput,
  }),
  endOtherSessions: defineRoute({
    id: 'endOtherSessions',
    method: 'POST',
    path: apiPaths.endOtherSessions,
    summary: 'Sign out every session of the caller but this one',
    access: 'user',
    permissions: [],
    objects: [],
    body: emptyInput.nullish(),
    response: endOtherSessionsOutput,
    example: { body: {} },
  }),
} as const;
