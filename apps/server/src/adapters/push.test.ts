import { createDecipheriv, createECDH, createHmac, createVerify, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import {
  createPush,
  embeddedPush,
  fcmProvider,
  normaliseDeviceToken,
  webPushProvider,
} from './push';

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
    const { token: subscription } = subscriber('https://push.example.com/forgotten');
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
  type Received = { headers: IncomingHttpHeaders; body: Buffer; url: string };
  const received: Received[] = [];
  let answer = 201;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('encrypts the payload for the subscription and signs the VAPID header', async () => {
    const vapid = { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() };
    const provider = webPushProvider(vapid);
    const sub = subscriber(`${base}/push/subscription-1`);
    answer = 201;
    expect(
      await provider.send({ platform: 'web', token: sub.token, deviceId: 'browser' }, message),
    ).toBe('sent');
    const got = received.at(-1)!;
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
      aud: base,
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
    const provider = webPushProvider({
      subject: 'mailto:ops@example.com',
      ...webpush.generateVAPIDKeys(),
    });
    const target: PushTarget = {
      platform: 'web',
      token: subscriber(`${base}/push/gone`).token,
      deviceId: 'b',
    };
    for (const status of [404, 410]) {
      answer = status;
      expect(await provider.send(target, message)).toBe('dead');
    }
    answer = 429;
    await expect(provider.send(target, message)).rejects.toThrow('429');
    answer = 201;
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
