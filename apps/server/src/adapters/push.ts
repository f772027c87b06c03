import { createHash } from 'node:crypto';
import type { PushPlatform } from '@outpost/contracts/notifications';
import { NATIVE_TOKEN_MAX, WEB_TOKEN_MAX } from '@outpost/contracts/notifications';
import type { Db } from '../db/client';
import { outbox } from './messaging.schema';
import { DEFAULT_WEB_PUSH_HOSTS, webPushEndpointAllowed } from './push-hosts';

/**
 * Push (docs/decisions/023): FCM through firebase-admin for ios and android tokens, Web Push
 * (VAPID, web-push) for browser subscriptions, each when configured; else the embedded default,
 * which checks tokens as the provider would, refuses the ones it cannot deliver to (reported
 * dead, so they are deleted) and writes each push to the outbox (channel 'push', /dev/outbox).
 */

export type PushMessage = {
  title: string;
  body: string;
  /** The notification's data: navigation_url (the portal route a tap opens) and kind. */
  data: { navigation_url: string; kind: string };
};

export type PushTarget = { platform: PushPlatform; token: string; deviceId: string };

/**
 * 'sent': the provider took it. 'dead': the provider says the token will never receive a push
 * again (unregistered, invalid, a gone subscription): the caller deletes it. Anything else (the
 * provider unreachable, a quota) throws, and the token is kept.
 */
export type PushOutcome = 'sent' | 'dead';

/**
 * The Web Push Topic (RFC 8030 section 5.4) of a push: the same push to the same device always
 * has the same one, so a push sent again replaces its undelivered first copy at the push service
 * instead of arriving twice. 32 base64url characters, the most RFC 8030 allows.
 */
export const pushTopic = (target: PushTarget, message: PushMessage): string =>
  createHash('sha256')
    .update(JSON.stringify([target.deviceId, message.title, message.body, message.data]))
    .digest('base64url')
    .slice(0, 32);

export type PushProvider = {
  kind: 'outbox' | 'fcm' | 'web-push';
  send: (target: PushTarget, message: PushMessage) => Promise<PushOutcome>;
};

export type Push = {
  native: PushProvider;
  web: PushProvider;
  /** The VAPID public key browsers subscribe with (base64url). */
  vapidPublicKey: string;
  /** The host patterns a Web Push endpoint must match (config WEB_PUSH_HOSTS; decision 036). */
  webHosts: readonly string[];
  /** Ends the providers' clients (firebase-admin keeps an app). */
  close: () => Promise<void>;
};

export const pushProviderFor = (push: Push, platform: PushPlatform): PushProvider =>
  platform === 'web' ? push.web : push.native;

// ---------------------------------------------------------------------------------------------
// Tokens

/** A Web Push subscription as stored: the browser's PushSubscription.toJSON() less the rest. */
export type WebSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(value: unknown): Buffer | null {
  if (typeof value !== 'string' || !BASE64URL.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/**
 * A Web Push subscription (JSON of {endpoint, keys: {p256dh, auth}}) in its stored form, or null
 * when it is not one: the endpoint an https URL, p256dh an uncompressed P-256 point (65 bytes),
 * auth 16 bytes (RFC 8291), as web-push needs them to encrypt.
 */
export function parseWebSubscription(token: string): WebSubscription | null {
  if (token.length > WEB_TOKEN_MAX) return null;
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: unknown };
  if (typeof endpoint !== 'string' || endpoint.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (typeof keys !== 'object' || keys === null) return null;
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown };
  const point = base64urlBytes(p256dh);
  const secret = base64urlBytes(auth);
  if (!point || point.length !== 65 || point[0] !== 0x04) return null;
  if (!secret || secret.length !== 16) return null;
  return { endpoint, keys: { p256dh: p256dh as string, auth: auth as string } };
}

/** FCM registration tokens (and APNs tokens) are printable ASCII without spaces. */
const NATIVE_TOKEN = /^[\x21-\x7e]+$/;

/**
 * A token as stored for the platform, or null when it can never receive a push (the route then
 * answers 'Invalid device token'): empty, too long, or (web) not a subscription.
 */
export function normaliseDeviceToken(platform: PushPlatform, token: string): string | null {
  if (platform === 'web') {
    const subscription = parseWebSubscription(token);
    return subscription ? JSON.stringify(subscription) : null;
  }
  if (token.length === 0 || token.length > NATIVE_TOKEN_MAX || !NATIVE_TOKEN.test(token))
    return null;
  return token;
}

/** The key that keeps one token on one device row. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

// ---------------------------------------------------------------------------------------------
// The embedded default

/**
 * What FCM accepts as a registration token: '<instance id>:<token>' (about 160 characters of
 * base64url on either side of the colon). Anything else FCM answers
 * 'messaging/invalid-registration-token' (an APNs device token sent as is, a made-up string).
 */
const FCM_TOKEN = /^[A-Za-z0-9_-]{8,}:[A-Za-z0-9_-]{20,}$/;

export type EmbeddedPush = PushProvider & {
  /**
   * The provider forgets a token, as FCM does when the app is uninstalled or the browser's push
   * service when the user revokes permission: its next push answers 'not registered' (FCM) or
   * 410 Gone (Web Push).
   */
  forget: (token: string) => void;
};

/** Where the outbox says a push went: the platform and the device (tokens stay out). */
const outboxAddress = (target: PushTarget) => `${target.platform}:${target.deviceId}`;

export function embeddedPush(
  db: Db,
  platform: 'native' | 'web',
  webHosts: readonly string[] = DEFAULT_WEB_PUSH_HOSTS,
): EmbeddedPush {
  const forgotten = new Set<string>();
  return {
    kind: 'outbox',
    forget: (token) => {
      // As stored: a subscription without its extra fields (expirationTime).
      const subscription = platform === 'web' ? parseWebSubscription(token) : null;
      forgotten.add(tokenHash(subscription ? JSON.stringify(subscription) : token));
    },
    send: async (target, message) => {
      if (forgotten.has(tokenHash(target.token))) return 'dead';
      const subscription = platform === 'web' ? parseWebSubscription(target.token) : null;
      const deliverable =
        platform === 'web'
          ? subscription !== null && webPushEndpointAllowed(subscription.endpoint, webHosts)
          : FCM_TOKEN.test(target.token);
      if (!deliverable) return 'dead';
      await db.insert(outbox).values({
        channel: 'push',
        to: outboxAddress(target),
        subject: message.title,
        body: `${message.body}\n\nnavigation_url: ${message.data.navigation_url}`,
      });
      return 'sent';
    },
  };
}
