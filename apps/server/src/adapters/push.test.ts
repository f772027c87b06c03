import { createDecipheriv, createECDH, createHmac, createVerify, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Message } from 'firebase-admin/messaging';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import type { PushMessage, PushTarget } from './push';
import { embeddedPush, normaliseDeviceToken } from './push';
import { createPush, fcmProvider, WEB_PUSH_NET, webPushProvider } from './push-providers';
import type { WebPushNet } from './push-providers';
import { DEFAULT_WEB_PUSH_HOSTS, isPublicAddress, webPushEndpointAllowed } from './push-hosts';
import type { FakePushService, Listener } from './push-service.test-helper';
import { fakePushService, loopbackHttpListener } from './push-service.test-helper';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const message: PushMessage = {
  title: 'Data usage update',
  body: 'You have used 50% of your Peak data.',
  data: { navigation_url: '/services/usage', kind: 'usage' },
};
const vapid = () => ({ subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() });
const fcmToken = () => `dQw4w9WgXcQ:APA91b${randomBytes(100).toString('base64url')}`;

function subscriber(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    token: JSON.stringify({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

describe('tokens', () => {
  it('keeps native tokens as they are and web subscriptions in their stored form', () => {
    const token = fcmToken();
    expect(normaliseDeviceToken('android', token)).toBe(token);
    const { token: web } = subscriber('https://updates.push.services.mozilla.com/wpush/v2/abc');
    const withExtra = JSON.stringify({ ...JSON.parse(web), expirationTime: null });
    expect(normaliseDeviceToken('web', withExtra)).toBe(web);
  });

  it('refuses what can never receive a push', () => {
    expect(normaliseDeviceToken('ios', '')).toBeNull();
    expect(normaliseDeviceToken('ios', 'x'.repeat(1025))).toBeNull();
    expect(normaliseDeviceToken('android', 'tab\there')).toBeNull();
    expect(normaliseDeviceToken('web', fcmToken())).toBeNull();
    const { token } = subscriber('https://push.example.com/1');
    const parsed = JSON.parse(token);
    for (const bad of [
      { ...parsed, endpoint: 'http://push.example.com/1' },
      { ...parsed, endpoint: 'https://user:pw@push.example.com/1' },
      { ...parsed, endpoint: 'not a url' },
      { ...parsed, keys: { ...parsed.keys, p256dh: Buffer.alloc(65, 5).toString('base64url') } },
      { ...parsed, keys: { ...parsed.keys, auth: randomBytes(15).toString('base64url') } },
      { ...parsed, keys: { ...parsed.keys, auth: 'not+base64/url' } },
      { endpoint: parsed.endpoint },
      [parsed],
      null,
    ])
      expect(normaliseDeviceToken('web', JSON.stringify(bad)), JSON.stringify(bad)).toBeNull();
  });
});

describe('the embedded default', () => {
  const outboxTo = (to: string) =>
    queryRows<{ subject: string; body: string }>(
      database.db,
      sql`select subject, body from outbox where channel = 'push' and "to" = ${to}`,
    );

  it('writes a push to an FCM token to the outbox', async () => {
    const provider = embeddedPush(database.db, 'native');
    const target: PushTarget = { platform: 'android', token: fcmToken(), deviceId: 'emb-1' };
    expect(await provider.send(target, message)).toBe('sent');
    expect(await outboxTo('android:emb-1')).toEqual([
      { subject: message.title, body: `${message.body}\n\nnavigation_url: /services/usage` },
    ]);
  });

  it('answers dead, as FCM does, for a token that is not an FCM token, and sends nothing', async () => {
    const provider = embeddedPush(database.db, 'native');
    for (const token of ['ab'.repeat(32), 'no-colon-here-at-all', 'short:tok'])
      expect(await provider.send({ platform: 'ios', token, deviceId: 'emb-2' }, message)).toBe(
        'dead',
      );
    expect(await outboxTo('ios:emb-2')).toEqual([]);
  });

  it('answers dead for a token the provider forgot (an app uninstalled, a permission revoked)', async () => {
    const native = embeddedPush(database.db, 'native');
    const token = fcmToken();
    native.forget(token);
    expect(await native.send({ platform: 'android', token, deviceId: 'emb-3' }, message)).toBe(
      'dead',
    );
    const web = embeddedPush(database.db, 'web');
    const { token: subscription } = subscriber('https://fcm.googleapis.com/fcm/send/forgotten');
    expect(
      await web.send({ platform: 'web', token: subscription, deviceId: 'emb-4' }, message),
    ).toBe('sent');
    web.forget(subscription);
    expect(
      await web.send({ platform: 'web', token: subscription, deviceId: 'emb-4' }, message),
    ).toBe('dead');
    expect(await outboxTo('web:emb-4')).toHaveLength(1);
  });
});

describe('FCM', () => {
  const failing = (code: string) => ({
    send: async (): Promise<string> => {
      throw Object.assign(new Error(code), { code });
    },
  });

  it('sends the notification with its navigation_url as data', async () => {
    const sent: Message[] = [];
    const provider = fcmProvider({
      send: async (m) => {
        sent.push(m);
        return 'projects/demo/messages/1';
      },
    });
    const token = fcmToken();
    expect(await provider.send({ platform: 'ios', token, deviceId: 'd' }, message)).toBe('sent');
    expect(sent[0]).toMatchObject({
      token,
      notification: { title: message.title, body: message.body },
      data: { navigation_url: '/services/usage', kind: 'usage' },
    });
  });

  it("reads FCM's 'not registered' and 'invalid token' answers as dead, other failures as errors", async () => {
    const target: PushTarget = { platform: 'android', token: fcmToken(), deviceId: 'd' };
    for (const code of [
      'messaging/registration-token-not-registered',
      'messaging/invalid-registration-token',
    ])
      expect(await fcmProvider(failing(code)).send(target, message)).toBe('dead');
    await expect(
      fcmProvider(failing('messaging/server-unavailable')).send(target, message),
    ).rejects.toThrow('messaging/server-unavailable');
  });
});

/** RFC 8291 decryption (aes128gcm, one record) as the browser does it. */
function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const hmac = (key: Buffer, ...data: Buffer[]) => {
    const h = createHmac('sha256', key);
    for (const d of data) h.update(d);
    return h.digest();
  };
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ua.getPublicKey(),
    asPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  const end = plain.lastIndexOf(2); // the last record's delimiter, then padding
  return plain.subarray(0, end).toString('utf8');
}

describe('Web Push', () => {
  let service: FakePushService;
  let net: WebPushNet;
  const received = () => service.received;
  const endpoint = (p: string) => `https://fcm.googleapis.com${p}`;

  beforeAll(async () => {
    service = await fakePushService(isPublicAddress);
    // The fake stands for FCM: its host resolves to it, and its loopback address counts as public.
    net = service.net({ trustLoopback: true });
  });
  afterAll(async () => service.close());

  it('encrypts the payload for the subscription and signs the VAPID header', async () => {
    const vapid = { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() };
    const provider = webPushProvider(vapid, DEFAULT_WEB_PUSH_HOSTS, net);
    const sub = subscriber(endpoint('/push/subscription-1'));
    service.answer = { status: 201 };
    expect(
      await provider.send({ platform: 'web', token: sub.token, deviceId: 'browser' }, message),
    ).toBe('sent');
    const got = received().at(-1)!;
    expect(got.url).toBe('/push/subscription-1');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    // Only the subscriber's keys open it.
    expect(JSON.parse(decrypt(got.body, sub.ecdh, sub.auth))).toEqual({
      title: message.title,
      body: message.body,
      data: message.data,
    });
    // The VAPID JWT is signed by our key for this push service's origin.
    const authorization = String(got.headers.authorization);
    const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    expect(key).toBe(vapid.publicKey);
    const [header, claims, signature] = jwt!.split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
      aud: 'https://fcm.googleapis.com',
      sub: vapid.subject,
    });
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const verify = createVerify('SHA256');
    verify.update(`${header}.${claims}`);
    expect(
      verify.verify(
        {
          key: {
            kty: 'EC',
            crv: 'P-256',
            x: point.subarray(1, 33).toString('base64url'),
            y: point.subarray(33).toString('base64url'),
          },
          format: 'jwk',
          dsaEncoding: 'ieee-p1363',
        },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
  });

  it('answers dead for a subscription the push service calls gone (404, 410); other failures throw', async () => {
    const provider = webPushProvider(vapid(), DEFAULT_WEB_PUSH_HOSTS, net);
    const target: PushTarget = {
      platform: 'web',
      token: subscriber(endpoint('/push/gone')).token,
      deviceId: 'b',
    };
    for (const status of [404, 410]) {
      service.answer = { status };
      expect(await provider.send(target, message)).toBe('dead');
    }
    service.answer = { status: 429 };
    await expect(provider.send(target, message)).rejects.toThrow('429');
    service.answer = { status: 201 };
  });

  it('never follows a redirect: the push is dead and the address it points to gets nothing', async () => {
    const inner = await loopbackHttpListener();
    try {
      const provider = webPushProvider(vapid(), DEFAULT_WEB_PUSH_HOSTS, net);
      const before = received().length;
      for (const status of [301, 302, 307, 308]) {
        service.answer = {
          status,
          headers: { location: `http://127.0.0.1:${inner.port}/steal` },
        };
        const target: PushTarget = {
          platform: 'web',
          token: subscriber(endpoint(`/push/redirect-${status}`)).token,
          deviceId: 'r',
        };
        expect(await provider.send(target, message), String(status)).toBe('dead');
      }
      expect(received().length - before).toBe(4);
      expect(inner.received).toEqual([]);
    } finally {
      service.answer = { status: 201 };
      await inner.close();
    }
  });
});

describe('Web Push: where it may go (decision 036)', () => {
  let service: FakePushService;
  let http: Listener;
  beforeAll(async () => {
    service = await fakePushService(isPublicAddress);
    http = await loopbackHttpListener();
  });
  afterAll(async () => {
    await service.close();
    await http.close();
  });

  it('allows https on port 443 at the hosts of known push services only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://autopush.stage.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect(webPushEndpointAllowed(ok, DEFAULT_WEB_PUSH_HOSTS), ok).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com:80/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://127.0.0.1:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://localhost/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
    ])
      expect(webPushEndpointAllowed(bad, DEFAULT_WEB_PUSH_HOSTS), bad).toBe(false);
  });

  it('counts only public unicast addresses as public', () => {
    for (const address of ['142.250.70.234', '2404:6800:4006:80a::200a', '17.188.166.20'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('answers dead, and calls nothing, for an endpoint off the list (a subscription stored before)', async () => {
    const provider = webPushProvider(vapid(), DEFAULT_WEB_PUSH_HOSTS, WEB_PUSH_NET);
    for (const url of [
      `https://127.0.0.1:${service.port}/push`,
      `https://127.0.0.1:${http.port}/push`,
      `http://127.0.0.1:${http.port}/push`,
      'https://169.254.169.254/latest/meta-data/',
      'https://push.example.com/x',
      'https://fcm.googleapis.com:8443/x',
    ]) {
      const target: PushTarget = { platform: 'web', token: subscriber(url).token, deviceId: 'x' };
      expect(await provider.send(target, message), url).toBe('dead');
    }
    expect(service.received).toEqual([]);
    expect(http.received).toEqual([]);
  });

  it('refuses a push service host that resolves to a private address, before connecting', async () => {
    // FCM's name made to point at loopback (a poisoned resolver, DNS rebinding): the production
    // address rule refuses it, and the fake service listening there receives nothing.
    const net = service.net({ trustLoopback: false });
    const provider = webPushProvider(vapid(), DEFAULT_WEB_PUSH_HOSTS, net);
    const target: PushTarget = {
      platform: 'web',
      token: subscriber('https://fcm.googleapis.com/fcm/send/rebound').token,
      deviceId: 'x',
    };
    expect(await provider.send(target, message)).toBe('dead');
    expect(net.lookups).toEqual(['fcm.googleapis.com']);
    expect(service.received).toEqual([]);
  });

  it('connects to the address it checked, asking DNS once (no second answer to rebind)', async () => {
    const answers = [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
    ];
    let asked = 0;
    const provider = webPushProvider(vapid(), DEFAULT_WEB_PUSH_HOSTS, {
      resolve: async () => answers[Math.min(asked++, 1)]!,
      // Only the first answer passes the check: a second lookup would go elsewhere.
      addressAllowed: (address) => address === '127.0.0.1',
      port: service.port,
      ca: service.ca,
    });
    const target: PushTarget = {
      platform: 'web',
      token: subscriber('https://fcm.googleapis.com/fcm/send/pinned').token,
      deviceId: 'x',
    };
    expect(await provider.send(target, message)).toBe('sent');
    expect(asked).toBe(1);
    expect(service.received.map((r) => r.url)).toEqual(['/fcm/send/pinned']);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', WEB_DIST: '/nonexistent' };

  it('uses the embedded default for both when nothing is configured, with a key browsers can use', () => {
    const push = createPush(loadConfig(base), database.db);
    expect(push.native.kind).toBe('outbox');
    expect(push.web.kind).toBe('outbox');
    expect(push.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('uses Web Push with the configured VAPID keys', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      ...base,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    const push = createPush(config, database.db);
    expect(push.web.kind).toBe('web-push');
    expect(push.native.kind).toBe('outbox');
    expect(push.vapidPublicKey).toBe(keys.publicKey);
  });

  it('reads the Web Push host list from WEB_PUSH_HOSTS (default: the known push services)', () => {
    expect(createPush(loadConfig(base), database.db).webHosts).toEqual(DEFAULT_WEB_PUSH_HOSTS);
    const own = loadConfig({ ...base, WEB_PUSH_HOSTS: ' Push.Example.net, *.push.example.org ' });
    expect(own.push.webHosts).toEqual(['push.example.net', '*.push.example.org']);
    for (const bad of ['127.0.0.1', '*', 'https://push.example.net', '*.com', ','])
      expect(() => loadConfig({ ...base, WEB_PUSH_HOSTS: bad }), bad).toThrow(/WEB_PUSH_HOSTS/);
  });

  it('refuses half a VAPID configuration and a service account that is not one', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT: '{not json' })).toThrow(
      /FCM_SERVICE_ACCOUNT: is not valid JSON/,
    );
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT: '/nonexistent/key.json' })).toThrow(
      /FCM_SERVICE_ACCOUNT/,
    );
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT: '{"project_id":"x"}' })).toThrow(
      /project_id, client_email and private_key/,
    );
  });

  it('reads the service account from JSON or from a file, and makes an FCM client of it', async () => {
    const account = {
      type: 'service_account',
      project_id: 'outpost-test',
      client_email: 'push@outpost-test.iam.gserviceaccount.com',
      private_key: (await import('node:crypto'))
        .generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    };
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fcm-')), 'key.json');
    writeFileSync(file, JSON.stringify(account));
    for (const value of [JSON.stringify(account), file]) {
      const config = loadConfig({ ...base, FCM_SERVICE_ACCOUNT: value });
      expect(config.push.fcm).toEqual({
        project_id: account.project_id,
        client_email: account.client_email,
        private_key: account.private_key,
      });
      const push = createPush(config, database.db);
      expect(push.native.kind).toBe('fcm');
      await push.close();
    }
  });
});
