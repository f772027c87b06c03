import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { cert, deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { Message } from 'firebase-admin/messaging';
import webpush from 'web-push';
import type { PushPlatform } from '@outpost/contracts/notifications';
import { NATIVE_TOKEN_MAX, WEB_TOKEN_MAX } from '@outpost/contracts/notifications';
import type { Config, FcmServiceAccount, VapidKeys } from '../config';
import type { Db } from '../db/client';
import { outbox } from './messaging.schema';
import { DEFAULT_WEB_PUSH_HOSTS, isPublicAddress, webPushEndpointAllowed } from './push-hosts';

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

// ---------------------------------------------------------------------------------------------
// FCM

/** The part of firebase-admin's Messaging the adapter uses (tests give their own). */
export type FcmClient = { send: (message: Message) => Promise<string> };

/** FCM's answers that mean the token will never work again (firebase.google.com/docs/cloud-messaging/manage-tokens). */
const FCM_DEAD_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

export function fcmProvider(client: FcmClient): PushProvider {
  return {
    kind: 'fcm',
    send: async (target, message) => {
      try {
        await client.send({
          token: target.token,
          notification: { title: message.title, body: message.body },
          data: message.data,
          android: { priority: 'high' },
          apns: { payload: { aps: { sound: 'default' } } },
        });
        return 'sent';
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && FCM_DEAD_CODES.has(code)) return 'dead';
        throw error;
      }
    },
  };
}

let fcmApps = 0;

function firebaseApp(account: FcmServiceAccount): App {
  fcmApps += 1;
  return initializeApp(
    {
      credential: cert({
        projectId: account.project_id,
        clientEmail: account.client_email,
        privateKey: account.private_key,
      }),
      projectId: account.project_id,
    },
    `outpost-push-${fcmApps}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Web Push

/** Four weeks, as web-push's default: the push service keeps the message while the browser is off. */
const WEB_PUSH_TTL_SECONDS = 2_419_200;

/**
 * How the Web Push provider reaches a push service: the resolver, the address rule, and (tests
 * only) the port and the CA of a local fake. The production values are WEB_PUSH_NET.
 */
export type WebPushNet = {
  /** Every address the host resolves to. */
  resolve: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Whether the server may connect to an address (the public internet only). */
  addressAllowed: (address: string) => boolean;
  /** The port to connect to (443: the endpoint's own, which must be the default). */
  port?: number;
  /** Trusted CAs besides the system's (a test's self-signed push service). */
  ca?: string;
};

export const WEB_PUSH_NET: WebPushNet = {
  resolve: (host) => dnsLookup(host, { all: true, verbatim: true }),
  addressAllowed: isPublicAddress,
};

/** Why a Web Push was not attempted: the endpoint or its addresses are not allowed. */
export class WebPushRefused extends Error {}

/**
 * The addresses to connect to for a push service's host: all it resolves to, each allowed (one
 * private address and the whole host is refused: a name that points inward is not a push
 * service).
 */
async function checkedAddresses(net: WebPushNet, host: string) {
  const addresses = await net.resolve(host);
  if (addresses.length === 0 || !addresses.every((a) => net.addressAllowed(a.address)))
    throw new WebPushRefused(`Web Push host ${host} resolves to an address that is not public`);
  return addresses;
}

/**
 * A lookup that answers the addresses already checked, never asking DNS again: the connection
 * goes to an address that passed the check, so a name re-pointed between check and connect
 * (DNS rebinding) changes nothing.
 */
function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

type PushRequest = {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer;
};

/** One POST to the push service at the checked addresses; answers its status, follows nothing. */
function postToPushService(net: WebPushNet, request: PushRequest): Promise<number> {
  const url = new URL(request.endpoint);
  return checkedAddresses(net, url.hostname).then(
    (addresses) =>
      new Promise<number>((resolve, reject) => {
        const req = httpsRequest(
          {
            host: url.hostname,
            servername: url.hostname,
            port: net.port ?? 443,
            path: `${url.pathname}${url.search}`,
            method: request.method,
            headers: { ...request.headers, 'content-length': String(request.body.length) },
            lookup: pinnedLookup(addresses),
            agent: false,
            ...(net.ca ? { ca: net.ca } : {}),
            timeout: 10_000,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('Web Push service timed out')));
        req.on('error', reject);
        req.end(request.body);
      }),
  );
}

/**
 * Web Push (RFC 8030/8291/8292; docs/decisions/023, 036): web-push encrypts the payload
 * (aes128gcm) and signs the VAPID header; the request goes only to an endpoint of a known push
 * service (https, port 443, a host the patterns name), at an address checked to be public and
 * pinned for the connection, and never follows a redirect. Dead (the caller deletes the
 * subscription): 404 and 410 (gone), a redirect (no push service answers one), an endpoint no
 * longer allowed or a host resolving to a private address. Other failures throw.
 */
export function webPushProvider(
  vapid: VapidKeys,
  webHosts: readonly string[] = DEFAULT_WEB_PUSH_HOSTS,
  net: WebPushNet = WEB_PUSH_NET,
): PushProvider {
  return {
    kind: 'web-push',
    send: async (target, message) => {
      const subscription = parseWebSubscription(target.token);
      if (!subscription || !webPushEndpointAllowed(subscription.endpoint, webHosts)) return 'dead';
      const request = webpush.generateRequestDetails(
        subscription,
        JSON.stringify({ title: message.title, body: message.body, data: message.data }),
        {
          vapidDetails: vapid,
          TTL: WEB_PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          topic: pushTopic(target, message),
        },
      );
      let status: number;
      try {
        status = await postToPushService(net, {
          endpoint: request.endpoint,
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
        });
      } catch (error) {
        if (error instanceof WebPushRefused) return 'dead';
        throw error;
      }
      if (status === 404 || status === 410 || (status >= 300 && status < 400)) return 'dead';
      if (status < 200 || status >= 300) throw new Error(`Web Push service answered ${status}`);
      return 'sent';
    },
  };
}

// ---------------------------------------------------------------------------------------------

export function createPush(config: Config, db: Db, fcmClient?: FcmClient): Push {
  let app: App | undefined;
  let native: PushProvider;
  if (fcmClient) native = fcmProvider(fcmClient);
  else if (config.push.fcm) {
    app = firebaseApp(config.push.fcm);
    native = fcmProvider(getMessaging(app));
  } else native = embeddedPush(db, 'native');
  // Without configured keys the embedded default still answers a key pair of this process, so a
  // browser can subscribe in development (its pushes then go to the outbox).
  const vapid = config.push.vapid ?? {
    subject: 'mailto:push@example.com',
    ...webpush.generateVAPIDKeys(),
  };
  return {
    native,
    web: config.push.vapid
      ? webPushProvider(config.push.vapid, config.push.webHosts)
      : embeddedPush(db, 'web', config.push.webHosts),
    vapidPublicKey: vapid.publicKey,
    webHosts: config.push.webHosts,
    close: async () => {
      if (app) await deleteApp(app);
    },
  };
}
