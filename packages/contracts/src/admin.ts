import { z } from 'zod';
import {
  ADJUSTMENT_MAX_CENTS,
  API_KEY_MAX_DAYS,
  API_KEY_SCOPES,
  PRODUCT_IMAGES,
  PRODUCT_TYPES,
  PERSON_LOCKS,
  WEBHOOK_EVENTS,
} from '@outpost/domain/admin-rules';
import { adminPaths } from './api-paths';
import { envelope, errorOutput, idParam, pageOf } from './http';
import { newContactInput } from './contacts';
import {
  availableBlocksOutput,
  availablePlanSchema,
  changePlanPrepareInput,
  changePlanResultSchema,
  purchaseBlockCommitOutput,
  planOptionSchema,
  purchaseBlockPrepareInput,
  serviceStatus,
  serviceType,
  technology,
} from './services';
import { STAFF_ROLE_NAMES } from './staff';
import { attachmentUpload, ticketMessage, ticketParams } from './tickets';
import {
  DESK_VIEWS,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TEAMS,
} from '@outpost/domain/tickets-rules';
import { orderParams, orderRejectReason } from './orders';
import { CANNED_BODY_MAX, CANNED_TITLE_MAX } from '@outpost/domain/tickets-rules-canned';
import { ORDER_KINDS, ORDER_MOVES, ORDER_STATUSES } from '@outpost/domain/orders-rules';
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

/** How deep the customer search pages (a desk that has not found someone by then types more). */
export const SEARCH_MAX_OFFSET = 1000;

/** A list's page (Stripe's way, decision 051): `limit` 1-50, `offset` up to SEARCH_MAX_OFFSET. */
const pageQuery = {
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'must be 1 to 50')
    .transform(Number)
    .pipe(z.number().int().min(1).max(50))
    .optional(),
  /** How many matches to pass over (the next page starts at offset + limit). */
  offset: z
    .string()
    .regex(/^[0-9]{1,4}$/, `must be 0 to ${SEARCH_MAX_OFFSET}`)
    .transform(Number)
    .pipe(z.number().int().min(0).max(SEARCH_MAX_OFFSET))
    .optional(),
};

