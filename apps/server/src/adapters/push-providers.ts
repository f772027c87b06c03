import type { App } from 'firebase-admin/app';
import type { Message } from 'firebase-admin/messaging';
import webpush from 'web-push';
import type { Config, FcmServiceAccount, VapidKeys } from '../config';
import type { Db } from '../db/client';
import type { Push, PushProvider } from './push';
import { embeddedPush, parseWebSubscription, pushTopic } from './push';
import { DEFAULT_WEB_PUSH_HOSTS, webPushEndpointAllowed } from './push-hosts';
import type { OutboundNet } from './outbound-https';
import { OUTBOUND_NET, OutboundRefused, postPinned } from './outbound-https';

/**
 * The real push providers (docs/decisions/023): FCM for the native apps, Web Push for browsers,
 * and createPush, which picks them (or the embedded outbox) from the configuration.
 */

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

/**
 * FCM through firebase-admin, loaded on the first push: the package takes about half a second and
 * 20 MB to load, which every process paid at start (web instances, CLIs, each test file) whether
 * or not it ever sent a push (issue 38). The service account is still read from the configuration
 * at start (config.ts checks its fields).
 */
function lazyFcm(account: FcmServiceAccount): { client: FcmClient; close: () => Promise<void> } {
  let loaded: Promise<{ app: App; client: FcmClient }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/messaging'),
    ]).then(([{ cert, initializeApp }, { getMessaging }]) => {
      fcmApps += 1;
      const app = initializeApp(
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
      return { app, client: getMessaging(app) };
    }));
  return {
    client: { send: async (message) => (await load()).client.send(message) },
    close: async () => {
      if (!loaded) return;
      const [{ app }, { deleteApp }] = await Promise.all([loaded, import('firebase-admin/app')]);
      await deleteApp(app);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Web Push

/** Four weeks, as web-push's default: the push service keeps the message while the browser is off. */
const WEB_PUSH_TTL_SECONDS = 2_419_200;

/** How the Web Push provider reaches a push service (the shared outbound rules, decision 036). */
export type WebPushNet = OutboundNet;
export const WEB_PUSH_NET: WebPushNet = OUTBOUND_NET;
/** Why a Web Push was not attempted: the endpoint or its addresses are not allowed. */
export const WebPushRefused = OutboundRefused;

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
        status = await postPinned(net, {
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
  let fcm: ReturnType<typeof lazyFcm> | undefined;
  let native: PushProvider;
  if (fcmClient) native = fcmProvider(fcmClient);
  else if (config.push.fcm) {
    fcm = lazyFcm(config.push.fcm);
    native = fcmProvider(fcm.client);
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
      await fcm?.close();
    },
  };
}
