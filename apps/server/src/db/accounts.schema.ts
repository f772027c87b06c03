import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requiredRef, timestampTz } from './columns';

/** A customer account: the billing entity that services and contacts belong to. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    name: text('name').notNull(),
    status: text('status').notNull().default('Active'),
    /** The start of a 30-day billing period (invoices are issued at each period start). */
    billingPeriodStart: timestampTz('billing_period_start'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** The provider's own id of the account (its billing system's), for upserts (decision 051). */
    externalId: text('external_id').unique(),
  },
  // The staff search (decision 051): trigram matching of the name, typos and all (pg_trgm).
  (t) => [
    // Nearest names by word similarity (the search's typo branch orders by `<<->`): GiST.
    index('accounts_name_trgm_gist_idx').using('gist', sql`${t.name} gist_trgm_ops`),
    index('accounts_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** Contact roles with levels; a role may hold a permission when level >= level_needed. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  role: text('role').notNull().unique(),
  level: integer('level').notNull(),
});

/** The relationships offered for each role. */
export const relationships = pgTable(
  'relationships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    roleId: requiredRef('role_id', () => roles.id),
    relationship: text('relationship').notNull(),
  },
  (t) => [uniqueIndex('relationships_role_relationship_uq').on(t.roleId, t.relationship)],
);

export const permissionDefinitions = pgTable('permission_definitions', {
  permission: text('permission').primaryKey(),
  section: text('section').notNull(),
  label: text('label').notNull(),
  levelNeeded: integer('level_needed').notNull(),
  sort: integer('sort').notNull(),
});

/** Contacts of an account (people who may sign in). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 5001 }),
    accountId: requiredRef('account_id', () => accounts.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    title: text('title'),
    givenNames: text('given_names').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    roleId: requiredRef('role_id', () => roles.id),
    relationshipId: integer('relationship_id').references(() => relationships.id),
    roleStatus: text('role_status').notNull().default('Active'),
    isAccountHolder: boolean('is_account_holder').notNull().default(false),
    /** 'sms' | 'email' | 'totp' when two-factor is on. */
    twoFactorMethod: text('two_factor_method'),
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    passwordChangedAt: timestampTz('password_changed_at'),
    /**
     * The session family that access recovery started: it may set a new password once without the
     * current one (the forced update). Cleared when the password changes.
     */
    recoveryFamilyId: uuid('recovery_family_id'),
    /** How the contact identifies themselves on the phone: 'DOB' or 'PIN' (spec 3 section 3). */
    identifyBy: text('identify_by').notNull().default('DOB'),
    /** The 4-digit PIN, hashed like a password; null unless identify_by is 'PIN'. */
    pinHash: text('pin_hash'),
    /** An authenticator secret being enrolled: it replaces totp_secret once a code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** When an invitation to set a password was sent (a new contact has no password until then). */
    invitedAt: timestampTz('invited_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_account_idx').on(t.accountId),
    // An email or mobile names one person among those not removed (decision 035): recovery and
    // usernames resolve to exactly one, however many requests race. The expressions are the
    // ones modules/users/identity.ts compares with.
    uniqueIndex('users_email_person_uq')
      .on(sql`lower(trim(${t.email}))`)
      .where(sql`${t.roleStatus} <> 'Removed'`),
    uniqueIndex('users_mobile_person_uq')
      .on(sql`nullif(regexp_replace(${t.mobile}, '[^0-9]', '', 'g'), '')`)
      .where(sql`${t.roleStatus} <> 'Removed'`),
    // The staff search (decision 051): names with typos, and any part of an email, username or
    // mobile (its digits), by trigrams. The expressions are the ones admin-accounts.service.ts uses.
    // fastupdate off: GIN's pending list (up to 4 MB until a vacuum) is read in full by every
    // search, 29 ms instead of 1.5 ms after a bulk load; these tables are written rarely.
    index('users_name_trgm_idx')
      .using('gin', sql`(${t.givenNames} || ' ' || ${t.surname}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Nearest names by word similarity (the search's typo branch orders by `<<->`): GiST.
    index('users_name_trgm_gist_idx').using(
      'gist',
      sql`(${t.givenNames} || ' ' || ${t.surname}) gist_trgm_ops`,
    ),
    index('users_email_trgm_idx')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_username_trgm_idx')
      .using('gin', sql`${t.username} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_mobile_digits_trgm_idx')
      .using(
        'gin',
        sql`(regexp_replace(coalesce(${t.mobile}, ''), '[^0-9]', '', 'g')) gin_trgm_ops`,
      )
      .with({ fastupdate: false }),
  ],
);

/** Per-contact permission switches (effective only where the role level allows). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission')
      .notNull()
      .references(() => permissionDefinitions.permission),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/**
 * The preferences a contact may set (spec 3 section 3): a section ('Preferences', 'Alternate
 * Contact', 'Two Factor Authentication'), a type ('selection' with options, 'text', 'email',
 * 'phone', 'toggle'), the default data and the permissions a contact must all hold to see it.
 */
export const preferenceDefinitions = pgTable('preference_definitions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** A stable name the server's own code looks preferences up by ('invoice_delivery'). */
  key: text('key').notNull().unique(),
  section: text('section').notNull(),
  preference: text('preference').notNull(),
  type: text('type').notNull(),
  /** The default value, in the shape the type's `data` has. */
  defaultData: jsonb('default_data').notNull(),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'`),
  sort: integer('sort').notNull(),
});

/** A contact's own value of a preference; absent means the default. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    preferenceId: requiredRef('preference_id', () => preferenceDefinitions.id),
    data: jsonb('data').notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.preferenceId] })],
);