export const adminAccountsQuery = z.strictObject({
  /**
   * A name, account id, email, mobile, username, service identifier or postcode; without one,
   * every customer, the newest first.
   */
  q: z.string().trim().min(1).max(100).optional(),
  ...pageQuery,
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

/** One allowance this period, in MB (decimal, to the kB): the plan's, the blocks', the whole. */
const adminAllowance = z.object({
  used_mb: z.number(),
  /** null on an unlimited plan (as total_mb and remaining_mb). */
  plan_mb: z.number().int().nullable(),
  blocks_mb: z.number().int(),
  total_mb: z.number().int().nullable(),
  remaining_mb: z.number().nullable(),
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
  /**
   * This period's usage against the allowances, counted as the customer's usage page counts it
   * (`periodAllowances`); null for a phone service or one not measured (pending, cancelled).
   */
  usage: z
    .object({
      period_start: z.iso.datetime(),
      period_end: z.iso.datetime(),
      unlimited: z.boolean(),
      /** 'Peak' for Sky Muster Plus, else 'Anytime': what the first allowance is called. */
      peak_label: z.enum(['Peak', 'Anytime']),
      peak: adminAllowance,
      offpeak: adminAllowance,
      unmetered_mb: z.number(),
    })
    .nullable(),
  /** Data blocks bought in this period, newest first. */
  blocks: z.array(
    z.object({
      purchase_id: z.number().int(),
      name: z.string(),
      peak_mb: z.number().int(),
      offpeak_mb: z.number().int(),
      price_cents: z.number().int(),
      purchased: z.iso.datetime(),
    }),
  ),
  /** A plan change waiting for the next period (a scheduled change, or the way back). */
  next_plan: z
    .object({
      plan: z.string(),
      /** 'Next Period' (a change asked for) or 'Revert' (after 'Current Period Only'). */
      when: z.string(),
      from: z.iso.datetime(),
    })
    .nullable(),
  /** The start of the day a scheduled cancellation takes effect, else null. */
  cancels_on: z.iso.datetime().nullable(),
});

/**
 * A saved way to pay: what identifies it to a person and nothing more (never a gateway id, a
 * whole number or an account name). `default` is the one the billing run debits.
 */
const adminPaymentMethod = z.object({
  kind: z.enum(['card', 'bank']),
  /** The card's brand ('Visa'), or the bank's name. */
  brand: z.string(),
  last4: z.string(),
  /** MM/YY for a card; null for a bank account. */
  expires: z.string().nullable(),
  default: z.boolean(),
});

const adminAccountView = z.object({
  accountid: z.number().int(),
  external_id: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  created: z.iso.datetime(),
  /** Cents: positive owing, negative in credit. */
  balance_cents: z.number().int(),
  contacts: z.array(adminContact),
  services: z.array(adminService),
  payment_methods: z.array(adminPaymentMethod),
});
export type AdminAccountView = z.infer<typeof adminAccountView>;

/**
 * The provider's own id of an object (its billing system's): letters, digits and . _ : - (1 to
 * 100), unique per kind, so a BSS can find and upsert what it made.
 */
export const externalId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or . _ : -');

/**
 * Writes that create take an Idempotency-Key (decision 051): a new random value per new request,
 * the same when retrying it; a repeat answers the first result and does nothing again. Loose: the
 * validated headers replace the request's, and the others must stay.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{8,255}$/, 'must be 8 to 255 printable characters, e.g. a UUID'),
});

/** A new customer: the account and its holder, who is invited to set their own password. */
export const adminAccountInput = z.strictObject({
  external_id: externalId.optional(),
  name: z.string().trim().min(1).max(100),
  holder: newContactInput.omit({ role: true, relationship: true }),
});
export const adminAccountUpsertInput = adminAccountInput.omit({ external_id: true });

export const adminAccountResult = envelope(
  z.object({
    /** false when the external id named an account that was there already (then only updated). */
    created: z.boolean(),
    account: adminAccountView,
  }),
);

const addressInput = z.strictObject({
  line: z.string().trim().min(1).max(100),
  suburb: z.string().trim().min(1).max(60),
  state: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
  postcode: z.string().regex(/^[0-9]{4}$/, 'must be 4 digits'),
});

/** A new service on an account: what the network knows it by, its plan and its address. */
export const adminServiceInput = z.strictObject({
  external_id: externalId.optional(),
  technology,
  plan_id: z.number().int().positive().max(2_147_483_647),
  /** The AVC id (broadband) or the phone number (landline, VoIP). */
  identifier: z.string().regex(/^[A-Za-z0-9]{4,30}$/, 'must be 4 to 30 letters or digits'),
  address: addressInput,
  satellite_beam: z.string().trim().min(1).max(30).optional(),
  tower_id: z.string().trim().min(1).max(30).optional(),
  /** pending until the network says it is ready, or active at once (a migrated service). */
  status: z.enum(['pending', 'active']).optional(),
  /** Its first billing period starts here (default: now). */
  start: z.iso.datetime().optional(),
});

export const adminServiceResult = envelope(
  z.object({
    serviceid: z.number().int(),
    external_id: z.string().nullable(),
    type: serviceType,
    technology,
    status: serviceStatus,
    plan: z.string(),
    identifier: z.string(),
  }),
);

/** Why the provider suspends or cancels a service (kept with the service, never shown to the customer). */
const statusReason = z.string().trim().min(1).max(500);

/**
 * A contact the provider adds to an account: the customer's own form (role, relationship, name,
 * email, mobile, date of birth) and whether to invite them now (default) or leave them to Forgot
 * password (a migration).
 */
export const adminContactInput = newContactInput.extend({ invite: z.boolean().optional() });
export const adminContactResult = envelope(z.object({ userid: z.number().int() }));

export const adminSuspendServiceInput = z.strictObject({ reason: statusReason });

export const adminCancelServiceInput = z.strictObject({
  reason: statusReason,
  /**
   * The day it ends (YYYY-MM-DD in the provider's time zone; today or later, default today). A
   * later day leaves it as it is until that day starts, with the date shown to the customer.
   */
  on: z.iso.date().optional(),
});

/** A service after a suspension, resumption or cancellation. */
export const adminServiceStatusResult = envelope(
  adminServiceResult.shape.data.extend({
    /** The start of the day a scheduled cancellation takes effect, else null. */
    cancels_on: z.iso.datetime().nullable(),
    /** The reason given with the last suspension or cancellation, else null. */
    status_reason: z.string().nullable(),
  }),
);

/**
 * A credit or charge for the account's next invoice (billing; decision 054): the line the
 * customer reads on the invoice, and the amount in cents (a credit lowers what they owe).
 */
export const adminAdjustmentInput = z.strictObject({
  kind: z.enum(['credit', 'charge']),
  amount_cents: z.number().int().min(1).max(ADJUSTMENT_MAX_CENTS),
  /** The invoice line the customer reads, e.g. 'Credit for the outage of 3 March'. */
  description: z.string().trim().min(3).max(120),
});
const adminAdjustment = z.object({
  chargeid: z.number().int(),
  kind: z.string(),
  description: z.string(),
  /** Signed: negative is a credit. */
  amount_cents: z.number().int(),
  created: z.iso.datetime(),
  /** The invoice it went on; null while it waits for the next one. */
  invoice_id: z.number().int().nullable(),
});

/** A contact's lock (decision 054): what it stops, and when it ends by itself. */
const adminContactLock = z.object({
  userid: z.number().int(),
  lock: z.enum(PERSON_LOCKS),
  label: z.string(),
  until: z.iso.datetime(),
});

/**
 * A plan change for a customer (decision 056): the portal's own request (plan, when, options).
 */
export const adminPlanChangeInput = changePlanPrepareInput;

/**
 * The commit's request: the quote's request and, optionally, the pro-rata the quote showed
 * (cents). The pro-rata runs to the millisecond, so a commit a while after its quote can differ by
 * a cent; with `expected_adjustment` such a commit changes nothing and answers 409 with the new
 * figure, so what staff told the customer is what is charged.
 */
export const adminPlanChangeCommitInput = changePlanPrepareInput.extend({
  expected_adjustment: z.number().int().optional(),
});

/** The plans a service may take, as the portal lists them, with their extras and the current ones. */
const adminServicePlans = z.object({
  plans: z.array(availablePlanSchema.extend({ options: z.array(planOptionSchema) })),
  /** The extras the service has now (ids): a change keeps those it names in `options`. */
  current_options: z.array(z.number().int()),
});

/** What a plan change would do: the portal's result, and the plan's price with its options. */
const adminPlanChangeQuote = changePlanResultSchema.extend({
  /** The chosen plan with its options, per period, in cents, from `effective`. */
  monthly_price: z.number().int(),
});

/**
 * What the customer view shows beside the account (decision 054): the ledger's latest entries,
 * invoices, tickets, the contacts' signed-in sessions and the messages sent to them.
 */
const adminAccountActivity = z.object({
  transactions: z.array(
    z.object({
      at: z.iso.datetime(),
      type: z.string(),
      reason: z.string().nullable(),
      status: z.string(),
      /** Signed cents: positive raises what is owed. */
      amount_cents: z.number().int(),
      balance_cents: z.number().int(),
    }),
  ),
  invoices: z.array(
    z.object({
      invoice_id: z.number().int(),
      number: z.string(),
      issued: z.iso.datetime(),
      due: z.iso.datetime(),
      total_cents: z.number().int(),
      status: z.string(),
    }),
  ),
  tickets: z.array(
    z.object({
      ticket_id: z.number().int(),
      subject: z.string(),
      category: z.string(),
      status: z.string(),
      created: z.iso.datetime(),
      updated: z.iso.datetime(),
    }),
  ),
  sessions: z.array(
    z.object({
      userid: z.number().int(),
      contact: z.string(),
      user_agent: z.string().nullable(),
      started: z.iso.datetime(),
      last_used: z.iso.datetime(),
    }),
  ),
  messages: z.array(
    z.object({
      channel: z.string(),
      to: z.string(),
      subject: z.string().nullable(),
      status: z.string(),
      created: z.iso.datetime(),
    }),
  ),
  /** The latest 20 orders (products, call barring, landline options, transfers, new VoIP). */
  orders: z.array(
    z.object({
      order_id: z.number().int(),
      kind: z.string(),
      /** What was ordered, as its ticket says ('Product order: Mesh router'). */
      subject: z.string(),
      /** The service it changes, if any. */
      service: z.string().nullable(),
      status: z.string(),
      /** A one-off price and a monthly charge it adds, in cents. */
      price_cents: z.number().int().nullable(),
      monthly_cents: z.number().int().nullable(),
      ticket_id: z.number().int(),
      created: z.iso.datetime(),
    }),
  ),
  /** The latest 20 callbacks booked, by the time asked for. */
  callbacks: z.array(
    z.object({
      callback_id: z.number().int(),
      contact: z.string(),
      /** The slot asked for (30 minutes from then). */
      slot: z.iso.datetime(),
      /** The team: 'technical' or 'sales'. */
      team: z.string(),
      reason: z.string(),
      phone: z.string(),
      status: z.string(),
      ticket_id: z.number().int(),
    }),
  ),
});

const adminPlan = z.object({
  planid: z.number().int(),
  name: z.string(),
  technology,
  price_cents: z.number().int(),
  selectable: z.boolean(),
  /** Monthly allowances in MB (peak, off-peak); null with `unlimited` or for phone plans. */
  peak_quota_mb: z.number().int().nullable(),
  offpeak_quota_mb: z.number().int().nullable(),
  unlimited: z.boolean(),
  download_kbps: z.number().int().nullable(),
  upload_kbps: z.number().int().nullable(),
  /** The plain-text summary printed on the plan's Key Fact Sheet and CIS. */
  summary: z.string(),
  /** How many services are on it now. */
  services: z.number().int(),
  /** Its scheduled price changes, soonest first (decision 055); `price_cents` is today's. */
  price_changes: z.array(
    z.object({
      changeid: z.number().int(),
      price_cents: z.number().int(),
      /** The day (in the provider's zone) the new price starts. */
      effective: z.iso.date(),
      scheduled: z.iso.datetime(),
      /** The staff member's name, or 'API key' and the key's name. */
      scheduled_by: z.string(),
    }),
  ),
});
export type AdminPlan = z.infer<typeof adminPlan>;

const quotaMb = z.number().int().min(0).max(100_000_000).nullable();
const speedKbps = z.number().int().min(1).max(100_000_000).nullable();

/** A plan for the catalogue (decision 054): what it costs a month, holds and runs at. */
export const adminPlanInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  technology,
  /** Cents a month, GST included. */
  price_cents: z.number().int().min(0).max(100_000_00),
  unlimited: z.boolean().optional(),
  peak_quota_mb: quotaMb.optional(),
  offpeak_quota_mb: quotaMb.optional(),
  download_kbps: speedKbps.optional(),
  upload_kbps: speedKbps.optional(),
  /** Offered to customers choosing a plan (false: kept for the services already on it). */
  selectable: z.boolean().optional(),
  summary: z.string().trim().max(2000).optional(),
});
/** A change to a plan: any of its fields but the technology (services on it keep theirs). */
export const adminPlanUpdateInput = adminPlanInput
  .omit({ technology: true })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

/**
 * A plan's new monthly price from a later day (decision 055): services on the plan pay it from
 * their first billing period starting on or after that day.
 */
export const adminPriceChangeInput = z.strictObject({
  /** Cents a month, GST included. */
  price_cents: z.number().int().min(0).max(100_000_00),
  /** The day the new price starts, in the provider's zone: tomorrow to two years ahead. */
  effective: z.iso.date(),
});

const priceCents = z.number().int().min(0).max(100_000_00);
const atLeastOne = (b: object) => Object.keys(b).length > 0;
const AT_LEAST_ONE = 'give at least one field to change';

