import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  DeviceRecord,
  NotificationKind,
  PushNotification,
  PushPlatform,
} from '@outpost/contracts/notifications';
import { LATEST_NOTIFICATIONS, MAX_DEVICES_PER_USER } from '@outpost/contracts/notifications';
import type { Push } from '../../adapters/push';
import {
  normaliseDeviceToken,
  parseWebSubscription,
  pushProviderFor,
  tokenHash,
} from '../../adapters/push';
import { webPushEndpointAllowed } from '../../adapters/push-hosts';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import { alertRecipientsByUser } from '../profile/alert-channels';
import { notificationsError } from './notifications.errors';
import { deviceTokens, pushNotifications } from './notifications.schema';

/**
 * Push notifications (docs/decisions/023): the caller's devices (register, refresh, remove,
 * list), and `notify`, which sends one notification to every registered device of each user
 * whose push channel is on, deletes the tokens the provider calls dead, and records what was
 * sent for get-latest.
 */

type DeviceRow = typeof deviceTokens.$inferSelect;

function recordOf(row: DeviceRow): DeviceRecord {
  return {
    token: row.token,
    deviceId: row.deviceId,
    userId: row.userId,
    platform: row.platform,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    last_used: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listDevices(db: Db, userId: number): Promise<DeviceRecord[]> {
  const rows = await db
    .select()
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId))
    .orderBy(deviceTokens.createdAt, deviceTokens.id);
  return rows.map(recordOf);
}

/**
 * The platform of a registration that does not say: a Web Push subscription is 'web'; else the
 * app's user agent tells iOS from Android.
 */
export function platformOf(
  token: string,
  given: PushPlatform | undefined,
  userAgent: string | undefined,
): PushPlatform {
  if (given) return given;
  if (parseWebSubscription(token)) return 'web';
  return /iPhone|iPad|iPod|\biOS\b/i.test(userAgent ?? '') ? 'ios' : 'android';
}

export type DeviceInput = {
  userId: number;
  deviceId: string;
  token: string;
  platform: PushPlatform;
};

export type SaveDeviceOptions = {
  /** The host patterns a Web Push endpoint must match (Push.webHosts; decision 036). */
  webHosts: readonly string[];
  /**
   * A refresh (PATCH): the token may not be another person's. Registration (POST) takes a token
   * over from whoever held it before on this device (decision 023: a shared tablet); a refresh
   * only renews the caller's own, so another person's token answers 404 and nothing changes.
   */
  ownTokenOnly?: boolean;
};

/**
 * Registers (or re-registers) a device of the user: its token is replaced. The same token on
 * another row (another user signed in on this device before, or the device got a new id) is
 * removed, so a device receives only its present user's pushes. A person keeps at most
 * MAX_DEVICES_PER_USER devices.
 */
export async function saveDevice(
  db: Db,
  input: DeviceInput,
  now: Date,
  options: SaveDeviceOptions,
): Promise<DeviceRecord> {
  const token = normaliseDeviceToken(input.platform, input.token);
  if (token === null) throw notificationsError('invalidDeviceToken');
  // A subscription elsewhere than a known push service is never stored, so never called.
  const subscription = input.platform === 'web' ? parseWebSubscription(token) : null;
  if (subscription && !webPushEndpointAllowed(subscription.endpoint, options.webHosts))
    throw notificationsError('webPushEndpointRefused');
  const hash = tokenHash(token);
  return withTransaction(db, async (tx) => {
    if (options.ownTokenOnly) {
      const [other] = await tx
        .select({ id: deviceTokens.id })
        .from(deviceTokens)
        .where(and(eq(deviceTokens.tokenHash, hash), ne(deviceTokens.userId, input.userId)))
        .for('update');
      if (other) throw notFound();
    }
    await tx.execute(sql`delete from ${deviceTokens}
        where token_hash = ${hash}
          and not (user_id = ${input.userId} and device_id = ${input.deviceId})`);
    const [row] = await tx
      .insert(deviceTokens)
      .values({
        userId: input.userId,
        deviceId: input.deviceId,
        platform: input.platform,
        token,
        tokenHash: hash,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [deviceTokens.userId, deviceTokens.deviceId],
        set: { platform: input.platform, token, tokenHash: hash, updatedAt: now },
      })
      .returning();
    // At most MAX_DEVICES_PER_USER: the one unused longest goes.
    await tx.execute(sql`delete from ${deviceTokens}
        where user_id = ${input.userId} and id not in (
          select id from ${deviceTokens} where user_id = ${input.userId}
           order by coalesce(last_used_at, updated_at) desc, updated_at desc, id desc
           limit ${MAX_DEVICES_PER_USER})`);
    return recordOf(row!);
  });
}

