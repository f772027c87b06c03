import type { StaffRole } from './staff-rules';
import { addCalendarDays } from './time/zoned';

/**
 * What the admin API lets a caller do (docs/decisions/051), as scopes:
 * - read: find customers and read what the console shows of them;
 * - provisioning: create and change accounts, services and the catalogue, and act for a customer
 *   in their own flows (a plan change, a data block; decision 056);
 * - keys: create, list and revoke API keys and webhook endpoints (staff admins only, never a key);
 * - staff: create staff members, change their roles, disable them, reset their authenticator
 *   (staff admins only, never a key);
 * - desk: the service desk's help with a customer's access: resend an invitation, end a contact's
 *   sessions, clear a contact's lock (support and admins; decision 054);
 * - tickets: work the ticket desk and the callback schedule: the queue, a ticket, assigning,
 *   replies, notes, merging, canned replies to use, the desk's notices, callbacks (support,
 *   billing and admins, never a key; decision 057);
 * - billing: credits and charges onto the next invoice (billing and admins; decision 054).
 */
export const ADMIN_SCOPES = [
  'read',
  'provisioning',
  'keys',
  'staff',
  'desk',
  'tickets',
  'billing',
] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];

/**
 * The scopes an API key may be given: a key never manages keys or staff, and never holds `desk`
 * or `tickets` (a reply, a note or an outcome is a person's, under their name).
 */
export const API_KEY_SCOPES = ['read', 'provisioning'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * Each staff role's scopes: everyone reads and works tickets and callbacks (each team its own,
 * by the queue's filters); support helps with access, billing adjusts what is owed; admins do
 * all of it and also provision and manage keys and staff.
 */
export const STAFF_ROLE_SCOPES: Record<StaffRole, readonly AdminScope[]> = {
  support: ['read', 'desk', 'tickets'],
  billing: ['read', 'tickets', 'billing'],
  admin: ['read', 'provisioning', 'keys', 'staff', 'desk', 'tickets', 'billing'],
};

/** The most one credit or charge may be, in cents (a typo of a few zeros is refused). */
export const ADJUSTMENT_MAX_CENTS = 500_000;

/** An API key lives at most this many days; the default when none is asked for. */
export const API_KEY_MAX_DAYS = 730;
export const API_KEY_DEFAULT_DAYS = 365;

/** Every key starts so (a secret scanner, or a person, tells it at a glance). */
export const API_KEY_PREFIX = 'opk_';

/**
 * The digits of a number typed into the staff search, as numbers are stored (national form): a
 * mobile or landline typed in international form (+61 4..., 61 4...) reads as 04... .
 */
export function searchDigitsOf(query: string): string {
  const digits = query.replace(/\D/g, '');
  return /^\s*\+?61/.test(query) && digits.length === 11 ? `0${digits.slice(2)}` : digits;
}

/**
 * The events the provider's systems can subscribe to (webhooks, decision 051): what a billing or
 * provisioning system must act on.
 */
export const WEBHOOK_EVENTS = [
  'account.created',
  'service.created',
  'service.activated',
  'service.suspended',
  'service.resumed',
  'service.cancelled',
  'service.cancellation_requested',
  'data_block.purchased',
  'plan.changed',
  'ticket.opened',
  'ticket.replied',
  'ticket.assigned',
  'payment.succeeded',
  'payment.failed',
  'contact.added',
  'contact.removed',
  'order.placed',
  'order.status_changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery is tried this many times, then left 'dead' (retryable from the console). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** The wait before attempt n + 1 after n failed ones: 1 minute, doubling, at most 6 hours. */
export function webhookBackoffMs(failedAttempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 6 * 60 * 60 * 1000);
}

/** Technologies that carry data (allowances and speeds); the others are phone services. */
const DATA_TECHNOLOGIES = ['Sky Muster', 'Sky Muster Plus', 'Fixed Wireless'];

export type PlanShape = {
  technology: string;
  unlimited: boolean;
  peakQuotaMb: number | null;
  offpeakQuotaMb: number | null;
  downloadKbps: number | null;
  uploadKbps: number | null;
};

/**
 * What makes a plan whole (decision 054): a data plan is unlimited or has a peak allowance, and
 * an unlimited one no allowance; a phone plan (landline, VoIP) has no allowance, speed or
 * unlimited data. Null when the plan is whole, else the problem in a sentence.
 */
export function planShapeProblem(plan: PlanShape): string | null {
  const data = DATA_TECHNOLOGIES.includes(plan.technology);
  if (!data) {
    return plan.unlimited ||
      plan.peakQuotaMb !== null ||
      plan.offpeakQuotaMb !== null ||
      plan.downloadKbps !== null ||
      plan.uploadKbps !== null
      ? 'A phone plan has no data allowance, speed or unlimited data.'
      : null;
  }
  if (plan.unlimited && (plan.peakQuotaMb !== null || plan.offpeakQuotaMb !== null))
    return 'An unlimited plan has no data allowance: leave the allowances empty.';
  if (!plan.unlimited && plan.peakQuotaMb === null)
    return 'A data plan needs a peak (or anytime) allowance, or to be unlimited.';
  return null;
}

/** A plan's price change is scheduled at most this many days ahead. */
export const PRICE_CHANGE_MAX_DAYS = 730;

/**
 * Whether a plan's price change may take effect on `effective` (YYYY-MM-DD in the provider's
 * zone) when it is `today` there (decision 055): from tomorrow (a change from today could reach a
 * period that started this morning and is not yet invoiced) to two years ahead. Null when it may,
 * else the problem in a sentence.
 */
export function priceChangeDateProblem(effective: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(effective)) return 'Give the day the new price starts.';
  if (effective <= today) return 'A price change takes effect from tomorrow or a later day.';
  if (effective > addCalendarDays(today, PRICE_CHANGE_MAX_DAYS))
    return 'A price change can be scheduled up to two years ahead.';
  return null;
}

