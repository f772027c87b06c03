import { z } from 'zod';
import { apiPaths } from './api-paths';
import { envelope } from './http';
import { REFERRAL_CODE_PATTERN, REFERRAL_STATUSES } from '@outpost/domain/referrals-rules';
import { defineRoute } from './route-contract';

/**
 * Referral rewards (spec 1 sections 6 and 7: the 'referral offer' and 'referrals' calls under
 * /accounts/current/; docs/decisions/020). Both act on the caller's account only.
 */

/** The provider's current offer; null while no offer runs. */
export const referralOfferSchema = z.object({
  headline: z.string(),
  /** What the referrer's account is credited (cents) once the referral qualifies. */
  referrer_credit_cents: z.number().int(),
  /** What the referred person gets off their first bill (cents), applied at sign-up. */
  friend_credit_cents: z.number().int(),
  /** Days the referred service must stay connected before the credit is paid. */
  qualifying_days: z.number().int(),
  terms: z.string(),
  /** When the offer ends (ISO), or null for no end date. */
  ends_at: z.iso.datetime().nullable(),
});
export type ReferralOffer = z.infer<typeof referralOfferSchema>;

/** GET referral offer: everything Get Started shows, in one round trip. */
export const referralOfferOutput = envelope(
  z.object({
    offer: referralOfferSchema.nullable(),
    /** The account's code (made on the first read, the same ever after). */
    code: z.string(),
    /** The provider's sign-up page with the code filled in. */
    share_url: z.string(),
    /** A ready-made message for the share sheet. */
    share_text: z.string(),
  }),
);
export type ReferralOfferData = z.infer<typeof referralOfferOutput>['data'];

export const referralSchema = z.object({
  referralid: z.number().int(),
  /** Given name and surname initial ('Jane C.'). */
  name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** The credit paid (credited) or to be paid (invited, connected), cents. */
  credit_cents: z.number().int(),
  /** When the referral reached its status (ISO): signed up, connected or credited. */
  date: z.iso.datetime(),
});
export type Referral = z.infer<typeof referralSchema>;

/** GET referrals: the account's referrals, newest first. */
export const referralsOutput = envelope(z.array(referralSchema));

/**
 * POST (provider's sign-up system): a new customer signed up with a referral code. The address is
 * the referred service's; it identifies a household (one referral per address, ever).
 */
export const recordReferralInput = z.strictObject({
  code: z.string().trim().toUpperCase().pipe(z.string().regex(REFERRAL_CODE_PATTERN)),
  given_names: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  address: z.strictObject({
    line: z.string().trim().min(1).max(200),
    suburb: z.string().trim().min(1).max(100),
    state: z.string().trim().min(2).max(3),
    postcode: z.string().regex(/^[0-9]{4}$/),
  }),
  accountid: z.number().int().positive().max(2_147_483_647),
  serviceid: z.number().int().positive().max(2_147_483_647),
});
export type RecordReferralInput = z.infer<typeof recordReferralInput>;

export const recordReferralOutput = envelope(
  z.object({
    referralid: z.number().int(),
    status: z.enum(REFERRAL_STATUSES),
    credit_cents: z.number().int(),
  }),
);

/**
 * The sign-up system's call (X-Service-Key). Here rather than in api-paths: the web bundle carries
 * api-paths on every page, and has no use for it.
 */
export const internalReferralsPath = '/api/internal/referrals/';

export const referralsRoutes = {
  referralOffer: defineRoute({
    id: 'referralOffer',
    method: 'GET',
    path: apiPaths.referralOffer,
    summary: "The current referral offer with the account's referral code and share link",
    access: 'user',
    permissions: [],
    objects: [],
    response: referralOfferOutput,
  }),
  referrals: defineRoute({
    id: 'referrals',
    method: 'GET',
    path: apiPaths.referrals,
    summary: "The account's referrals: masked name, status, credit and date",
    access: 'user',
    permissions: ['view-referrals'],
    objects: [],
    response: referralsOutput,
  }),
  internalRecordReferral: defineRoute({
    id: 'internalRecordReferral',
    method: 'POST',
    path: internalReferralsPath,
    summary:
      "Provider's sign-up system: record a referral (refuses a self-referral and an address referred before)",
    access: 'internal',
    permissions: [],
    objects: [],
    body: recordReferralInput,
    response: recordReferralOutput,
    example: {
      body: {
        code: 'ABCD2345',
        given_names: 'Jane',
        surname: 'Cooper',
        address: { line: '7 Emu Street', suburb: 'Barcaldine', state: 'QLD', postcode: '4725' },
        accountid: 100031,
        serviceid: 200131,
      },
    },
  }),
} as const;
