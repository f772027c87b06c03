import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requiredRef, timestampTz } from '../../db/columns';

/**
 * The provider's staff (docs/decisions/025): people of the provider, not customers. Their own
 * table and roles, their own sign-in (password and an authenticator code, always), their own
 * short sessions; never a customer token.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** support | billing | admin */
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The authenticator secret (base32); two-factor is required of every staff member. */
    totpSecret: text('totp_secret').notNull(),
    /** The last authenticator time step used (a code works once). */
    totpLastStep: integer('totp_last_step'),
    active: boolean('active').notNull().default(true),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_members_email_idx').on(sql`lower(${t.email})`),
    check('staff_members_role_check', sql`${t.role} in ('support', 'billing', 'admin')`),
  ],
);

/** A staff sign-in: a short session (STAFF_SESSION_MS), its token kept as a hash. */
export const staffSessions = pgTable('staff_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  staffId: requiredRef('staff_id', () => staffMembers.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestampTz('created_at').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
  endedAt: timestampTz('ended_at'),
});

/** Each staff link's nonce, once used: a link opens one session, never two. */
export const staffLinkUses = pgTable('staff_link_uses', {
  nonce: uuid('nonce').primaryKey(),
  staffId: requiredRef('staff_id', () => staffMembers.id),
  usedAt: timestampTz('used_at').notNull(),
});

/**
 * API keys of the admin API (docs/decisions/051): made by a staff admin for the provider's own
 * systems, shown once and kept as a SHA-256 hash, scoped, expiring, revocable, with the time of
 * their last use (written at most once a minute per key).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** read | provisioning */
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by').references(() => staffMembers.id),
    createdAt: timestampTz('created_at').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    lastUsedAt: timestampTz('last_used_at'),
  },
  (t) => [
    check(
      'api_keys_scopes_check',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['read', 'provisioning']::text[]`,
    ),
  ],
);

/**
 * What staff did, and as whom: every request of a staff-assisted customer session, each link
 * issued and used, each /xd sign-in. Searchable by account.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestampTz('at').notNull(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    /** The API key behind an admin API call made by the provider's systems. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    accountId: integer('account_id'),
    /** The customer user the staff member acted as. */
    userId: integer('user_id'),
    /** 'request' | 'admin-request' | 'link-issued' | 'link-used' | 'link-refused' | 'xd-login' */
    action: text('action').notNull(),
    method: text('method'),
    route: text('route'),
    status: integer('status'),
    requestId: text('request_id'),
    detail: text('detail'),
  },
  (t) => [
    index('staff_audit_account_idx').on(t.accountId, t.at),
    index('staff_audit_staff_idx').on(t.staffId, t.at),
  ],
);