/** The technologies a data block may be limited to (null: any broadband technology). */
export const BROADBAND_TECHNOLOGIES = DATA_TECHNOLOGIES;

export type DataBlockShape = { technology: string | null; peakMb: number; offpeakMb: number };

/**
 * What makes a data block whole: it is for a broadband technology (or any) and holds some data.
 * Null when whole, else the problem in a sentence (the server's check and the console's form).
 */
export function dataBlockShapeProblem(block: DataBlockShape): string | null {
  if (block.technology !== null && !DATA_TECHNOLOGIES.includes(block.technology))
    return 'A data block is for a broadband technology, or any.';
  if (block.peakMb + block.offpeakMb <= 0)
    return 'A data block holds some data: give a peak or an off-peak size.';
  return null;
}

/** What the product catalogue sells (the portal's order form groups by these). */
export const PRODUCT_TYPES = ['router', 'mesh', 'handset'] as const;

/**
 * The product pictures the web app serves (apps/web/public/products/, a few KB each): a product
 * shows one of these. A test keeps this list and the folder the same.
 */
export const PRODUCT_IMAGES = [
  '/products/router-ax1800.webp',
  '/products/router-ax3000.webp',
  '/products/mesh-node.webp',
  '/products/mesh-twin.webp',
  '/products/cordless-handset.webp',
] as const;

/**
 * What makes a product's prices whole: it costs something, and its RRP is at least its price
 * (the portal shows the saving). Null when whole, else the problem in a sentence.
 */
export function productPriceProblem(product: {
  priceCents: number;
  rrpCents: number;
}): string | null {
  if (product.priceCents <= 0) return 'A product has a price above $0.00.';
  if (product.rrpCents < product.priceCents)
    return 'The recommended retail price is at least the price.';
  return null;
}

/**
 * What can lock a person out for a while (decision 054): too many tries, counted per person (never
 * per address, which others share). Each is a window's counter; the desk may clear them.
 */
export const PERSON_LOCKS = [
  'sign-in',
  'recovery-requests',
  'recovery-checks',
  'authenticator',
  'login-codes',
] as const;
export type PersonLock = (typeof PERSON_LOCKS)[number];

/** What each lock stops, as the console says it. */
export const PERSON_LOCK_LABELS: Record<PersonLock, string> = {
  'sign-in': 'Sign-in (too many wrong passwords)',
  'recovery-requests': 'Access recovery (too many codes asked for)',
  'recovery-checks': 'Access recovery (too many codes tried)',
  authenticator: 'Authenticator codes (too many wrong codes)',
  'login-codes': 'Login codes by SMS or email (too many sent)',
};