/** The user's device registered as `deviceId`, if any (a refresh keeps its platform). */
export async function deviceOf(
  db: Db,
  userId: number,
  deviceId: string,
): Promise<DeviceRecord | null> {
  const [row] = await db
    .select()
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.deviceId, deviceId)));
  return row ? recordOf(row) : null;
}

/** Stops pushes to the caller's device (by its id, or a row holding the token); true if one went. */
export async function removeDevice(
  db: Db,
  userId: number,
  input: { deviceId: string; token: string },
): Promise<boolean> {
  const rows = await db
    .delete(deviceTokens)
    .where(
      and(
        eq(deviceTokens.userId, userId),
        sql`(${deviceTokens.deviceId} = ${input.deviceId} or ${deviceTokens.tokenHash} = ${tokenHash(input.token)})`,
      ),
    )
    .returning({ id: deviceTokens.id });
  return rows.length > 0;
}

/** The latest notifications pushed to the user, newest first. */
export async function latestNotifications(db: Db, userId: number): Promise<PushNotification[]> {
  const rows = await db
    .select()
    .from(pushNotifications)
    .where(eq(pushNotifications.userId, userId))
    .orderBy(desc(pushNotifications.createdAt), desc(pushNotifications.id))
    .limit(LATEST_NOTIFICATIONS);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    navigation_url: r.navigationUrl,
    sent: r.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------

export type Notification = {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The portal route a tap opens, e.g. '/services/usage'. */
  navigation_url: string;
};

export type NotifyDeps = {
  db: Db;
  push: Push;
  /** Failures (a provider unreachable, the database) are logged, never thrown. */
  onError?: (error: unknown, context: string) => void;
};

export type NotifyResult = {
  /** Users the notification went to (push on, at least one device). */
  users: number;
  sent: number;
  /** Tokens the provider called dead: deleted. */
  dead: number;
  /** Pushes that failed otherwise (kept; the next notification tries again). */
  failed: number;
};

/** Push text stays short: lock screens show about two lines. */
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/**
 * Sends a notification by push to each registered device of each user whose push channel is on
 * (their alert-channel preference; docs/decisions/023). Called after the business change has
 * committed; it never throws, so a push failure never undoes or blocks that change.
 */
export async function notify(
  deps: NotifyDeps,
  userIds: readonly number[],
  notification: Notification,
  now: Date = new Date(),
): Promise<NotifyResult> {
  const result: NotifyResult = { users: 0, sent: 0, dead: 0, failed: 0 };
  try {
    await send(deps, [...new Set(userIds)], notification, now, result);
  } catch (error) {
    deps.onError?.(error, `push ${notification.kind} not sent`);
  }
  return result;
}

async function send(
  deps: NotifyDeps,
  userIds: number[],
  notification: Notification,
  now: Date,
  result: NotifyResult,
) {
  const { db } = deps;
  if (userIds.length === 0) return;
  const optedIn = (await alertRecipientsByUser(db, userIds))
    .filter((r) => r.byPush)
    .map((r) => r.userId);
  if (optedIn.length === 0) return;
  const devices = await db
    .select()
    .from(deviceTokens)
    .where(inArray(deviceTokens.userId, optedIn))
    .orderBy(deviceTokens.userId, deviceTokens.id);
  if (devices.length === 0) return;
  const title = clip(notification.title, 65);
  const body = clip(notification.body, 240);
  const reached = [...new Set(devices.map((d) => d.userId))];
  result.users = reached.length;
  await db.insert(pushNotifications).values(
    reached.map((userId) => ({
      userId,
      kind: notification.kind,
      title,
      body,
      navigationUrl: notification.navigation_url,
      createdAt: now,
    })),
  );
  const message = {
    title,
    body,
    data: { navigation_url: notification.navigation_url, kind: notification.kind },
  };
  for (const device of devices) {
    try {
      const outcome = await pushProviderFor(deps.push, device.platform).send(
        { platform: device.platform, token: device.token, deviceId: device.deviceId },
        message,
      );
      if (outcome === 'sent') {
        result.sent += 1;
        await db
          .update(deviceTokens)
          .set({ lastUsedAt: now })
          .where(eq(deviceTokens.id, device.id));
      } else {
        result.dead += 1;
        // Only that token: a device that registered a new one meanwhile keeps it.
        await db
          .delete(deviceTokens)
          .where(and(eq(deviceTokens.id, device.id), eq(deviceTokens.tokenHash, device.tokenHash)));
      }
    } catch (error) {
      result.failed += 1;
      deps.onError?.(error, `push ${notification.kind} to a ${device.platform} device failed`);
    }
  }
}
