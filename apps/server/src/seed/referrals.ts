import { startOfBusinessDay } from '@outpost/domain/time/zoned';
import { sql } from 'drizzle-orm';
import { DAY_MS } from '@outpost/domain/services';
import type { Db } from '../db/client';
import { accounts } from '../db/accounts.schema';
import { referralAddressKey, referralAddressText } from '../modules/referrals/referral-address';
import { referralCodes, referralOffers, referrals } from '../modules/referrals/referrals.schema';
import { services } from '../modules/services/services.schema';

/**
 * Referral rewards (docs/decisions/020): the running offer, the holder's code and three referrals
 * (one invited, one connected, one credited). The referred customers are accounts of their own
 * (no logins) with one service each. Alex's credit is history: the ledger seed writes it in its
 * place (seven days into the period two back, 30 days after Alex was connected), so the next
 * automatic payment took that much less and every later figure of the holder's ledger is as before.
 */
export const HOLDER_REFERRAL_CODE = 'CZN4W8RD';
export const REFERRAL_CREDIT_CENTS = 5000;
const CREDIT_REASON = 'Referral credit: Alex B. connected';

/** For the holder's ledger seed (seed/ledger.ts): Alex's credit. */
export const holderReferralCredit = {
  periodsBack: 2,
  day: 7,
  cents: REFERRAL_CREDIT_CENTS,
  reason: CREDIT_REASON,
} as const;

const referred = [
  {
    accountId: 100031,
    serviceId: 200131,
    given: 'Jane',
    surname: 'Cooper',
    status: 'pending' as const,
    address: { line: '7 Emu Street', suburb: 'Barcaldine', state: 'QLD', postcode: '4725' },
    abbr: '7 Emu St, Barcaldine QLD',
    signedUpDaysAgo: 6,
    activatedDaysAgo: null,
  },
  {
    accountId: 100032,
    serviceId: 200132,
    given: 'Sam',
    surname: 'Doyle',
    status: 'active' as const,
    address: { line: '41 Galah Road', suburb: 'Winton', state: 'QLD', postcode: '4735' },
    abbr: '41 Galah Rd, Winton QLD',
    signedUpDaysAgo: 24,
    activatedDaysAgo: 10,
  },
  {
    accountId: 100033,
    serviceId: 200133,
    given: 'Alex',
    surname: 'Brennan',
    status: 'active' as const,
    address: { line: '2 Coolibah Drive', suburb: 'Blackall', state: 'QLD', postcode: '4472' },
    abbr: '2 Coolibah Dr, Blackall QLD',
    // The holder's period began 12 days ago: the period two back began 72 days ago, and the
    // credit is seven days into it (holderReferralCredit), 30 days after the connection.
    signedUpDaysAgo: 130,
    activatedDaysAgo: 95,
  },
];

export async function seedReferrals(tx: Db, now: Date): Promise<void> {
  const [offer] = await tx
    .insert(referralOffers)
    .values({
      headline: '$50 credit for you and $50 off for every friend you refer',
      referrerCreditCents: REFERRAL_CREDIT_CENTS,
      friendCreditCents: 5000,
      qualifyingDays: 30,
      terms:
        'Your friend must sign up with your code, at an address where neither of you already has a service with us, and stay connected for 30 days. Your $50 credit then appears on your account and comes off your next bill; your friend gets $50 off their first bill. One referral per address. Credits are not redeemable for cash.',
      startsAt: new Date(now.getTime() - 365 * DAY_MS),
    })
    .returning({ id: referralOffers.id });
  await tx.insert(referralCodes).values({
    accountId: 100001,
    code: HOLDER_REFERRAL_CODE,
    createdAt: startOfBusinessDay(now, 90),
  });

  for (const r of referred) {
    await tx.insert(accounts).values({ id: r.accountId, name: `${r.given} ${r.surname}` });
    await tx.insert(services).values({
      id: r.serviceId,
      accountId: r.accountId,
      type: 'Broadband',
      status: r.status,
      technology: 'Fixed Wireless',
      planId: 32,
      identifier: `AVC000${r.serviceId}000`,
      addrAbbr: r.abbr,
      addrLine: r.address.line,
      addrSuburb: r.address.suburb,
      addrState: r.address.state,
      addrPostcode: r.address.postcode,
      periodStart: startOfBusinessDay(now, r.activatedDaysAgo ?? 0),
      activatedAt: r.activatedDaysAgo === null ? null : startOfBusinessDay(now, r.activatedDaysAgo),
      description: 'Fixed wireless broadband',
    });
    await tx.insert(referrals).values({
      referrerAccountId: 100001,
      code: HOLDER_REFERRAL_CODE,
      offerId: offer!.id,
      referredGivenNames: r.given,
      referredSurname: r.surname,
      referredAccountId: r.accountId,
      referredServiceId: r.serviceId,
      address: referralAddressText(r.address),
      addressKey: referralAddressKey(r.address),
      status: r.activatedDaysAgo === null ? 'invited' : 'connected',
      creditCents: REFERRAL_CREDIT_CENTS,
      createdAt: startOfBusinessDay(now, r.signedUpDaysAgo),
      connectedAt: r.activatedDaysAgo === null ? null : startOfBusinessDay(now, r.activatedDaysAgo),
    });
  }
  // Alex's credit, written by the ledger seed: the referral points at it.
  await tx.execute(sql`update referrals r
      set status = 'credited', credited_at = t.created_at, transaction_id = t.id
     from transactions t
    where t.account_id = 100001 and t.reason = ${CREDIT_REASON}
      and r.referred_account_id = 100033`);
}
