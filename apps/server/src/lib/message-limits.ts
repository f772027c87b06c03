import { createHash } from 'node:crypto';
import { serverErrors } from '@outpost/contracts/messages';
import type { Db } from '../db/client';
import { databaseRateLimitStore, enforceLimits } from '../plugins/rate-limit-store';

/** The window every message limit counts in. */
export const MESSAGE_WINDOW_MS = 60 * 60 * 1000;

/**
 * How many messages each route that mails or texts someone may cause in MESSAGE_WINDOW_MS
 * (docs/decisions/036): per user, per account, and per destination address (any account's
 * requests to one address count together). Login, two-factor, step-up and recovery codes have
 * their own limits (decisions 003, 005, 016); the system's own messages (usage alerts, invoices,
 * advisories) are not a customer's request and are not limited.
 */
export const MESSAGE_LIMITS = {
  /** Add Contact: the invitation to a new contact's address. */
  contactInvitation: { perUser: 10, perAccount: 10, perAddress: 3 },
  /** Make a Request: the confirmation to the account's contact. */
  newTicket: { perUser: 10, perAccount: 20, perAddress: 10 },
  /** Request a Callback: the booking's confirmation. */
  callbackBooking: { perUser: 5, perAccount: 10, perAddress: 5 },
  /** Orders and telephony changes (barring, features, products, transfers): the order's mail. */
  order: { perUser: 10, perAccount: 20, perAddress: 10 },
  /** My Details: the code sent to a new email or mobile before it replaces the old one. */
  contactChangeCode: { perUser: 5, perAccount: 10, perAddress: 3 },
} as const;
export type MessageKind = keyof typeof MESSAGE_LIMITS;

/**
 * The admin API's messages (decision 051), per staff member or API key ('by') and per address: a
 * provider onboarding its customers, not a leaked key mailing the world.
 */
export const ADMIN_MESSAGE_LIMITS = {
  /** A new account's holder: the invitation to set a password. */
  holderInvitation: { perSender: 500, perAddress: 3 },
  /** A contact added by the admin API or the CSV import: the invitation to set a password. */
  contactInvitation: { perSender: 500, perAddress: 3 },
  /** A contact's invitation sent again from the console (decision 054). */
  invitationResent: { perSender: 100, perAddress: 3 },
} as const;

/**
 * Sign-in codes by SMS or email (two-factor at login, step-up before a high-risk change;
 * decisions 003 and 016): at most 3 sends per user in 15 minutes, and as many tries at a code.
 */
export const CODE_SEND_LIMIT = { windowMs: 15 * 60 * 1000, perWindow: 3 } as const;

/** An address as a key: case folded and hashed (no addresses in Redis or the counter table). */
const addressKey = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Counts one message of `kind` for the caller, their account and the address it goes to, and
 * refuses (429, serverErrors.messagesLimited, Retry-After) when any is over its limit.
 *
 * Call it with the transaction that queues the message, just before enqueueMessage: the counters
 * are rows of the database store (rate_limits) written in that transaction, so a refusal rolls
 * back everything the request wrote, and a request that fails for another reason (a duplicate,
 * a slot taken, a rollback) counts nothing. Only messages really queued are counted, and parallel
 * requests queue behind the counter rows, so none slips past a limit. The counters stay in the
 * database (shared by every instance) even when Redis holds the login limits.
 */
export async function limitMessages(
  tx: Db,
  kind: MessageKind,
  caller: { userId: number; accountId: number },
  address: string,
): Promise<void> {
  const limit = MESSAGE_LIMITS[kind];
  const windowMs = MESSAGE_WINDOW_MS;
  await enforceLimits(
    databaseRateLimitStore(tx),
    [
      { key: `msg:${kind}:user:${caller.userId}`, max: limit.perUser, windowMs },
      { key: `msg:${kind}:account:${caller.accountId}`, max: limit.perAccount, windowMs },
      { key: `msg:${kind}:to:${addressKey(address)}`, max: limit.perAddress, windowMs },
    ],
    serverErrors.messagesLimited,
  );
}

/** limitMessages for the admin API: per sender (a key or staff member) and per address. */
export async function limitAdminMessages(
  tx: Db,
  kind: keyof typeof ADMIN_MESSAGE_LIMITS,
  by: string,
  address: string,
): Promise<void> {
  const limit = ADMIN_MESSAGE_LIMITS[kind];
  const windowMs = MESSAGE_WINDOW_MS;
  await enforceLimits(
    databaseRateLimitStore(tx),
    [
      { key: `msg:${kind}:by:${by}`, max: limit.perSender, windowMs },
      { key: `msg:${kind}:to:${addressKey(address)}`, max: limit.perAddress, windowMs },
    ],
    serverErrors.messagesLimited,
  );
}