const adminExtra = z.object({
  extraid: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Cents a month, billed with the plan in advance. */
  price_cents: z.number().int(),
  /** The plans that offer it. */
  plan_ids: z.array(z.number().int()),
  /** How many services have it now. */
  services: z.number().int(),
});
export type AdminExtra = z.infer<typeof adminExtra>;

/** An extra a plan may carry (static IP, modem rental): what it is, costs, and which plans offer it. */
export const adminExtraInput = z.strictObject({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500),
  price_cents: priceCents,
  plan_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a plan'),
});
export const adminExtraUpdateInput = adminExtraInput.partial().refine(atLeastOne, AT_LEAST_ONE);

const sizeMb = z.number().int().min(0).max(10_000_000);

const adminDataBlock = z.object({
  blockid: z.number().int(),
  name: z.string(),
  /** The one broadband technology it is sold for, or null for any. */
  technology: technology.nullable(),
  peak_mb: z.number().int(),
  offpeak_mb: z.number().int(),
  price_cents: z.number().int(),
  /** Offered to customers (an inactive block is no longer sold; bought ones stay). */
  active: z.boolean(),
  /** The order customers see blocks in (lowest first). */
  sort: z.number().int(),
  /** How many times it has been bought. */
  purchases: z.number().int(),
});
export type AdminDataBlock = z.infer<typeof adminDataBlock>;

