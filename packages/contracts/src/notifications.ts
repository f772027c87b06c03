import { z } from 'zod';
import { apiPaths } from './api-paths';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';

/**
 * Push notifications (spec 1 sections 3, 4, 7, 9; docs/decisions/023): the caller's devices
 * (push device record: token, deviceId, userId), registration, token refresh and removal, the
 * latest notifications sent to the caller, and the Web Push public key for the browser opt-in.
 */

/** 'Invalid device token' (in ./native-messages, which the app imports without zod). */

/**
 * A Web Push subscription whose endpoint is not at a known push service (https, the standard
 * port, a host of WEB_PUSH_HOSTS; docs/decisions/036): the server never calls it. Not
 * INVALID_DEVICE_TOKEN, so the client does not retry: another subscription goes to the same place.
 */
export const WEB_PUSH_ENDPOINT_REFUSED =
  'Invalid request: token.endpoint must be an https address of a known push service.';

/** The platforms a device registers from: FCM for ios and android, Web Push for web. */
export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** The longest token taken: FCM registration tokens are about 160 characters. */
export const NATIVE_TOKEN_MAX = 1024;
/** The longest Web Push subscription (its JSON) taken. */
export const WEB_TOKEN_MAX = 4096;

/**
 * Devices one person keeps registered: a new one beyond this replaces the one unused longest
 * (every notification is one push per device).
 */
export const MAX_DEVICES_PER_USER = 10;

/** What a device calls itself (Capacitor Device.getId(), or an id the browser keeps). */
const deviceId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'must be letters, digits, dots, colons, dashes or underscores');

/**
 * The token is checked by the server (empty, too long, not a Web Push subscription on web) so a
 * refused one answers exactly INVALID_DEVICE_TOKEN, the text the client retries on.
 */
const token = z.string();

export const deviceRecordSchema = z.object({
  token: z.string(),
  deviceId: z.string(),
  userId: z.number().int(),
  /** Beyond the spec: where the device pushes through. */
  platform: z.enum(PUSH_PLATFORMS),
  /** ISO 8601 (UTC). */
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
  /** The last push sent to it, or null. */
  last_used: z.iso.datetime().nullable(),
});
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

export const devicesOutput = envelope(z.object({ devices: z.array(deviceRecordSchema) }));
export type DevicesAnswer = z.infer<typeof devicesOutput>['data'];

export const registerDeviceInput = z.strictObject({
  token,
  deviceId,
  /** The caller's own user id (spec 1 section 3); any other answers 404. */
  userId: z.union([z.number().int().positive().max(2_147_483_647), idParam]),
  /**
   * Beyond the spec: 'ios', 'android' or 'web'. Unset: 'web' for a Web Push subscription, else
   * 'ios' when the caller's user agent is an iPhone or iPad, else 'android'.
   */
  platform: z.enum(PUSH_PLATFORMS).optional(),
});
export type RegisterDeviceInput = z.infer<typeof registerDeviceInput>;

export const refreshDeviceInput = z.strictObject({
  token,
  deviceId,
  platform: z.enum(PUSH_PLATFORMS).optional(),
});
export type RefreshDeviceInput = z.infer<typeof refreshDeviceInput>;

export const removeDeviceInput = z.strictObject({ token, deviceId });
export type RemoveDeviceInput = z.infer<typeof removeDeviceInput>;

export const deviceOutput = envelope(z.object({ device: deviceRecordSchema }));
export const removedOutput = envelope(
  /** Whether a device was removed now (false: it was already gone; still a success). */
  z.object({ removed: z.boolean() }),
);

/** The notification kinds the server sends (docs/decisions/023). */
export const NOTIFICATION_KINDS = ['usage', 'invoice', 'payment', 'advisory', 'ticket'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A notification pushed to the caller (what the push showed): `navigation_url` is the portal
 * route a tap opens ('/services/usage', '/support/my-tickets/240001').
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  navigation_url: z.string(),
  /** ISO 8601 (UTC). */
  sent: z.iso.datetime(),
});
export type PushNotification = z.infer<typeof notificationSchema>;

/** How many notifications get-latest answers, newest first. */
export const LATEST_NOTIFICATIONS = 10;

export const latestNotificationsOutput = envelope(
  z.object({ notifications: z.array(notificationSchema) }),
);
export type LatestNotifications = z.infer<typeof latestNotificationsOutput>['data'];

export const webPushKeyOutput = envelope(
  z.object({
    /**
     * The VAPID public key (base64url) for PushManager.subscribe's applicationServerKey. With no
     * keys configured, a key of the running server (development: its pushes go to the outbox).
     */
    public_key: z.string(),
  }),
);

const exampleDevice = {
  token: 'matrix-device:APA91bMatrixExampleTokenForTests',
  deviceId: 'matrix-device',
};

export const notificationsRoutes = {
  deviceTokens: defineRoute({
    id: 'deviceTokens',
    method: 'GET',
    path: apiPaths.deviceTokens,
    summary: 'Your devices registered for push notifications',
    access: 'user',
    permissions: [],
    objects: [],
    response: devicesOutput,
  }),
  registerDeviceToken: defineRoute({
    id: 'registerDeviceToken',
    method: 'POST',
    path: apiPaths.deviceToken,
    summary:
      "Register this device for push notifications (again: its token is replaced); 400 'Invalid device token' for a token that cannot receive pushes",
    access: 'user',
    permissions: [],
    objects: [{ in: 'body', name: 'userId', kind: 'self' }],
    body: registerDeviceInput,
    response: deviceOutput,
    example: { body: { ...exampleDevice, platform: 'android' } },
  }),
  refreshDeviceToken: defineRoute({
    id: 'refreshDeviceToken',
    method: 'PATCH',
    path: apiPaths.deviceToken,
    summary: "This device's new push token (a device not yet registered is registered)",
    access: 'user',
    permissions: [],
    objects: [],
    body: refreshDeviceInput,
    response: deviceOutput,
    example: { body: exampleDevice },
  }),
  removeDeviceToken: defineRoute({
    id: 'removeDeviceToken',
    method: 'DELETE',
    path: apiPaths.deviceToken,
    summary: 'Stop push notifications to this device (answers 200 when it is already gone)',
    access: 'user',
    permissions: [],
    objects: [],
    body: removeDeviceInput,
    response: removedOutput,
    example: { body: exampleDevice },
  }),
  latestNotifications: defineRoute({
    id: 'latestNotifications',
    method: 'GET',
    path: apiPaths.latestNotifications,
    summary:
      'The latest push notifications sent to you, newest first, each with its navigation_url',
    access: 'user',
    permissions: [],
    objects: [],
    response: latestNotificationsOutput,
  }),
  webPushKey: defineRoute({
    id: 'webPushKey',
    method: 'GET',
    path: apiPaths.webPushKey,
    summary: "The Web Push (VAPID) public key for the browser's push opt-in",
    access: 'user',
    permissions: [],
    objects: [],
    response: webPushKeyOutput,
  }),
} as const;
