import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type {
  RecordReferralInput,
  Referral,
  ReferralOffer,
  ReferralOfferData,
} from '@outpost/contracts/referrals';
import type { ReferralStatus } from '@outpost/domain/referrals-rules';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  maskReferredName,
} from '@outpost/domain/referrals-rules';
import { formatMoney } from '@outpost/domain/format';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { accounts } from '../../db/accounts.schema';
import { services } from '../services/services.schema';
import { referralAddressKey, referralAddressText } from './referral-address';
import { ownAddressKeys } from './referral-credits';
import { referralsError } from './referrals.errors';
import { referralCodes, referralOffers, referrals } from './referrals.schema';

/** Referral rewards (docs/decisions/020). */

export type ReferralsDeps = {
  db: Db;
  clock: () => Date;
  providerName: string;
  /** The provider's sign-up page; the share link is this with `?ref=CODE`. */
  signUpUrl: string;
};

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/**
 * The account's code, made on the first read. Parallel first reads all insert-or-skip on the
 * account's primary key, so one code wins and every reader answers it; a new code that happens to
 * equal another account's (unique code) is skipped too and another is drawn.
 */
export async function referralCodeFor(
  db: Db,
  accountId: number,
  now: Date,
  makeCode: () => string = newReferralCode,
): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.accountId, accountId));
    if (existing) return existing.code;
    await db
      .insert(referralCodes)
      .values({ accountId, code: makeCode(), createdAt: now })
      .onConflictDoNothing();
  }
  throw new Error(`could not make a referral code for account ${accountId}`);
}

type OfferRow = typeof referralOffers.$inferSelect;

/** The offer running at `now`: the newest that has started and not ended. */
export async function currentOffer(db: Db, now: Date): Promise<OfferRow | undefined> {
  const [offer] = await db
    .select()
    .from(referralOffers)
    .where(
      and(
        lte(referralOffers.startsAt, now),
        or(isNull(referralOffers.endsAt), gt(referralOffers.endsAt, now)),
      ),
    )
    .orderBy(desc(referralOffers.startsAt), desc(referralOffers.id))
    .limit(1);
  return offer;
}

function toOffer(row: OfferRow): ReferralOffer {
  return {
    headline: row.headline,
    referrer_credit_cents: row.referrerCreditCents,
    friend_credit_cents: row.friendCreditCents,
    qualifying_days: row.qualifyingDays,
    terms: row.terms,
    ends_at: row.endsAt ? row.endsAt.toISOString() : null,
  };
}

export function shareUrl(signUpUrl: string, code: string): string {
  const url = new URL(signUpUrl);
  url.searchParams.set('ref', code);
  return url.toString();
}

/** Get Started in one call: the offer, the account's code, the share link and message. */
export async function getReferralOffer(
  deps: ReferralsDeps,
  auth: AuthContext,
): Promise<ReferralOfferData> {
  const now = deps.clock();
  const [offer, code] = await Promise.all([
    currentOffer(deps.db, now),
    referralCodeFor(deps.db, auth.accountId, now),
  ]);
  const url = shareUrl(deps.signUpUrl, code);
  const bonus =
    offer && offer.friendCreditCents > 0
      ? ` and get ${formatMoney(offer.friendCreditCents)} off your first bill`
      : '';
  return {
    offer: offer ? toOffer(offer) : null,
    code,
    share_url: url,
    share_text: `Join me on ${deps.providerName}: sign up with my referral code ${code}${bonus}.`,
  };
}

/** The date a referral reached its status. */
function statusDate(row: {
  status: string;
  createdAt: Date;
  connectedAt: Date | null;
  creditedAt: Date | null;
}): Date {
  if (row.status === 'credited' && row.creditedAt) return row.creditedAt;
  if (row.status === 'connected' && row.connectedAt) return row.connectedAt;
  return row.createdAt;
}

/** The account's referrals, newest first (a referrer has a handful; capped at 500). */
export async function listReferrals(db: Db, auth: AuthContext): Promise<Referral[]> {
  const rows = await db
    .select({
      id: referrals.id,
      given: referrals.referredGivenNames,
      surname: referrals.referredSurname,
      status: referrals.status,
      creditCents: referrals.creditCents,
      createdAt: referrals.createdAt,
      connectedAt: referrals.connectedAt,
      creditedAt: referrals.creditedAt,
    })
    .from(referrals)
    .where(eq(referrals.referrerAccountId, auth.accountId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(500);
  return rows.map((r) => ({
    referralid: r.id,
    name: maskReferredName(r.given, r.surname),
    status: r.status as ReferralStatus,
    credit_cents: r.creditCents,
    date: statusDate(r).toISOString(),
  }));
}

export type RecordedReferral = { referralid: number; status: ReferralStatus; credit_cents: number };

/**
 * The sign-up system records a referral: a new customer used a code. Refused: an unknown code, a
 * self-referral (the code's own account, or one of its service addresses), an address or a
 * service referred before (unique keys, so two parallel records of one address make one).
 */
export async function recordReferral(
  db: Db,
  input: RecordReferralInput,
  now: Date,
): Promise<RecordedReferral> {
  return withTransaction(db, async (tx) => {
    const [owner] = await tx
      .select({ accountId: referralCodes.accountId })
      .from(referralCodes)
      .where(eq(referralCodes.code, input.code));
    if (!owner) throw referralsError('referralCodeUnknown');
    const [service] = await tx
      .select({ id: services.id })
      .from(services)
      .innerJoin(accounts, eq(accounts.id, services.accountId))
      .where(and(eq(services.id, input.serviceid), eq(services.accountId, input.accountid)));
    if (!service) throw referralsError('referralServiceUnknown');
    const addressKey = referralAddressKey(input.address);
    if (
      owner.accountId === input.accountid ||
      (await ownAddressKeys(tx, owner.accountId)).has(addressKey)
    )
      throw referralsError('referralSelf');
    const offer = await currentOffer(tx, now);
    if (!offer) throw referralsError('referralNoOffer');
    const [taken] = await tx
      .select({ address: referrals.addressKey })
      .from(referrals)
      .where(
        or(eq(referrals.addressKey, addressKey), eq(referrals.referredServiceId, input.serviceid)),
      )
      .limit(1);
    if (taken)
      throw referralsError(
        taken.address === addressKey ? 'referralAddressTaken' : 'referralServiceTaken',
      );
    const [row] = await tx
      .insert(referrals)
      .values({
        referrerAccountId: owner.accountId,
        code: input.code,
        offerId: offer.id,
        referredGivenNames: input.given_names,
        referredSurname: input.surname,
        referredAccountId: input.accountid,
        referredServiceId: input.serviceid,
        address: referralAddressText(input.address),
        addressKey,
        status: 'invited',
        creditCents: offer.referrerCreditCents,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: referrals.id });
    // A parallel record of the same address or service committed first.
    if (!row) throw referralsError('referralAddressTaken');
    return { referralid: row.id, status: 'invited', credit_cents: offer.referrerCreditCents };
  });
}
