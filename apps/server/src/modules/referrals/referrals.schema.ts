import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/accounts.schema';
import { transactions } from '../billing/billing.schema';
import { services } from '../services/services.schema';

/**
 * Referral rewards (docs/decisions/020). The provider's offers: the one running now is the newest
 * that has started and not ended. A referral keeps the credit of the offer it was made under.
 */
export const referralOffers = pgTable('referral_offers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  headline: text('headline').notNull(),
  referrerCreditCents: integer('referrer_credit_cents').notNull(),
  friendCreditCents: integer('friend_credit_cents').notNull(),
  /** Days the referred service must stay connected before the referrer is credited. */
  qualifyingDays: integer('qualifying_days').notNull().default(30),
  terms: text('terms').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** One code per account, made on the first read (a unique account and a unique code). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('referral_codes_code_uq').on(t.code)],
);

/**
 * A customer who signed up with a referral code. 'invited' until the referred service is active,
 * 'connected' from then, 'credited' once the referrer's ledger holds the credit (transaction_id,
 * unique: one credit per referral). One referral per address (address_key, normalised) and per
 * referred service.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 610001 }),
    referrerAccountId: integer('referrer_account_id')
      .notNull()
      .references(() => accounts.id),
    code: text('code').notNull(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => referralOffers.id),
    referredGivenNames: text('referred_given_names').notNull(),
    referredSurname: text('referred_surname').notNull(),
    referredAccountId: integer('referred_account_id')
      .notNull()
      .references(() => accounts.id),
    referredServiceId: integer('referred_service_id')
      .notNull()
      .references(() => services.id),
    /** The referred service's address as the sign-up system sent it. */
    address: text('address').notNull(),
    /** The address normalised (referralAddressKey): the same household, however it is written. */
    addressKey: text('address_key').notNull(),
    /** 'invited' | 'connected' | 'credited' */
    status: text('status').notNull().default('invited'),
    creditCents: integer('credit_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    transactionId: integer('transaction_id').references(() => transactions.id),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerAccountId, t.createdAt),
    index('referrals_status_idx').on(t.status),
    uniqueIndex('referrals_address_uq').on(t.addressKey),
    uniqueIndex('referrals_service_uq').on(t.referredServiceId),
    uniqueIndex('referrals_transaction_uq').on(t.transactionId),
    check('referrals_status', sql`${t.status} in ('invited', 'connected', 'credited')`),
    check(
      'referrals_credited_has_transaction',
      sql`(${t.status} = 'credited') = (${t.transactionId} is not null)`,
    ),
  ],
);
