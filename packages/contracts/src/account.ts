import { z } from 'zod';
import {
  MARKETING_PREFERENCE_ID,
  PREFERENCE_SECTIONS,
  PREFERENCE_TYPES,
} from '@outpost/domain/account-rules';
import { apiPaths } from './api-paths';
import { envelope } from './http';
import { defineRoute } from './route-contract';

/**
 * My Details and Account Preferences (spec 3 sections 3, 4, 5 and 7; docs/decisions/016): the
 * account summary, the caller's own contact, the preferences list. Every route acts on the caller
 * ('current'): no request names another contact or account, so none can reach one.
 */

/** GET user account: the My Details Summary panel. */
export const userAccountSchema = z.object({
  accountid: z.number().int(),
  /** The account holder's name ('Jordan Citizen'). */
  account_holder: z.string(),
  /** How many services the account has (pending and active). */
  services: z.number().int(),
  /** Cents, positive is owing (the billing ledger's balance). */
  balance: z.object({
    amount: z.number().int(),
    status: z.enum(['Owing', 'Paid', 'In Credit']),
  }),
});
export type UserAccount = z.infer<typeof userAccountSchema>;
export const userAccountOutput = envelope(userAccountSchema);

/** GET user contact (spec 3 section 3 "Own contact"): email ({email}) and mobile ({phone}). */
export const ownContactSchema = z.object({
  title: z.string().nullable(),
  given_names: z.string(),
  surname: z.string(),
  email: z.object({ email: z.string().nullable() }),
  mobile: z.object({ phone: z.string().nullable() }),
  date_of_birth: z.string().nullable(),
  account: z.object({ account_holder: z.boolean() }),
  /**
   * A new email or mobile waiting for the code sent to it (decision 035): the old one stays in
   * force until the code is entered. Null when nothing waits.
   */
  pending: z.object({ email: z.string().nullable(), mobile: z.string().nullable() }),
});
export type OwnContact = z.infer<typeof ownContactSchema>;
export const ownContactOutput = envelope(ownContactSchema);

/**
 * PATCH user contact with title, given_names, surname, email, mobile (spec 3 section 7). Title and
 * names are read-only: they may be sent as they are (the form sends them), never changed. Email
 * and mobile are checked by the domain's rules (the form's messages).
 */
export const updateOwnContactInput = z.strictObject({
  title: z.string().max(20).nullish(),
  given_names: z.string().max(100).optional(),
  surname: z.string().max(100).optional(),
  email: z.string().max(254),
  mobile: z.string().max(30),
});
export type UpdateOwnContactInput = z.infer<typeof updateOwnContactInput>;

/** Which address a contact-change code confirms. */
export const contactChangeKind = z.enum(['email', 'mobile']);
export type ContactChangeKind = z.infer<typeof contactChangeKind>;

/** POST user contact verify: the 6-digit code sent to the NEW email or mobile (decision 035). */
export const verifyOwnContactInput = z.strictObject({
  kind: contactChangeKind,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'must be 6 digits'),
});
export type VerifyOwnContactInput = z.infer<typeof verifyOwnContactInput>;

/**
 * Identity changes (docs/decisions/035): the server's words for a change of one's own email or
 * mobile, and for an address that already names another person (never whose it is).
 */

export const selectionOption = z.strictObject({
  value: z.string().max(100),
  selected: z.boolean(),
});
export type SelectionOption = z.infer<typeof selectionOption>;
export const selectionData = z.array(selectionOption).min(1).max(10);
export const toggleData = z.strictObject({ value: z.boolean() });
export const textData = z.strictObject({ value: z.string().max(254) });
export const infoData = z.object({ value: z.string(), change_at: z.string() });

export const preferenceSchema = z.object({
  id: z.number().int(),
  section: z.enum(PREFERENCE_SECTIONS),
  preference: z.string(),
  type: z.enum(PREFERENCE_TYPES),
  data: z.union([selectionData, toggleData, textData, infoData]),
  /** The permissions a contact must all hold to see it. */
  permissions: z.array(z.string()),
});
export type Preference = z.infer<typeof preferenceSchema>;
export const preferencesOutput = envelope(z.array(preferenceSchema));

/** PATCH user preferences: a list of {id, data} (spec 3 section 7); all or nothing. */
export const updatePreferencesInput = z
  .array(
    z.strictObject({
      id: z.number().int().positive().max(2_147_483_647),
      data: z.union([selectionData, toggleData, textData]),
    }),
  )
  .min(1)
  .max(50);
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesInput>;

export const accountRoutes = {
  userAccount: defineRoute({
    id: 'userAccount',
    method: 'GET',
    path: apiPaths.userAccount,
    summary: 'The My Details summary: account id, holder, services count, balance',
    access: 'user',
    permissions: ['view-account'],
    objects: [],
    response: userAccountOutput,
  }),
  ownContact: defineRoute({
    id: 'ownContact',
    method: 'GET',
    path: apiPaths.ownContact,
    summary: "The caller's own contact details",
    access: 'user',
    permissions: [],
    objects: [],
    response: ownContactOutput,
  }),
  updateOwnContact: defineRoute({
    id: 'updateOwnContact',
    method: 'PATCH',
    path: apiPaths.ownContact,
    summary: "Change the caller's own email and mobile (title and names are read-only)",
    access: 'user',
    permissions: [],
    objects: [],
    body: updateOwnContactInput,
    response: ownContactOutput,
    // A new email or mobile is high-risk (decision 035): a fresh step-up, then a code to it.
    stepUp: true,
    example: { body: { email: 'matrix.example@example.com', mobile: '0491570197' } },
  }),
  verifyOwnContact: defineRoute({
    id: 'verifyOwnContact',
    method: 'POST',
    path: apiPaths.ownContactVerify,
    summary: 'Confirm a new email or mobile with the code sent to it; the change then applies',
    access: 'user',
    permissions: [],
    objects: [],
    body: verifyOwnContactInput,
    response: ownContactOutput,
    example: { body: { kind: 'email', code: '123456' } },
  }),
  preferences: defineRoute({
    id: 'preferences',
    method: 'GET',
    path: apiPaths.preferences,
    summary: "The caller's preferences they may see (all of each one's permissions held)",
    access: 'user',
    permissions: [],
    objects: [],
    response: preferencesOutput,
  }),
  updatePreferences: defineRoute({
    id: 'updatePreferences',
    method: 'PATCH',
    path: apiPaths.preferences,
    summary: "Change the caller's preferences: a list of {id, data}, all or nothing",
    access: 'user',
    permissions: [],
    objects: [],
    body: updatePreferencesInput,
    response: preferencesOutput,
    example: { body: [{ id: MARKETING_PREFERENCE_ID, data: { value: true } }] },
  }),
} as const;