/** A data block for the catalogue; a purchase copies its name, sizes and price. */
export const adminDataBlockInput = z.strictObject({
  name: z.string().trim().min(1).max(80),
  technology: technology.nullable(),
  peak_mb: sizeMb,
  offpeak_mb: sizeMb,
  price_cents: priceCents,
  active: z.boolean().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export const adminDataBlockUpdateInput = adminDataBlockInput
  .partial()
  .refine(atLeastOne, AT_LEAST_ONE);

const adminProduct = z.object({
  productid: z.number().int(),
  name: z.string(),
  model: z.string(),
  /** The provider's article number (unique). */
  article: z.string(),
  price_cents: z.number().int(),
  /** The recommended retail price, at least the price. */
  rrp_cents: z.number().int(),
  type: z.enum(PRODUCT_TYPES),
  /** One of the web app's pictures under /products/. */
  image: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

/** A product the portal sells (routers, mesh, handsets); an order copies its price. */
export const adminProductInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(100),
  article: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'must be 1 to 40 letters, digits or . _ -'),
  price_cents: priceCents,
  rrp_cents: priceCents,
  type: z.enum(PRODUCT_TYPES),
  image: z.enum(PRODUCT_IMAGES),
  active: z.boolean().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export const adminProductUpdateInput = adminProductInput.partial().refine(atLeastOne, AT_LEAST_ONE);

/** An example new customer (one email and mobile per person, so each example has its own). */
const exampleCustomer = (email: string, mobile: string) => ({
  name: 'Example Station',
  holder: {
    title: 'Ms' as const,
    given_names: 'Pat',
    surname: 'Example',
    email,
    mobile,
    date_of_birth: '1970-01-01',
  },
});

const webhookEndpoint = z.object({
  endpointid: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created: z.iso.datetime(),
  disabled: z.iso.datetime().nullable(),
});

export const webhookEndpointInput = z.strictObject({
  /** An https address on the public internet (checked again, resolved and pinned, at each send). */
  url: z
    .string()
    .max(500)
    .regex(/^https:\/\/[^\s/?#]+(\/[^\s]*)?$/, 'must be an https address'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .refine((e) => new Set(e).size === e.length, 'must not repeat an event'),
  description: z.string().trim().max(200).optional(),
});

const webhookDelivery = z.object({
  deliveryid: z.number().int(),
  event: z.string(),
  event_id: z.string(),
  status: z.enum(['pending', 'delivered', 'dead']),
  attempts: z.number().int(),
  next_attempt: z.iso.datetime().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered: z.iso.datetime().nullable(),
  created: z.iso.datetime(),
});

const staffMember = z.object({
  staffid: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLE_NAMES),
  active: z.boolean(),
  created: z.iso.datetime(),
  last_sign_in: z.iso.datetime().nullable(),
});

export const staffCreateInput = z.strictObject({
  email: z.email().max(200),
  name: z.string().trim().min(1).max(100),
  role: z.enum(STAFF_ROLE_NAMES),
  /** Chosen by the admin and handed over in person, as `npm run staff -- create` takes it. */
  password: z.string().min(12).max(200),
});

/** A new authenticator secret: the only answer that holds it (to enrol the app once). */
const authenticatorSecret = z.object({ authenticator_secret: z.string(), otpauth: z.string() });

export const staffUpdateInput = z
  .strictObject({ role: z.enum(STAFF_ROLE_NAMES).optional(), active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, 'give role or active');

/** The CSV import's largest file (docs/decisions/053): about 20,000 rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const adminImportQuery = z.strictObject({
  /** true: read and check the file against the database, write nothing. */
  dry_run: z.enum(['true', 'false']).optional(),
  /** true: new holders are sent the invitation to set a password (default false: a migration). */
  invite: z.enum(['true', 'false']).optional(),
});

const importProblem = z.object({
  /** The file's line number (the header is line 1). */
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});

const importRun = z.object({
  /** null for a dry run (nothing is recorded). */
  importid: z.number().int().nullable(),
  dry_run: z.boolean(),
  /** A dry run: valid or invalid; an import: invalid (nothing written), running, failed, done. */
  status: z.enum(['valid', 'invalid', 'running', 'failed', 'done']),
  invite: z.boolean(),
  rows: z.number().int(),
  rows_done: z.number().int(),
  /** What was done (a dry run: what would be). */
  accounts_created: z.number().int(),
  accounts_updated: z.number().int(),
  services_created: z.number().int(),
  services_unchanged: z.number().int(),
  /** Contact rows (row_type contact): contacts added, or there already with that email. */
  contacts_created: z.number().int(),
  contacts_unchanged: z.number().int(),
  problems: z.array(importProblem),
  created: z.iso.datetime().nullable(),
  finished: z.iso.datetime().nullable(),
});
export type AdminImportRun = z.infer<typeof importRun>;

/** The header and one row of a valid file (docs/decisions/053). */
export const EXAMPLE_IMPORT_CSV =
  'account_external_id,account_name,holder_title,holder_first_name,holder_last_name,holder_email,holder_mobile,holder_date_of_birth,service_external_id,technology,plan_id,identifier,address_line,address_suburb,address_state,address_postcode,tower_id,satellite_beam,start_date,status\n' +
  'BSS-7001,Example Station,Ms,Pat,Example,pat.import@example.com,0491570009,1970-01-01,BSS-S-7001,Fixed Wireless,31,AVC000999000777,3 Quarry Road,Tenterfield,NSW,2372,TNT-02,,2026-07-01,active\n';

/**
 * The ticket desk (docs/decisions/057): the queue, a ticket with the customer beside it, and the
 * desk's writes (assign, priority and status, replies, internal notes). Scope `tickets` (support,
 * billing and admin staff; never a key).
 */
const deskTicket = z.object({
  ticketid: z.number().int(),
  /** 'T240001': what the customer quotes. */
  number: z.string(),
  accountid: z.number().int(),
  account_name: z.string(),
  subject: z.string(),
  category: z.string(),
  /** customer, callback, order or service-request. */
  source: z.string(),
  /** The desk's status (New, Open, Stalled, Waiting, Resolved)... */
  status: z.string(),
  /** ...and the one of the spec's four the customer sees (New, In Progress, Attention, Completed). */
  status_label: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  team: z.enum(TICKET_TEAMS).nullable(),
  assignee: z.object({ staffid: z.number().int(), name: z.string() }).nullable(),
  service: z
    .object({ serviceid: z.number().int(), technology: z.string(), identifier: z.string() })
    .nullable(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
  /** When the desk should have answered (by its priority, from when it came to the desk). */
  due: z.iso.datetime(),
  /** Past due and with the desk (not waiting on the customer, not resolved). */
  overdue: z.boolean(),
  /** The ticket this one was merged into as a duplicate (its conversation is there); else null. */
  merged_into: z.number().int().nullable(),
});
export type DeskTicket = z.infer<typeof deskTicket>;

const ticketNote = z.object({
  noteid: z.number().int(),
  staffid: z.number().int(),
  author_name: z.string(),
  body: z.string(),
  created: z.iso.datetime(),
});

const deskTicketView = z.object({
  ticket: deskTicket,
  /** The conversation the customer sees, oldest first. */
  messages: z.array(ticketMessage),
  /** The desk's internal notes, oldest first: never shown to the customer. */
  notes: z.array(ticketNote),
  /** Who the customer is and what they have: the customer view's account (decision 054). */
  customer: adminAccountView,
  /** Open advisories covering one of the customer's services, newest first. */
  advisories: z.array(
    z.object({
      advisoryid: z.number().int(),
      title: z.string(),
      severity: z.string(),
      status: z.string(),
      started: z.iso.datetime(),
      /** 'Affects your service at 12 Wattle Rd' */
      affects: z.string().nullable(),
    }),
  ),
  /** The latest 5 payments of the account's ledger, newest first. */
  payments: z.array(
    z.object({
      at: z.iso.datetime(),
      amount_cents: z.number().int(),
      status: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type DeskTicketView = z.infer<typeof deskTicketView>;

export const deskTicketsQuery = z.strictObject({
  /** A saved view: new, mine (assigned to the caller), unassigned, waiting (on the customer), overdue. */
  view: z.enum(DESK_VIEWS).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  team: z.enum(TICKET_TEAMS).optional(),
  /** A staff member's id, or 'none' for unassigned tickets. */
  assignee: z
    .string()
    .regex(/^([0-9]{1,9}|none)$/, "must be a staff member's id or none")
    .transform((a) => (a === 'none' ? null : Number(a)))
    .optional(),
  /** The technology of the service the ticket is about. */
  technology: technology.optional(),
  /** Opened at least this many days ago. */
  older_than_days: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'must be 0 to 999')
    .transform(Number)
    .optional(),
  limit: adminAccountsQuery.shape.limit,
  offset: adminAccountsQuery.shape.offset,
});

/** Assigning: to whom (null: nobody), and whom the caller saw owning it (null: nobody). */
export const deskAssignInput = z.strictObject({
  assignee: z.number().int().positive().max(2_147_483_647).nullable(),
  expected_assignee: z.number().int().positive().max(2_147_483_647).nullable(),
});

export const deskTicketUpdateInput = z
  .strictObject({
    priority: z.enum(TICKET_PRIORITIES).optional(),
    status: z.enum(TICKET_STATUSES).optional(),
    team: z.enum(TICKET_TEAMS).nullable().optional(),
  })
  .refine(
    (b) => b.priority !== undefined || b.status !== undefined || b.team !== undefined,
    'give priority, status or team',
  );

const deskMessage = z.string().trim().min(1).max(TICKET_MESSAGE_MAX);

export const deskReplyInput = z.strictObject({
  message: deskMessage,
  /** The status it leaves the ticket in (Waiting asks the customer); a New ticket becomes Open. */
  status: z.enum(TICKET_STATUSES).optional(),
  /**
   * The newest reply the staff member saw: when a newer one was added since, nothing is sent and
   * the answer is 409, so they read it first.
   */
  after_reply_id: z.number().int().positive().max(2_147_483_647).optional(),
  /** A photo or a PDF, by the customer's upload rules (5 MB, its type read from its content). */
  attachment: attachmentUpload.optional(),
});

const deskReplyResult = z.object({
  ticketid: z.number().int(),
  status: z.string(),
  status_label: z.string(),
  message: ticketMessage,
});

export const deskNoteInput = z.strictObject({ body: deskMessage });

/** Merging a duplicate: the ticket of the same account that carries on. */
export const deskMergeInput = z.strictObject({
  into: z.number().int().positive().max(2_147_483_647),
});

const deskMergeResult = z.object({
  /** The duplicate, now resolved, its conversation moved. */
  merged: deskTicket,
  /** The ticket it was merged into. */
  into: deskTicket,
  /** What moved: messages, attachments and internal notes. */
  moved: z.object({
    messages: z.number().int(),
    attachments: z.number().int(),
    notes: z.number().int(),
  }),
});

// ---- Canned replies (docs/decisions/057)

export const cannedParams = z.strictObject({ cannedid: idParam });
export const ticketCannedParams = z.strictObject({ ticketid: idParam, cannedid: idParam });

/** A canned reply's text: its placeholders are checked by cannedReplyProblem (else 400 saying which). */
export const cannedReplyInput = z.strictObject({
  title: z.string().trim().min(1).max(CANNED_TITLE_MAX),
  body: z.string().trim().min(1).max(CANNED_BODY_MAX),
});
export const cannedReplyUpdateInput = cannedReplyInput
  .partial()
  .refine((b) => b.title !== undefined || b.body !== undefined, 'give title or body');

const cannedReply = z.object({
  cannedid: z.number().int(),
  title: z.string(),
  body: z.string(),
  updated: z.iso.datetime(),
  updated_by: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;

const cannedReplyList = z.object({
  data: z.array(cannedReply),
  /** The placeholders a text may use ('customer.first_name'), each with what it is filled with. */
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
});

const cannedRendered = z.object({
  cannedid: z.number().int(),
  ticketid: z.number().int(),
  title: z.string(),
  /** The text with this ticket's values filled in: what goes into the reply box. */
  text: z.string(),
});

/** What the desk is told (docs/decisions/060): a new ticket, callback, order or request, or a customer's reply. */
export const DESK_NOTICE_KINDS = [
  'ticket',
  'callback',
  'order',
  'service-request',
  'reply',
] as const;

const deskNotice = z.object({
  id: z.number().int(),
  ticketid: z.number().int(),
  /** 'T240001'. */
  number: z.string(),
  team: z.enum(TICKET_TEAMS).nullable(),
  kind: z.enum(DESK_NOTICE_KINDS),
  /** 'New ticket', 'The customer replied', ... */
  label: z.string(),
  subject: z.string(),
  /** The account's name. */
  customer: z.string(),
  created_at: z.iso.datetime(),
});
export type DeskNotice = z.infer<typeof deskNotice>;

/**
 * Whom a ticket can be given to (docs/decisions/057): the active staff members whose role holds
 * `desk`, by name. Read by anyone at the desk (the staff list itself needs `staff`).
 */
const deskAssignee = z.object({
  staffid: z.number().int(),
  name: z.string(),
  role: z.enum(STAFF_ROLE_NAMES),
});
export type DeskAssignee = z.infer<typeof deskAssignee>;

export const deskNoticesQuery = z.strictObject({
  /** Only notices after this id (the newest the console has seen). */
  after: z
    .string()
    .regex(/^[0-9]{1,9}$/, "must be a notice's id")
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'must be 1 to 50')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 50, 'must be 1 to 50')
    .default(20),
});

// ---- The orders queue (docs/decisions/058)

/** The queue's kinds: a product order, or a telephony one (call barring, options, transfers, new VoIP). */
export const ORDER_QUEUE_KINDS = ['product', 'telephony'] as const;

/** `waiting` (received or in-progress, the default) or one status. */
export const adminOrdersQuery = z.strictObject({
  status: z.enum(['waiting', ...ORDER_STATUSES]).optional(),
  kind: z.enum(ORDER_QUEUE_KINDS).optional(),
  ...pageQuery,
});

const adminOrderSummary = z.object({
  orderid: z.number().int(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** What was ordered, as its ticket says ('Product order: Mesh router'). */
  subject: z.string(),
  account: z.object({ accountid: z.number().int(), name: z.string() }),
  /** The service it was ordered on or changes. */
  service: z.object({ serviceid: z.number().int(), identifier: z.string() }).nullable(),
  ticket_id: z.number().int(),
  /** A one-off price and a monthly charge it adds, in cents. */
  price_cents: z.number().int().nullable(),
  monthly_cents: z.number().int().nullable(),
  created: z.iso.datetime(),
  /** When it last moved (its creation until then). */
  updated: z.iso.datetime(),
});

const adminOrderView = adminOrderSummary.extend({
  /** What was asked, as the order kind's payload (a voicemail PIN included: the network sets it). */
  payload: z.unknown(),
  /** The terms the customer agreed to, as typed, and when (a landline transfer); else null. */
  agreement: z.object({ text: z.string(), agreed_at: z.iso.datetime() }).nullable(),
  /** Why it was rejected (the customer was told); null unless rejected. */
  reason: z.string().nullable(),
  ticket: z.object({
    ticket_id: z.number().int(),
    number: z.string(),
    status: z.string(),
  }),
  account: z.object({
    accountid: z.number().int(),
    name: z.string(),
    external_id: z.string().nullable(),
  }),
  service: z
    .object({
      serviceid: z.number().int(),
      identifier: z.string(),
      technology: z.string(),
      status: z.string(),
      external_id: z.string().nullable(),
    })
    .nullable(),
  /** The contact who placed it. */
  ordered_by: z.object({ userid: z.number().int(), name: z.string() }),
});
export type AdminOrderView = z.infer<typeof adminOrderView>;

/** A move (decision 058): `reason` with `rejected` only, and needed there. */
export const adminOrderMoveInput = z.strictObject({
  status: z.enum(ORDER_MOVES),
  reason: orderRejectReason.optional(),
});

const keyIdParams = z.strictObject({ keyid: idParam });
const staffIdParams = z.strictObject({ staffid: idParam });
const ticketAttachmentParams = z.strictObject({ ticketid: idParam, attachmentid: idParam });
const accountServiceParams = z.strictObject({ accountid: idParam, serviceid: idParam });
const endpointIdParams = z.strictObject({ endpointid: idParam });
const deliveryIdParams = z.strictObject({ deliveryid: idParam });
const externalIdParams = z.strictObject({ external_id: externalId });
const accountIdParams = z.strictObject({ accountid: idParam });
const accountContactParams = z.strictObject({ accountid: idParam, userid: idParam });
const accountInvoiceParams = z.strictObject({ accountid: idParam, invoiceid: idParam });
const planIdParams = z.strictObject({ planid: idParam });
const planChangeParams = z.strictObject({ planid: idParam, changeid: idParam });
const extraIdParams = z.strictObject({ extraid: idParam });
const blockIdParams = z.strictObject({ blockid: idParam });
const productIdParams = z.strictObject({ productid: idParam });
const importIdParams = z.strictObject({ importid: idParam });

export const adminRoutes = {
  adminListApiKeys: defineRoute({
    id: 'adminListApiKeys',
    method: 'GET',
    path: adminPaths.adminApiKeys,
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
    path: adminPaths.adminApiKeys,
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
    path: adminPaths.adminApiKey,
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
    path: adminPaths.adminAccounts,
    summary:
      'Find customers by name, account id, email, mobile, username, service or postcode (without q, the newest customers); a page at a time',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    querystring: adminAccountsQuery,
    response: pageOf(accountMatch),
    example: { querystring: { q: 'Harper' } },
  }),
  adminAccount: defineRoute({
    id: 'adminAccount',
    method: 'GET',
    path: adminPaths.adminAccount,
    summary: 'A customer: the account, its contacts and its services',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountIdParams,
    response: envelope(adminAccountView),
    example: { params: { accountid: '100001' } },
  }),
  adminCreateAccount: defineRoute({
    id: 'adminCreateAccount',
    method: 'POST',
    path: adminPaths.adminAccounts,
    summary: 'A new customer: the account and its holder, invited by email to set a password',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    headers: idempotencyHeaders,
    body: adminAccountInput,
    response: adminAccountResult,
    example: { body: exampleCustomer('pat.example@example.com', '0491570006') },
  }),
  adminUpsertAccount: defineRoute({
    id: 'adminUpsertAccount',
    method: 'PUT',
    path: adminPaths.adminAccountByExternalId,
    summary:
      "Create or update the customer the provider's external id names (the holder on create only)",
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: externalIdParams,
    body: adminAccountUpsertInput,
    response: adminAccountResult,
    example: {
      params: { external_id: 'BSS-1001' },
      body: exampleCustomer('pat.upsert@example.com', '0491570007'),
    },
  }),
  adminAddContact: defineRoute({
    id: 'adminAddContact',
    method: 'POST',
    path: adminPaths.adminAccountContacts,
    summary:
      'A new contact on a customer account (Invited; emailed a link to set a password unless invite is false)',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountIdParams,
    headers: idempotencyHeaders,
    body: adminContactInput,
    response: adminContactResult,
    example: {
      params: { accountid: '100003' },
      body: {
        role: 'Billing Contact',
        relationship: 'Bookkeeper',
        title: 'Ms',
        given_names: 'Dana',
        surname: 'Example',
        email: 'dana.example@example.com',
        mobile: '0491570007',
        date_of_birth: '1980-05-01',
      },
    },
  }),
  adminCreateService: defineRoute({
    id: 'adminCreateService',
    method: 'POST',
    path: adminPaths.adminAccountServices,
    summary: 'A new service on a customer account (pending unless said active)',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountIdParams,
    headers: idempotencyHeaders,
    body: adminServiceInput,
    response: adminServiceResult,
    example: {
      params: { accountid: '100003' },
      body: {
        technology: 'Fixed Wireless',
        plan_id: 31,
        identifier: 'AVC000999000111',
        address: { line: '3 Quarry Road', suburb: 'Tenterfield', state: 'NSW', postcode: '2372' },
        tower_id: 'TNT-02',
      },
    },
  }),
  adminActivateService: defineRoute({
    id: 'adminActivateService',
    method: 'POST',
    path: adminPaths.adminActivateService,
    summary:
      'Activate a pending service (the network says it is ready): its first period starts now',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    response: adminServiceResult,
    example: { params: { accountid: '100001', serviceid: '200102' } },
  }),
  adminSuspendService: defineRoute({
    id: 'adminSuspendService',
    method: 'POST',
    path: adminPaths.adminSuspendService,
    summary:
      'Suspend an active service: the customer still sees it, its usage and bills, but buys no data blocks and changes no plan for it',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    headers: idempotencyHeaders,
    body: adminSuspendServiceInput,
    response: adminServiceStatusResult,
    example: {
      params: { accountid: '100001', serviceid: '200101' },
      body: { reason: 'Unpaid invoices over 60 days' },
    },
  }),
  adminResumeService: defineRoute({
    id: 'adminResumeService',
    method: 'POST',
    path: adminPaths.adminResumeService,
    summary: 'Resume a suspended service: it is active again',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    headers: idempotencyHeaders,
    response: adminServiceStatusResult,
    example: { params: { accountid: '100001', serviceid: '200101' } },
  }),
  adminCancelService: defineRoute({
    id: 'adminCancelService',
    method: 'POST',
    path: adminPaths.adminCancelService,
    summary:
      'Cancel a service today or from a later day (its scheduled plan changes end); only its history and invoices stay',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    headers: idempotencyHeaders,
    body: adminCancelServiceInput,
    response: adminServiceStatusResult,
    example: {
      params: { accountid: '100001', serviceid: '200101' },
      body: { reason: 'Customer moved away', on: '2031-07-01' },
    },
  }),
  adminResendInvitation: defineRoute({
    id: 'adminResendInvitation',
    method: 'POST',
    path: adminPaths.adminResendInvitation,
    summary:
      'Send an invited contact a new invitation link (7 days); the earlier link stops working',
    access: 'admin',
    adminScope: 'desk',
    permissions: [],
    objects: [],
    params: accountContactParams,
    response: envelope(z.object({ sent_to: z.string(), expires: z.iso.datetime() })),
    example: { params: { accountid: '100001', userid: '5001' } },
  }),
  adminEndContactSessions: defineRoute({
    id: 'adminEndContactSessions',
    method: 'POST',
    path: adminPaths.adminEndContactSessions,
    summary: 'End every session of a contact (a lost phone): they sign in again',
    access: 'admin',
    adminScope: 'desk',
    permissions: [],
    objects: [],
    params: accountContactParams,
    response: envelope(z.object({ ended: z.number().int() })),
    example: { params: { accountid: '100001', userid: '5001' } },
  }),
  adminContactLocks: defineRoute({
    id: 'adminContactLocks',
    method: 'GET',
    path: adminPaths.adminContactLocks,
    summary:
      "The account's contacts locked out for a while (too many tries), what each lock stops and until when",
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountIdParams,
    response: envelope(z.array(adminContactLock)),
    example: { params: { accountid: '100001' } },
  }),
  adminClearContactLock: defineRoute({
    id: 'adminClearContactLock',
    method: 'POST',
    path: adminPaths.adminClearContactLock,
    summary:
      "Clear a contact's locks (sign-in, access recovery, codes) so they may try again; never another person's",
    access: 'admin',
    adminScope: 'desk',
    permissions: [],
    objects: [],
    params: accountContactParams,
    response: envelope(z.object({ cleared: z.array(z.enum(PERSON_LOCKS)) })),
    example: { params: { accountid: '100001', userid: '5001' } },
  }),
  adminServicePlans: defineRoute({
    id: 'adminServicePlans',
    method: 'GET',
    path: adminPaths.adminServicePlans,
    summary: 'The plans the customer could choose for the service, as their portal lists them',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    response: envelope(adminServicePlans),
    example: { params: { accountid: '100001', serviceid: '200102' } },
  }),
  adminPlanChangeQuote: defineRoute({
    id: 'adminPlanChangeQuote',
    method: 'POST',
    path: adminPaths.adminPlanChangeQuote,
    summary:
      "What a plan change for the customer would do now (plan, when, price, pro-rata), with the portal's refusals; changes nothing",
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    body: adminPlanChangeInput,
    response: envelope(adminPlanChangeQuote),
    example: {
      params: { accountid: '100001', serviceid: '200102' },
      body: { planid: 33, when: 'Next Period', options: [] },
    },
  }),
  adminPlanChange: defineRoute({
    id: 'adminPlanChange',
    method: 'POST',
    path: adminPaths.adminPlanChange,
    summary:
      "Change the customer's plan for them, exactly as their portal would (pro-rata onto the next invoice; plan.changed)",
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    headers: idempotencyHeaders,
    body: adminPlanChangeCommitInput,
    response: envelope(changePlanResultSchema),
    example: {
      params: { accountid: '100001', serviceid: '200102' },
      body: { planid: 33, when: 'Next Period', options: [] },
    },
  }),
  adminServiceBlocks: defineRoute({
    id: 'adminServiceBlocks',
    method: 'GET',
    path: adminPaths.adminServiceBlocks,
    summary: 'The data blocks the customer could buy for the service, as their portal lists them',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    response: availableBlocksOutput,
    example: { params: { accountid: '100001', serviceid: '200102' } },
  }),
  adminBuyBlock: defineRoute({
    id: 'adminBuyBlock',
    method: 'POST',
    path: adminPaths.adminServiceBlocks,
    summary:
      'Buy a data block for the customer, exactly as their portal would (onto the next invoice; data_block.purchased)',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: accountServiceParams,
    headers: idempotencyHeaders,
    body: purchaseBlockPrepareInput,
    response: purchaseBlockCommitOutput,
    example: { params: { accountid: '100001', serviceid: '200102' }, body: { dbid: 1 } },
  }),
  adminAccountActivity: defineRoute({
    id: 'adminAccountActivity',
    method: 'GET',
    path: adminPaths.adminAccountActivity,
    summary:
      "A customer's latest activity: ledger entries, invoices, tickets, signed-in sessions and messages sent",
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountIdParams,
    response: envelope(adminAccountActivity),
    example: { params: { accountid: '100001' } },
  }),
  adminInvoicePdf: defineRoute({
    id: 'adminInvoicePdf',
    method: 'GET',
    path: adminPaths.adminInvoicePdf,
    summary:
      "One of the customer's tax invoices as a PDF, the one the customer downloads (another account's invoice is 404)",
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountInvoiceParams,
    response: errorOutput,
    produces: 'application/pdf',
    example: { params: { accountid: '100001', invoiceid: '1' } },
  }),
  adminOrders: defineRoute({
    id: 'adminOrders',
    method: 'GET',
    path: adminPaths.adminOrders,
    summary:
      'The orders queue: product and telephony orders, those waiting the oldest first (those done the latest first); a page at a time',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    querystring: adminOrdersQuery,
    response: pageOf(adminOrderSummary),
    example: { querystring: { status: 'waiting', kind: 'product' } },
  }),
  adminOrder: defineRoute({
    id: 'adminOrder',
    method: 'GET',
    path: adminPaths.adminOrder,
    summary:
      'An order: its payload, the agreement the customer typed and when, its ticket, the account and the service',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: orderParams,
    response: envelope(adminOrderView),
    example: { params: { orderid: '1' } },
  }),
  adminMoveOrder: defineRoute({
    id: 'adminMoveOrder',
    method: 'POST',
    path: adminPaths.adminMoveOrder,
    summary:
      'Move an order on (in-progress, completed, or rejected with a reason): its ticket follows and the customer is emailed',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: orderParams,
    headers: idempotencyHeaders,
    body: adminOrderMoveInput,
    response: envelope(adminOrderView),
    example: { params: { orderid: '1' }, body: { status: 'in-progress' } },
  }),
  adminPackingSlip: defineRoute({
    id: 'adminPackingSlip',
    method: 'GET',
    path: adminPaths.adminPackingSlip,
    summary:
      "A product order's packing slip as a PDF: ship-to name and address, article numbers, quantities, order number and date",
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: orderParams,
    response: errorOutput,
    produces: 'application/pdf',
    example: { params: { orderid: '1' } },
  }),
  adminListAdjustments: defineRoute({
    id: 'adminListAdjustments',
    method: 'GET',
    path: adminPaths.adminAdjustments,
    summary:
      "The account's charges and credits, newest first: those waiting for the next invoice and those billed",
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    params: accountIdParams,
    response: envelope(z.array(adminAdjustment)),
    example: { params: { accountid: '100001' } },
  }),
  adminAddAdjustment: defineRoute({
    id: 'adminAddAdjustment',
    method: 'POST',
    path: adminPaths.adminAdjustments,
    summary: 'A credit or charge with its reason, onto the next invoice (billing)',
    access: 'admin',
    adminScope: 'billing',
    permissions: [],
    objects: [],
    params: accountIdParams,
    headers: idempotencyHeaders,
    body: adminAdjustmentInput,
    response: envelope(adminAdjustment),
    example: {
      params: { accountid: '100001' },
      body: { kind: 'credit', amount_cents: 1500, description: 'Credit for the outage of 3 March' },
    },
  }),
  adminPlans: defineRoute({
    id: 'adminPlans',
    method: 'GET',
    path: adminPaths.adminPlans,
    summary: 'The plans a service may be given, by technology',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    response: envelope(z.array(adminPlan)),
  }),
  adminCreatePlan: defineRoute({
    id: 'adminCreatePlan',
    method: 'POST',
    path: adminPaths.adminPlans,
    summary: 'A new plan in the catalogue: its technology, monthly price, allowances and speeds',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    body: adminPlanInput,
    response: envelope(adminPlan),
    example: {
      body: {
        name: 'Fixed Wireless 50/20 Unlimited',
        technology: 'Fixed Wireless',
        price_cents: 8900,
        unlimited: true,
        download_kbps: 50000,
        upload_kbps: 20000,
      },
    },
  }),
  adminUpdatePlan: defineRoute({
    id: 'adminUpdatePlan',
    method: 'PATCH',
    path: adminPaths.adminPlan,
    summary:
      'Change a plan: its name, price, allowances, speeds, summary, or whether it is offered',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: planIdParams,
    body: adminPlanUpdateInput,
    response: envelope(adminPlan),
    example: { params: { planid: '1000' }, body: { selectable: true } },
  }),
  adminSchedulePriceChange: defineRoute({
    id: 'adminSchedulePriceChange',
    method: 'POST',
    path: adminPaths.adminPlanPriceChanges,
    summary:
      "Schedule a plan's new monthly price from a later day; services on it pay it from their first period starting that day or later",
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: planIdParams,
    headers: idempotencyHeaders,
    body: adminPriceChangeInput,
    response: envelope(adminPlan),
    example: { params: { planid: '1000' }, body: { price_cents: 9400, effective: '2027-07-01' } },
  }),
  adminWithdrawPriceChange: defineRoute({
    id: 'adminWithdrawPriceChange',
    method: 'DELETE',
    path: adminPaths.adminPlanPriceChange,
    summary: 'Withdraw a scheduled price change before its day (it never applies)',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: planChangeParams,
    response: envelope(adminPlan),
    example: { params: { planid: '1000', changeid: '1000' } },
  }),
  adminExtras: defineRoute({
    id: 'adminExtras',
    method: 'GET',
    path: adminPaths.adminExtras,
    summary: 'The extras plans may offer (static IP, modem rental), with the plans that offer each',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    response: envelope(z.array(adminExtra)),
  }),
  adminCreateExtra: defineRoute({
    id: 'adminCreateExtra',
    method: 'POST',
    path: adminPaths.adminExtras,
    summary: 'A new extra: its name, description, monthly price and the plans that offer it',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    headers: idempotencyHeaders,
    body: adminExtraInput,
    response: envelope(adminExtra),
    example: {
      body: {
        name: 'Backup 4G link',
        description: 'A 4G link that takes over when the satellite is down.',
        price_cents: 1500,
        plan_ids: [21, 22],
      },
    },
  }),
  adminUpdateExtra: defineRoute({
    id: 'adminUpdateExtra',
    method: 'PATCH',
    path: adminPaths.adminExtra,
    summary:
      'Change an extra: its name, description, monthly price (from the next invoice) or the plans that offer it',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: extraIdParams,
    body: adminExtraUpdateInput,
    response: envelope(adminExtra),
    example: { params: { extraid: '101' }, body: { price_cents: 1100 } },
  }),
  adminDataBlocks: defineRoute({
    id: 'adminDataBlocks',
    method: 'GET',
    path: adminPaths.adminDataBlocks,
    summary: 'The data blocks customers may buy, by technology or for any broadband',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    response: envelope(z.array(adminDataBlock)),
  }),
  adminCreateDataBlock: defineRoute({
    id: 'adminCreateDataBlock',
    method: 'POST',
    path: adminPaths.adminDataBlocks,
    summary: 'A new data block: its technology (or any), peak and off-peak sizes, price and order',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    headers: idempotencyHeaders,
    body: adminDataBlockInput,
    response: envelope(adminDataBlock),
    example: {
      body: {
        name: 'Data Block 50 GB',
        technology: null,
        peak_mb: 50000,
        offpeak_mb: 0,
        price_cents: 8500,
        sort: 5,
      },
    },
  }),
  adminUpdateDataBlock: defineRoute({
    id: 'adminUpdateDataBlock',
    method: 'PATCH',
    path: adminPaths.adminDataBlock,
    summary:
      'Change a data block: a new price applies to purchases from then on; inactive is no longer sold',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: blockIdParams,
    body: adminDataBlockUpdateInput,
    response: envelope(adminDataBlock),
    example: { params: { blockid: '1' }, body: { active: true } },
  }),
  adminProducts: defineRoute({
    id: 'adminProducts',
    method: 'GET',
    path: adminPaths.adminProducts,
    summary: 'The products the portal sells (routers, mesh, handsets), active or not',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    response: envelope(z.array(adminProduct)),
  }),
  adminCreateProduct: defineRoute({
    id: 'adminCreateProduct',
    method: 'POST',
    path: adminPaths.adminProducts,
    summary: 'A new product: name, model, article, price, RRP, type and picture',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    headers: idempotencyHeaders,
    body: adminProductInput,
    response: envelope(adminProduct),
    example: {
      body: {
        name: 'Wi-Fi 7 Router',
        model: 'Outpost BE5000',
        article: 'OP-RT-BE5000',
        price_cents: 29900,
        rrp_cents: 34900,
        type: 'router',
        image: '/products/router-ax3000.webp',
      },
    },
  }),
  adminUpdateProduct: defineRoute({
    id: 'adminUpdateProduct',
    method: 'PATCH',
    path: adminPaths.adminProduct,
    summary:
      'Change a product: a new price applies to orders from then on; inactive is no longer sold',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: productIdParams,
    body: adminProductUpdateInput,
    response: envelope(adminProduct),
    example: { params: { productid: '1' }, body: { active: true } },
  }),
  adminImport: defineRoute({
    id: 'adminImport',
    method: 'POST',
    path: adminPaths.adminImports,
    summary:
      'Import accounts, holders and services from a CSV file (text/csv, one row per service); dry_run=true only checks it; 202 when queued',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    querystring: adminImportQuery,
    // Required for an import, not for a dry run (the handler says so): a dry run writes nothing.
    headers: idempotencyHeaders.partial(),
    consumes: 'text/csv',
    body: z.string().max(IMPORT_MAX_BYTES),
    response: envelope(importRun),
    // More than IMPORT_SYNC_ROWS rows: 202, the run queued for the job; GET follows it.
    accepted: true,
    example: { body: EXAMPLE_IMPORT_CSV },
  }),
  adminImportRun: defineRoute({
    id: 'adminImportRun',
    method: 'GET',
    path: adminPaths.adminImport,
    summary: "A CSV import's progress and result: rows done, what was created, its problems",
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: importIdParams,
    response: envelope(importRun),
    example: { params: { importid: '1' } },
  }),
  adminListWebhooks: defineRoute({
    id: 'adminListWebhooks',
    method: 'GET',
    path: adminPaths.adminWebhooks,
    summary: 'Webhook endpoints, newest first (never their secrets)',
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    response: envelope(z.array(webhookEndpoint)),
  }),
  adminCreateWebhook: defineRoute({
    id: 'adminCreateWebhook',
    method: 'POST',
    path: adminPaths.adminWebhooks,
    summary: 'A new webhook endpoint; its signing secret is in this answer only',
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    body: webhookEndpointInput,
    response: envelope(webhookEndpoint.extend({ secret: z.string() })),
    example: {
      body: { url: 'https://bss.example.net/outpost/events', events: ['data_block.purchased'] },
    },
  }),
  adminDisableWebhook: defineRoute({
    id: 'adminDisableWebhook',
    method: 'DELETE',
    path: adminPaths.adminWebhook,
    summary: 'Switch a webhook endpoint off: nothing more is sent to it',
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    params: endpointIdParams,
    response: envelope(webhookEndpoint),
    example: { params: { endpointid: '1' } },
  }),
  adminWebhookDeliveries: defineRoute({
    id: 'adminWebhookDeliveries',
    method: 'GET',
    path: adminPaths.adminWebhookDeliveries,
    summary: "An endpoint's latest deliveries: status, attempts, the last answer or error",
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    params: endpointIdParams,
    response: envelope(z.array(webhookDelivery)),
    example: { params: { endpointid: '1' } },
  }),
  adminRetryWebhookDelivery: defineRoute({
    id: 'adminRetryWebhookDelivery',
    method: 'POST',
    path: adminPaths.adminWebhookDeliveryRetry,
    summary: 'Send a delivery again (a dead one too) at the next run',
    access: 'admin',
    adminScope: 'keys',
    permissions: [],
    objects: [],
    params: deliveryIdParams,
    response: envelope(z.object({ queued: z.literal(true) })),
    example: { params: { deliveryid: '1' } },
  }),
  adminListStaff: defineRoute({
    id: 'adminListStaff',
    method: 'GET',
    path: adminPaths.adminStaff,
    summary: 'Staff members by name: role, active, last sign-in',
    access: 'admin',
    adminScope: 'staff',
    permissions: [],
    objects: [],
    response: envelope(z.array(staffMember)),
  }),
  adminCreateStaff: defineRoute({
    id: 'adminCreateStaff',
    method: 'POST',
    path: adminPaths.adminStaff,
    summary: 'A new staff member; their authenticator secret is in this answer only',
    access: 'admin',
    adminScope: 'staff',
    permissions: [],
    objects: [],
    body: staffCreateInput,
    response: envelope(staffMember.extend(authenticatorSecret.shape)),
    example: {
      body: {
        email: 'new.desk@outpost.example',
        name: 'New Desk',
        role: 'support',
        password: 'A-long-passphrase-1',
      },
    },
  }),
  adminUpdateStaff: defineRoute({
    id: 'adminUpdateStaff',
    method: 'PATCH',
    path: adminPaths.adminStaffMember,
    summary: "Change a staff member's role, or switch them off (their sessions end) or on",
    access: 'admin',
    adminScope: 'staff',
    permissions: [],
    objects: [],
    params: staffIdParams,
    body: staffUpdateInput,
    response: envelope(staffMember),
    example: { params: { staffid: '1' }, body: { role: 'billing' } },
  }),
  adminResetStaffAuthenticator: defineRoute({
    id: 'adminResetStaffAuthenticator',
    method: 'POST',
    path: adminPaths.adminStaffAuthenticator,
    summary: 'A new authenticator secret for a staff member (shown once); their sessions end',
    access: 'admin',
    adminScope: 'staff',
    permissions: [],
    objects: [],
    params: staffIdParams,
    response: envelope(authenticatorSecret),
    example: { params: { staffid: '1' } },
  }),
  adminTickets: defineRoute({
    id: 'adminTickets',
    method: 'GET',
    path: adminPaths.adminTickets,
    summary:
      'The desk queue, soonest due first: a saved view (new, mine, unassigned, waiting, overdue) and filters; a page at a time',
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    querystring: deskTicketsQuery,
    response: pageOf(deskTicket),
    example: { querystring: { view: 'unassigned', priority: 'normal' } },
  }),
  adminTicket: defineRoute({
    id: 'adminTicket',
    method: 'GET',
    path: adminPaths.adminTicket,
    summary:
      'A ticket: its conversation and internal notes, and the customer beside it (services and usage, open advisories, recent payments)',
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketParams,
    response: envelope(deskTicketView),
    example: { params: { ticketid: '240001' } },
  }),
  adminUpdateTicket: defineRoute({
    id: 'adminUpdateTicket',
    method: 'PATCH',
    path: adminPaths.adminTicket,
    summary: "Change a ticket's priority (its due time follows), status or team",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketParams,
    body: deskTicketUpdateInput,
    response: envelope(deskTicket),
    example: { params: { ticketid: '240001' }, body: { priority: 'high' } },
  }),
  adminAssignTicket: defineRoute({
    id: 'adminAssignTicket',
    method: 'POST',
    path: adminPaths.adminTicketAssign,
    summary:
      'Assign a ticket to a staff member (or nobody), if it is still owned by whom the caller saw; else 409 naming who has it',
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketParams,
    body: deskAssignInput,
    response: envelope(deskTicket),
    example: { params: { ticketid: '240001' }, body: { assignee: 1, expected_assignee: null } },
  }),
  adminReplyTicket: defineRoute({
    id: 'adminReplyTicket',
    method: 'POST',
    path: adminPaths.adminTicketReplies,
    summary:
      "Reply to the customer under the staff member's name (emailed and pushed to them); 409 when a newer reply came after the one seen",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketParams,
    headers: idempotencyHeaders,
    body: deskReplyInput,
    response: envelope(deskReplyResult),
    example: {
      params: { ticketid: '240001' },
      body: { message: 'Could you send a photo of the modem lights?', status: 'Waiting' },
    },
  }),
  adminAddTicketNote: defineRoute({
    id: 'adminAddTicketNote',
    method: 'POST',
    path: adminPaths.adminTicketNotes,
    summary: 'An internal note on a ticket: the desk sees it, the customer never does',
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketParams,
    headers: idempotencyHeaders,
    body: deskNoteInput,
    response: envelope(ticketNote),
    example: {
      params: { ticketid: '240001' },
      body: { body: 'Beam 12 had an outage that morning; likely the cause.' },
    },
  }),
  adminDeskNotices: defineRoute({
    id: 'adminDeskNotices',
    method: 'GET',
    path: adminPaths.adminDeskNotices,
    summary:
      "What the desk was told, newest first: new tickets, callbacks, orders and customers' replies (after an id: only newer ones)",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    querystring: deskNoticesQuery,
    response: z.object({ data: z.array(deskNotice) }),
    example: { querystring: { after: '120' } },
  }),
  adminDeskAssignees: defineRoute({
    id: 'adminDeskAssignees',
    method: 'GET',
    path: adminPaths.adminDeskAssignees,
    summary:
      'Whom a ticket can be assigned to: the active staff members whose role works the desk, by name',
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    response: envelope(z.array(deskAssignee)),
  }),
  adminTicketAttachment: defineRoute({
    id: 'adminTicketAttachment',
    method: 'GET',
    path: adminPaths.adminTicketAttachment,
    summary:
      "A file attached to a ticket's conversation (the customer's or the desk's), downloaded, never shown inline",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketAttachmentParams,
    response: errorOutput,
    produces: 'application/octet-stream',
    example: { params: { ticketid: '240001', attachmentid: '1' } },
  }),
  adminMergeTicket: defineRoute({
    id: 'adminMergeTicket',
    method: 'POST',
    path: adminPaths.adminTicketMerge,
    summary:
      "Merge a duplicate into another ticket of the same account: its messages, attachments and notes move there, and it is resolved with a message saying where (409 for another account's ticket or a merged one)",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketParams,
    body: deskMergeInput,
    response: envelope(deskMergeResult),
    example: { params: { ticketid: '240002' }, body: { into: 240001 } },
  }),
  adminCannedReplies: defineRoute({
    id: 'adminCannedReplies',
    method: 'GET',
    path: adminPaths.adminCannedReplies,
    summary: "The desk's canned replies, by title, and the placeholders they may use",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    response: cannedReplyList,
  }),
  adminCreateCannedReply: defineRoute({
    id: 'adminCreateCannedReply',
    method: 'POST',
    path: adminPaths.adminCannedReplies,
    summary:
      'A new canned reply (staff admins); 400 naming a placeholder that does not exist, 409 for a title taken',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    headers: idempotencyHeaders,
    body: cannedReplyInput,
    response: envelope(cannedReply),
    example: {
      body: {
        title: 'Outage acknowledged',
        body: 'Hi {{customer.first_name}}, thanks for letting us know. {{staff.display_name}}',
      },
    },
  }),
  adminUpdateCannedReply: defineRoute({
    id: 'adminUpdateCannedReply',
    method: 'PATCH',
    path: adminPaths.adminCannedReply,
    summary: "Change a canned reply's title or text (staff admins)",
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: cannedParams,
    body: cannedReplyUpdateInput,
    response: envelope(cannedReply),
    example: { params: { cannedid: '1' }, body: { title: 'Outage: acknowledged' } },
  }),
  adminDeleteCannedReply: defineRoute({
    id: 'adminDeleteCannedReply',
    method: 'DELETE',
    path: adminPaths.adminCannedReply,
    summary: 'Delete a canned reply (staff admins); replies already sent keep their text',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: cannedParams,
    response: envelope(cannedReply),
    example: { params: { cannedid: '1' } },
  }),
  adminRenderCannedReply: defineRoute({
    id: 'adminRenderCannedReply',
    method: 'GET',
    path: adminPaths.adminTicketCannedRender,
    summary:
      "A canned reply filled in for a ticket (the customer's name, the ticket number, the caller's name): the text for the reply box",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: ticketCannedParams,
    response: envelope(cannedRendered),
    example: { params: { ticketid: '240001', cannedid: '1' } },
  }),
} as const;
