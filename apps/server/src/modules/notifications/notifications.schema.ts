import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationKind, PushPlatform } from '@outpost/contracts/notifications';
import { users } from '../../db/accounts.schema';

/**
 * Push devices (spec 1 section 3 'Push device record'; docs/decisions/023): one row per user and
 * device. `token` is the FCM registration token (ios, android) or the Web Push subscription JSON
 * (web); `token_hash` (SHA-256 hex) keeps one token on one row: when another user signs in on the
 * same device, the previous user's row goes, so nobody gets another person's pushes.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    platform: text('platform').$type<PushPlatform>().notNull(),
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The last push accepted for it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('device_tokens_user_device_idx').on(t.userId, t.deviceId),
    uniqueIndex('device_tokens_token_hash_idx').on(t.tokenHash),
    check('device_tokens_platform', sql`${t.platform} in ('ios', 'android', 'web')`),
  ],
);

/**
 * What was pushed to whom (GET /notifications/get-latest): one row per notification and user it
 * was sent to (the user had push on and at least one device).
 */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    navigationUrl: text('navigation_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_notifications_user_idx').on(t.userId, t.createdAt)],
);
