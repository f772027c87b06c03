import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { requiredRef, timestampTz } from '../../db/columns';
import type { Technology } from '@outpost/contracts/services';
import type { ServiceLifeStatus } from '@outpost/domain/services';
import { accounts, users } from '../../db/accounts.schema';

/**
 * The provider's plan catalogue. Quotas MB (null for telephony or unlimited), speeds Kbps,
 * price cents per 30-day period. Custom plans belong to one service and are never selectable.
 */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    technology: text('technology').$type<Technology>().notNull(),
    name: text('name').notNull(),
    peakQuotaMb: integer('peak_quota_mb'),
    offpeakQuotaMb: integer('offpeak_quota_mb'),
    uploadKbps: integer('upload_kbps'),
    downloadKbps: integer('download_kbps'),
    priceCents: integer('price_cents').notNull(),
    unlimited: boolean('unlimited').notNull().default(false),
    isCustom: boolean('is_custom').notNull().default(false),
    /** Marketing label shown on the plan row ('Most popular'). */
    flag: text('flag'),
    selectable: boolean('selectable').notNull().default(true),
    availableNow: boolean('available_now').notNull().default(true),
    availableNext: boolean('available_next').notNull().default(true),
    availableCurrentOnly: boolean('available_current_only').notNull().default(false),
    /** Key Fact Sheet / Critical Information Summary: the document's reference, or null if none. */
    kfsRef: text('kfs_ref'),
    cisRef: text('cis_ref'),
    /** Plain-text summary printed on the documents. */
    summary: text('summary').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('plans_technology_idx').on(t.technology),
    check('plans_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A plan's price from a day on (docs/decisions/055): scheduled ahead by the provider, or set now
 * (a PATCH of the price). The price of a plan at an instant is the latest change in effect then
 * that was not withdrawn, else `plans.price_cents` (the price it was made with): `planPriceAt`.
 * A period is priced at its start, so no job has to run on the day.
 */
export const planPriceChanges = pgTable(
  'plan_price_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    planId: requiredRef('plan_id', () => plans.id),
    priceCents: integer('price_cents').notNull(),
    /** The start of the day (in the provider's zone) it takes effect, or the instant it was set. */
    effectiveAt: timestampTz('effective_at').notNull(),
    createdAt: timestampTz('created_at').notNull(),
    /** Who set it, as the audit names callers: 'staff:ID' or 'key:ID'. */
    createdBy: text('created_by').notNull(),
    /** Withdrawn before it took effect: it never applies. */
    withdrawnAt: timestampTz('withdrawn_at'),
  },
  (t) => [
    index('plan_price_changes_plan_idx').on(t.planId, t.effectiveAt),
    check('plan_price_changes_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** Extra options a plan may carry (static IP, modem rental); price cents per period. */
export const planExtras = pgTable('plan_extras', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
});

/** Which extras each plan offers. */
export const planExtraLinks = pgTable(
  'plan_extra_links',
  {
    planId: requiredRef('plan_id', () => plans.id),
    extraId: requiredRef('extra_id', () => planExtras.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.extraId] })],
);

/**
 * A service on an account: broadband (Sky Muster, Sky Muster Plus, Fixed Wireless) or telephony
 * (Landline, VOIP). Billing periods are 30 days from period_start; the roll-over job moves them on
 * and applies next_plan_id. The flags model what later issues add (barring, options, transfers).
 */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 300001 }),
    accountId: requiredRef('account_id', () => accounts.id),
    type: text('type').$type<'Broadband' | 'Telephony'>().notNull(),
    status: text('status').$type<ServiceLifeStatus>().notNull(),
    technology: text('technology').$type<Technology>().notNull(),
    planId: requiredRef('plan_id', () => plans.id),
    /** The plan from the next period on (a scheduled change, or the revert of 'Current Period Only'). */
    nextPlanId: integer('next_plan_id').references(() => plans.id),
    /** The extras chosen for the next plan. */
    nextOptions: jsonb('next_options').$type<number[]>().notNull().default([]),
    identifier: text('identifier').notNull(),
    nickname: text('nickname'),
    addrAbbr: text('addr_abbr').notNull(),
    addrLine: text('addr_line').notNull(),
    addrSuburb: text('addr_suburb').notNull(),
    addrState: text('addr_state').notNull(),
    addrPostcode: text('addr_postcode').notNull(),
    /** The satellite beam (Sky Muster) or tower (fixed wireless) serving it: network advisories name these. */
    satelliteBeam: text('satellite_beam'),
    towerId: text('tower_id'),
    hasLandlineBarring: boolean('has_landline_barring').notNull().default(false),
    hasLandlineOptions: boolean('has_landline_options').notNull().default(false),
    hasVoipOptions: boolean('has_voip_options').notNull().default(false),
    canOrderNew: boolean('can_ordernew').notNull().default(false),
    canTransfer: boolean('can_transfer').notNull().default(false),
    display: boolean('display').notNull().default(true),
    description: text('description').notNull().default(''),
    periodStart: timestampTz('period_start').notNull(),
    activatedAt: timestampTz('activated_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** The provider's own id of the service, for upserts (decision 051). */
    externalId: text('external_id').unique(),
    /** When the status last changed by the provider's hand (suspend, resume, cancel; decision 052). */
    statusChangedAt: timestampTz('status_changed_at'),
    /** The reason given with the last suspension or cancellation (staff and the API see it). */
    statusReason: text('status_reason'),
    /**
     * The cancellation's time: scheduled while the service is still active or suspended (the
     * start of the day asked for), or when it took effect once cancelled.
     */
    cancelAt: timestampTz('cancel_at'),
  },
  (t) => [
    index('services_account_idx').on(t.accountId),
    index('services_period_start_idx').on(t.periodStart),
    // The staff search (decision 051): any part of an identifier, and a postcode.
    index('services_identifier_trgm_idx')
      .using('gin', sql`${t.identifier} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('services_postcode_idx').on(t.addrPostcode),
    check('services_status', sql`${t.status} in ('pending', 'active', 'suspended', 'cancelled')`),
    // The scheduled cancellations the roll-over job looks for.
    index('services_cancel_at_idx')
      .on(t.cancelAt)
      .where(sql`${t.status} <> 'cancelled' and ${t.cancelAt} is not null`),
    // An identifier is new (createService, the CSV import's checks): one lookup, not a scan of
    // every service (decision 053).
    index('services_identifier_upper_idx').on(sql`upper(${t.identifier})`),
  ],
);

/** The extras a service has now. */
export const serviceExtras = pgTable(
  'service_extras',
  {
    serviceId: requiredRef('service_id', () => services.id),
    extraId: requiredRef('extra_id', () => planExtras.id),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.extraId] })],
);

/**
 * Every plan change asked for and what became of it (docs/decisions/007):
 * when = 'Current Period' | 'Current Period Only' | 'Next Period' | 'Cancel';
 * status = 'applied' | 'scheduled' | 'superseded' | 'cancelled'.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    serviceId: requiredRef('service_id', () => services.id),
    requestedBy: integer('requested_by').references(() => users.id),
    fromPlanId: requiredRef('from_plan_id', () => plans.id),
    toPlanId: requiredRef('to_plan_id', () => plans.id),
    when: text('when').notNull(),
    options: jsonb('options').$type<number[]>().notNull().default([]),
    adjustmentCents: integer('adjustment_cents').notNull().default(0),
    status: text('status').notNull(),
    requestedAt: timestampTz('requested_at').notNull(),
    effectiveAt: timestampTz('effective_at').notNull(),
    appliedAt: timestampTz('applied_at'),
  },
  (t) => [index('plan_changes_service_idx').on(t.serviceId, t.requestedAt)],
);

/** The data-block catalogue; technology null means any broadband technology. */
export const dataBlocks = pgTable('data_blocks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  name: text('name').notNull(),
  technology: text('technology'),
  peakMb: integer('peak_mb').notNull(),
  offpeakMb: integer('offpeak_mb').notNull(),
  priceCents: integer('price_cents').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * A data block bought for a service: its quota counts in the period it was bought in and expires
 * at that period's end. Name, sizes and price are copied so a catalogue change never rewrites
 * history. activated_at is set when the network has applied it.
 */
export const dataBlockPurchases = pgTable(
  'data_block_purchases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 7001 }),
    serviceId: requiredRef('service_id', () => services.id),
    blockId: requiredRef('block_id', () => dataBlocks.id),
    purchasedBy: integer('purchased_by').references(() => users.id),
    name: text('name').notNull(),
    peakMb: integer('peak_mb').notNull(),
    offpeakMb: integer('offpeak_mb').notNull(),
    priceCents: integer('price_cents').notNull(),
    purchasedAt: timestampTz('purchased_at').notNull(),
    periodStart: timestampTz('period_start').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    activatedAt: timestampTz('activated_at'),
  },
  (t) => [index('data_block_purchases_service_idx').on(t.serviceId, t.purchasedAt)],
);
