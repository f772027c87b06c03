import { randomBytes, createECDH } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { DeviceRecord, LatestNotifications } from '@outpost/contracts/notifications';
import {
  MAX_DEVICES_PER_USER,
  NATIVE_TOKEN_MAX,
  WEB_PUSH_ENDPOINT_REFUSED,
} from '@outpost/contracts/notifications';
import { INVALID_DEVICE_TOKEN } from '@outpost/contracts/native-messages';
import { webRoutes } from '@outpost/contracts/web-routes';
import type { Push } from '../../adapters/push';
import { embeddedPush, tokenHash } from '../../adapters/push';
import type { WebPushNet } from '../../adapters/push-providers';
import { WEB_PUSH_NET, webPushProvider } from '../../adapters/push-providers';
import { DEFAULT_WEB_PUSH_HOSTS, isPublicAddress } from '../../adapters/push-hosts';
import { fakePushService, loopbackHttpListener } from '../../adapters/push-service.test-helper';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { deviceTokens } from './notifications.schema';
import { notify } from './notifications.service';
import { webPaths } from './web-paths';

const KEY = 'notifications-test-internal-service-key-01';
const HOLDER = 5001;
const SERVICES = 5003;
const VIEWER = 5008;
const OTHER = 5006;
const HOUR = 3_600_000;
const MB = 1_000_000;

const time = manualClock(new Date());
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock, env: { INTERNAL_API_KEY: KEY } });
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx, HOLDER);

/** An FCM-shaped registration token ('<instance id>:<token>'). */
const fcmToken = (label: string) =>
  `${label.replace(/[^A-Za-z0-9_-]/g, '')}x${randomBytes(4).toString('hex')}:APA91b${randomBytes(60).toString('base64url')}`;

/** A browser's Web Push subscription, as PushSubscription.toJSON() gives it. */
function webSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

async function call(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: object,
  who: number,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    payload,
    headers: { 'x-user-token': (await api.tokenOf(who))!, ...headers },
  });
}

const register = (who: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call('POST', apiPaths.deviceToken, { userId: who, ...body }, who, headers);

async function devicesOf(who: number): Promise<DeviceRecord[]> {
  const res = await api.get(apiPaths.deviceTokens, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { devices: DeviceRecord[] }).devices;
}

async function clearDevices() {
  await ctx.database.db.execute(sql`delete from device_tokens`);
  await ctx.database.db.execute(sql`delete from push_notifications`);
}

describe('device tokens', () => {
  beforeEach(clearDevices);

  it('registers a device, lists it, and replaces its token when it registers again', async () => {
    const first = fcmToken('phone');
    const res = await register(HOLDER, { token: first, deviceId: 'phone-1', platform: 'android' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.device).toMatchObject({
      token: first,
      deviceId: 'phone-1',
      userId: HOLDER,
      platform: 'android',
      last_used: null,
    });
    expect(await devicesOf(HOLDER)).toHaveLength(1);

    const second = fcmToken('phone');
    const again = await register(HOLDER, { token: second, deviceId: 'phone-1' });
    expect(again.statusCode, again.body).toBe(200);
    const devices = await devicesOf(HOLDER);
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ token: second, deviceId: 'phone-1' });
    // Nobody else sees it.
    expect(await devicesOf(SERVICES)).toEqual([]);
  });

  it('takes the user id as a string of digits too (the client keeps it as text)', async () => {
    const res = await call(
      'POST',
      apiPaths.deviceToken,
      { userId: String(HOLDER), token: fcmToken('text'), deviceId: 'text-id', platform: 'ios' },
      HOLDER,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('tells the platform from the token and the user agent when the client does not say', async () => {
    const web = JSON.stringify(webSubscription());
    expect(
      (await register(HOLDER, { token: web, deviceId: 'browser' })).json().data.device.platform,
    ).toBe('web');
    const ios = await register(
      HOLDER,
      { token: fcmToken('ios'), deviceId: 'iphone' },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit' },
    );
    expect(ios.json().data.device.platform).toBe('ios');
    const android = await register(
      HOLDER,
      { token: fcmToken('android'), deviceId: 'pixel' },
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' },
    );
    expect(android.json().data.device.platform).toBe('android');
  });

  it("answers exactly 'Invalid device token' to a token that can never receive a push", async () => {
    const good = webSubscription();
    const cases: [string, Record<string, unknown>][] = [
      ['empty', { token: '', platform: 'android' }],
      ['too long', { token: 'a'.repeat(NATIVE_TOKEN_MAX + 1), platform: 'android' }],
      ['with spaces', { token: 'not a token', platform: 'ios' }],
      ['web: not JSON', { token: 'hello', platform: 'web' }],
      [
        'web: http endpoint',
        {
          token: JSON.stringify({ ...good, endpoint: 'http://push.example.com/x' }),
          platform: 'web',
        },
      ],
      ['web: no keys', { token: JSON.stringify({ endpoint: good.endpoint }), platform: 'web' }],
      [
        'web: short p256dh',
        {
          token: JSON.stringify({ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }),
          platform: 'web',
        },
      ],
      [
        'web: short auth',
        {
          token: JSON.stringify({ ...good, keys: { ...good.keys, auth: 'AAAA' } }),
          platform: 'web',
        },
      ],
      [
        'web: too long',
        { token: JSON.stringify({ ...good, padding: 'x'.repeat(5000) }), platform: 'web' },
      ],
    ];
    for (const [name, body] of cases) {
      const res = await register(HOLDER, { deviceId: 'bad', ...body });
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res), name).toBe(INVALID_DEVICE_TOKEN);
      const patched = await call(
        'PATCH',
        apiPaths.deviceToken,
        { deviceId: 'bad', ...body },
        HOLDER,
      );
      expect(patched.statusCode, name).toBe(400);
      expect(errorOf(patched), name).toBe(INVALID_DEVICE_TOKEN);
    }
    expect(await devicesOf(HOLDER)).toEqual([]);
  });

  it("refuses another user's id with 404, as for any object not the caller's", async () => {
    for (const someone of [SERVICES, OTHER, 2_147_483_000]) {
      const res = await call(
        'POST',
        apiPaths.deviceToken,
        { userId: someone, token: fcmToken('x'), deviceId: 'x-1', platform: 'android' },
        HOLDER,
      );
      expect(res.statusCode, String(someone)).toBe(404);
    }
    expect(await devicesOf(HOLDER)).toEqual([]);
    expect(await devicesOf(SERVICES)).toEqual([]);
  });

  it('refreshes a token with PATCH (keeping the platform), registering a device it does not know', async () => {
    await register(HOLDER, { token: fcmToken('a'), deviceId: 'ipad', platform: 'ios' });
    const next = fcmToken('b');
    const res = await call(
      'PATCH',
      apiPaths.deviceToken,
      { token: next, deviceId: 'ipad' },
      HOLDER,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.device).toMatchObject({ token: next, platform: 'ios' });
    const unknown = await call(
      'PATCH',
      apiPaths.deviceToken,
      { token: fcmToken('c'), deviceId: 'new-phone', platform: 'android' },
      HOLDER,
    );
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect((await devicesOf(HOLDER)).map((d) => d.deviceId).sort()).toEqual(['ipad', 'new-phone']);
  });

  it('deletes a device, and answers 200 when it is already gone', async () => {
    const token = fcmToken('gone');
    await register(HOLDER, { token, deviceId: 'gone', platform: 'android' });
    const first = await call('DELETE', apiPaths.deviceToken, { token, deviceId: 'gone' }, HOLDER);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ removed: true });
    const again = await call('DELETE', apiPaths.deviceToken, { token, deviceId: 'gone' }, HOLDER);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ removed: false });
    expect(await devicesOf(HOLDER)).toEqual([]);
  });

  it("never deletes another user's device", async () => {
    const token = fcmToken('theirs');
    await register(SERVICES, { token, deviceId: 'theirs', platform: 'android' });
    const res = await call('DELETE', apiPaths.deviceToken, { token, deviceId: 'theirs' }, HOLDER);
    expect(res.json().data).toEqual({ removed: false });
    expect(await devicesOf(SERVICES)).toHaveLength(1);
  });

  it('answers at the paths spec 1 section 7 writes, without /api/portal, the same as under it', async () => {
    const token = fcmToken('bare');
    const registered = await call(
      'POST',
      '/notifications/device-token',
      { token, deviceId: 'bare-phone', userId: HOLDER, platform: 'android' },
      HOLDER,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data.device).toMatchObject({ token, deviceId: 'bare-phone' });

    const listed = await api.get('/notifications/device-tokens', HOLDER);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect((listed.json().data as { devices: DeviceRecord[] }).devices).toEqual(
      await devicesOf(HOLDER),
    );

    const renewed = fcmToken('bare');
    const patched = await call(
      'PATCH',
      '/notifications/device-token',
      { token: renewed, deviceId: 'bare-phone' },
      HOLDER,
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await devicesOf(HOLDER))[0]).toMatchObject({ token: renewed, platform: 'android' });

    const latest = await api.get('/notifications/get-latest', HOLDER);
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json().data).toEqual(
      (await api.get(apiPaths.latestNotifications, HOLDER)).json().data,
    );

    const removed = await call(
      'DELETE',
      '/notifications/device-token',
      { token: renewed, deviceId: 'bare-phone' },
      HOLDER,
    );
    expect(removed.json().data).toEqual({ removed: true });
    expect(await devicesOf(HOLDER)).toEqual([]);

    // Still a session's own: without a token it is refused as under the prefix.
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/notifications/device-tokens' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves a token to the user now signed in on the device (the last one gets no more pushes)', async () => {
    const token = fcmToken('shared');
    await register(HOLDER, { token, deviceId: 'family-tablet', platform: 'android' });
    await register(SERVICES, { token, deviceId: 'family-tablet', platform: 'android' });
    expect(await devicesOf(HOLDER)).toEqual([]);
    expect(await devicesOf(SERVICES)).toHaveLength(1);
  });

  it('keeps at most MAX_DEVICES_PER_USER devices a person, dropping the one unused longest', async () => {
    for (let i = 0; i <= MAX_DEVICES_PER_USER; i += 1) {
      time.advance(1000);
      const res = await register(HOLDER, {
        token: fcmToken(`many${i}`),
        deviceId: `many-${i}`,
        platform: 'android',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const ids = (await devicesOf(HOLDER)).map((d) => d.deviceId);
    expect(ids).toHaveLength(MAX_DEVICES_PER_USER);
    expect(ids).not.toContain('many-0');
    expect(ids).toContain(`many-${MAX_DEVICES_PER_USER}`);
  });

  it("refreshes only the caller's own token: another person's answers 404 and stays theirs", async () => {
    const theirs = fcmToken('theirs');
    await register(SERVICES, { token: theirs, deviceId: 'their-phone', platform: 'android' });
    for (const deviceId of ['their-phone', 'my-phone']) {
      const res = await call('PATCH', apiPaths.deviceToken, { token: theirs, deviceId }, HOLDER);
      expect(res.statusCode, deviceId).toBe(404);
      expect(errorOf(res), deviceId).toBe('Invalid request: not found.');
    }
    expect(await devicesOf(HOLDER)).toEqual([]);
    expect(await devicesOf(SERVICES)).toMatchObject([{ token: theirs, deviceId: 'their-phone' }]);
    // Their own refresh still works.
    const mine = await call(
      'PATCH',
      apiPaths.deviceToken,
      { token: theirs, deviceId: 'their-phone' },
      SERVICES,
    );
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('refuses a Web Push endpoint that is not at a known push service, and nothing reaches it', async () => {
    const http = await loopbackHttpListener();
    const service = await fakePushService(() => false);
    try {
      const refused = [
        `https://127.0.0.1:${service.port}/push`,
        `https://127.0.0.1:${http.port}/push`,
        'https://127.0.0.1:5432/',
        'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'https://[::1]/push',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://push.example.com/x',
        'https://fcm.googleapis.com.evil.example/x',
      ];
      for (const endpoint of refused) {
        const token = JSON.stringify(webSubscription(endpoint));
        const posted = await register(HOLDER, { token, deviceId: 'ssrf', platform: 'web' });
        expect(posted.statusCode, endpoint).toBe(400);
        expect(errorOf(posted), endpoint).toBe(WEB_PUSH_ENDPOINT_REFUSED);
        const patched = await call(
          'PATCH',
          apiPaths.deviceToken,
          { token, deviceId: 'ssrf', platform: 'web' },
          HOLDER,
        );
        expect(patched.statusCode, endpoint).toBe(400);
        expect(errorOf(patched), endpoint).toBe(WEB_PUSH_ENDPOINT_REFUSED);
      }
      // http is not a subscription at all (decision 023): the spec's text, as before.
      const plain = await register(HOLDER, {
        token: JSON.stringify(webSubscription(`http://127.0.0.1:${http.port}/push`)),
        deviceId: 'ssrf',
        platform: 'web',
      });
      expect(errorOf(plain)).toBe(INVALID_DEVICE_TOKEN);
      expect(await devicesOf(HOLDER)).toEqual([]);
      const result = await notify(
        { db: ctx.database.db, push: webPush(DEFAULT_WEB_PUSH_HOSTS, WEB_PUSH_NET) },
        [HOLDER],
        { kind: 'usage', title: 't', body: 'b', navigation_url: webPaths.usage },
      );
      expect(result.sent + result.failed + result.dead).toBe(0);
      expect(http.received).toEqual([]);
      expect(service.received).toEqual([]);
    } finally {
      await http.close();
      await service.close();
    }
  });

  it('answers the VAPID public key browsers subscribe with', async () => {
    const res = await api.get(apiPaths.webPushKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});

/** A push whose web side is the real Web Push provider (its network given), native unused. */
function webPush(webHosts: readonly string[], net: WebPushNet): Push {
  return {
    native: embeddedPush(ctx.database.db, 'native'),
    web: webPushProvider(
      { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() },
      webHosts,
      net,
    ),
    vapidPublicKey: 'unused',
    webHosts,
    close: async () => {},
  };
}

describe('notify', () => {
  beforeEach(clearDevices);

  it('deletes, without calling them, stored Web Push endpoints that are not allowed (or resolve inward)', async () => {
    const http = await loopbackHttpListener();
    const service = await fakePushService(isPublicAddress);
    try {
      // Subscriptions stored before the host list (or since taken off it): written directly.
      const stored = [
        `https://127.0.0.1:${service.port}/push`,
        `https://127.0.0.1:${http.port}/push`,
        'https://169.254.169.254/latest/meta-data/',
        'https://push.example.com/x',
        // On the list, but its name resolves to loopback here: refused at send time.
        'https://fcm.googleapis.com/fcm/send/rebound',
      ];
      const now = time.clock();
      await ctx.database.db.insert(deviceTokens).values(
        stored.map((endpoint, i) => {
          const token = JSON.stringify({ endpoint, keys: webSubscription().keys });
          return {
            userId: HOLDER,
            deviceId: `legacy-${i}`,
            platform: 'web' as const,
            token,
            tokenHash: tokenHash(token),
            createdAt: now,
            updatedAt: now,
          };
        }),
      );
      const result = await notify(
        {
          db: ctx.database.db,
          push: webPush(DEFAULT_WEB_PUSH_HOSTS, service.net({ trustLoopback: false })),
        },
        [HOLDER],
        { kind: 'usage', title: 't', body: 'b', navigation_url: webPaths.usage },
        now,
      );
      expect(result).toEqual({ users: 1, sent: 0, dead: stored.length, failed: 0 });
      expect(await devicesOf(HOLDER)).toEqual([]);
      expect(http.received).toEqual([]);
      expect(service.received).toEqual([]);
    } finally {
      await http.close();
      await service.close();
    }
  });

  it('deletes a subscription the push service calls gone (410), so the next push skips it', async () => {
    const service = await fakePushService(isPublicAddress);
    try {
      const push = webPush(DEFAULT_WEB_PUSH_HOSTS, service.net({ trustLoopback: true }));
      await register(HOLDER, {
        token: JSON.stringify(webSubscription('https://fcm.googleapis.com/fcm/send/gone')),
        deviceId: 'gone-browser',
      });
      service.answer = { status: 410 };
      const alert = {
        kind: 'usage',
        title: 't',
        body: 'b',
        navigation_url: webPaths.usage,
      } as const;
      expect(await notify({ db: ctx.database.db, push }, [HOLDER], alert)).toMatchObject({
        dead: 1,
      });
      expect(await devicesOf(HOLDER)).toEqual([]);
      expect(await notify({ db: ctx.database.db, push }, [HOLDER], alert)).toMatchObject({
        sent: 0,
        dead: 0,
      });
      expect(service.received).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  /** A push of embedded providers of the test's own, so it can forget tokens like FCM does. */
  function testPush() {
    const native = embeddedPush(ctx.database.db, 'native');
    const web = embeddedPush(ctx.database.db, 'web');
    const push: Push = {
      native,
      web,
      vapidPublicKey: 'unused',
      webHosts: DEFAULT_WEB_PUSH_HOSTS,
      close: async () => {},
    };
    return { push, native, web };
  }

  const pushesTo = (address: string) =>
    queryRows<{ subject: string; body: string }>(
      ctx.database.db,
      sql`select subject, body from outbox where channel = 'push' and "to" = ${address} order by id`,
    );

  it("deletes the tokens the provider calls dead and keeps the others' sending", async () => {
    const { push, native, web } = testPush();
    const live = fcmToken('live');
    const uninstalled = fcmToken('uninstalled');
    const browser = webSubscription();
    await register(HOLDER, { token: live, deviceId: 'dead-test-live', platform: 'android' });
    await register(HOLDER, { token: uninstalled, deviceId: 'dead-test-gone', platform: 'ios' });
    await register(HOLDER, { token: JSON.stringify(browser), deviceId: 'dead-test-web' });
    // Not an FCM token at all (an APNs device token sent as is): FCM calls it invalid.
    await register(HOLDER, { token: 'ab'.repeat(32), deviceId: 'dead-test-apns', platform: 'ios' });
    native.forget(uninstalled);
    web.forget(JSON.stringify(browser));

    const result = await notify(
      { db: ctx.database.db, push },
      [HOLDER],
      {
        kind: 'usage',
        title: 'Dead tokens',
        body: 'Only one gets this.',
        navigation_url: webPaths.usage,
      },
      time.clock(),
    );
    expect(result).toEqual({ users: 1, sent: 1, dead: 3, failed: 0 });
    const devices = await devicesOf(HOLDER);
    expect(devices.map((d) => d.deviceId)).toEqual(['dead-test-live']);
    expect(devices[0]!.last_used).not.toBeNull();
    expect(await pushesTo('android:dead-test-live')).toEqual([
      { subject: 'Dead tokens', body: `Only one gets this.\n\nnavigation_url: ${webPaths.usage}` },
    ]);
    expect(await pushesTo('ios:dead-test-gone')).toEqual([]);
  });

  it('logs a provider failure and never throws; the token is kept', async () => {
    const failing: Push = {
      native: {
        kind: 'fcm',
        send: async () => {
          throw new Error('FCM unreachable');
        },
      },
      web: embeddedPush(ctx.database.db, 'web'),
      vapidPublicKey: 'unused',
      webHosts: DEFAULT_WEB_PUSH_HOSTS,
      close: async () => {},
    };
    await register(HOLDER, { token: fcmToken('kept'), deviceId: 'kept', platform: 'android' });
    const logged: string[] = [];
    const result = await notify(
      { db: ctx.database.db, push: failing, onError: (_e, context) => logged.push(context) },
      [HOLDER],
      { kind: 'ticket', title: 'x', body: 'y', navigation_url: webPaths.ticket(1) },
    );
    expect(result).toEqual({ users: 1, sent: 0, dead: 0, failed: 1 });
    expect(logged).toEqual(['push ticket to a android device failed']);
    expect(await devicesOf(HOLDER)).toHaveLength(1);
  });

  it('opens portal routes that exist', () => {
    const paths = [
      webPaths.usage,
      webPaths.invoices,
      webPaths.oneOffPayment,
      webPaths.networkStatus(7),
      webPaths.ticket(240001),
    ].map((p) => p.split('#')[0]!);
    const known = webRoutes.map((r) => new RegExp(`^${r.path.replace(/:[a-z_-]+/gi, '[^/]+')}$`));
    for (const p of paths)
      expect(
        known.some((k) => k.test(p)),
        p,
      ).toBe(true);
  });
});

describe('a usage alert', () => {
  beforeEach(clearDevices);

  it('is pushed to each registered device of the users who opted in, none to those who did not', async () => {
    const db = ctx.database.db;
    // A metered broadband service of the holder's account (HOLDER, SERVICES, VIEWER see usage).
    const [service] = await queryRows<{ id: number; period_start: Date | string; quota: number }>(
      db,
      sql`select s.id, s.period_start, p.peak_quota_mb as quota from services s join plans p on p.id = s.plan_id
           where s.account_id = 100001 and s.type = 'Broadband' and s.status = 'active'
             and not p.unlimited and p.peak_quota_mb > 0
           order by s.id limit 1`,
    );
    expect(service).toBeDefined();
    await db.execute(sql`delete from usage_alerts_sent where service_id = ${service!.id}`);

    const holderPhone = fcmToken('holder-phone');
    await register(HOLDER, { token: holderPhone, deviceId: 'holder-phone', platform: 'android' });
    await register(HOLDER, {
      token: JSON.stringify(webSubscription()),
      deviceId: 'holder-browser',
    });
    await register(VIEWER, {
      token: fcmToken('viewer'),
      deviceId: 'viewer-phone',
      platform: 'ios',
    });
    // The viewer turns push off; the services contact has no device.
    const off = await api.patch(apiPaths.preferences, [{ id: 6, data: { value: false } }], VIEWER);
    expect(off.statusCode, off.body).toBe(200);
    const before = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from outbox where channel = 'push'`,
    );

    try {
      // Well past the whole allowance in one peak hour of the current period.
      const hour = new Date(new Date(service!.period_start).getTime() + 16 * HOUR);
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.internalUsageRecords,
        headers: { 'x-service-key': KEY },
        payload: {
          records: [
            {
              serviceid: service!.id,
              hour: hour.toISOString(),
              metered_down: service!.quota * 3 * MB,
              metered_up: 0,
              unmetered_down: 0,
              unmetered_up: 0,
              shaped: 0,
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.alerts).toBeGreaterThanOrEqual(1);

      const pushes = await queryRows<{ to: string; subject: string; body: string }>(
        db,
        sql`select "to", subject, body from outbox where channel = 'push' order by id offset ${before[0]!.n}`,
      );
      expect(pushes.map((p) => p.to).sort()).toEqual([
        'android:holder-phone',
        'web:holder-browser',
      ]);
      for (const p of pushes) {
        expect(p.subject).toBe('Data usage update');
        expect(p.body).toContain('You have used all of your');
        expect(p.body).toContain(`navigation_url: ${webPaths.usage}`);
      }

      const latest = await api.get(apiPaths.latestNotifications, HOLDER);
      expect(latest.statusCode).toBe(200);
      const { notifications } = latest.json().data as LatestNotifications;
      expect(notifications[0]).toMatchObject({
        kind: 'usage',
        title: 'Data usage update',
        navigation_url: '/services/usage',
      });
      const viewerLatest = await api.get(apiPaths.latestNotifications, VIEWER);
      expect((viewerLatest.json().data as LatestNotifications).notifications).toEqual([]);
      expect(await devicesOf(VIEWER)).toHaveLength(1); // off is not unregistered
    } finally {
      await api.patch(apiPaths.preferences, [{ id: 6, data: { value: true } }], VIEWER);
      await db.execute(sql`delete from usage_alerts_sent where service_id = ${service!.id}`);
    }
  });
});

describe('the other notifications', () => {
  beforeEach(clearDevices);

  const pushesTo = (address: string) =>
    queryRows<{ subject: string; body: string }>(
      ctx.database.db,
      sql`select subject, body from outbox where channel = 'push' and "to" = ${address} order by id`,
    );
  const internal = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: { 'x-service-key': KEY }, payload });

  it("pushes the desk's reply to the contact who opened the ticket, opening the ticket", async () => {
    const [ticket] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into tickets (account_id, created_by, category, subject, status)
          values (100001, ${SERVICES}, 'Other', 'Push ticket', 'Open') returning id`,
    );
    await register(SERVICES, {
      token: fcmToken('svc'),
      deviceId: 'ticket-phone',
      platform: 'android',
    });
    await register(HOLDER, {
      token: fcmToken('hold'),
      deviceId: 'ticket-holder',
      platform: 'android',
    });
    const res = await internal(
      'POST',
      buildPath(apiPaths.internalTicketReply, { ticketid: ticket!.id }),
      {
        message: 'We have reset your modem.',
        status: 'Waiting',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const pushed = await pushesTo('android:ticket-phone');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.subject).toMatch(/^Ticket .+ needs your reply$/);
    expect(pushed[0]!.body).toBe(
      `Support team: We have reset your modem.\n\nnavigation_url: /support/my-tickets/${ticket!.id}`,
    );
    expect(await pushesTo('android:ticket-holder')).toEqual([]);
  });

  it("pushes an advisory's update to its subscribers, opening the advisory", async () => {
    const created = await internal('POST', apiPaths.internalAdvisories, {
      title: 'Push outage',
      severity: 'High',
      status: 'Investigating',
      started: new Date(time.clock().getTime() - HOUR).toISOString(),
      message: 'Tower down.',
      areas: { postcodes: ['9998'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const advisoryid = (created.json().data as { advisoryid: number }).advisoryid;
    const subscribed = await api.post(
      buildPath(apiPaths.advisorySubscription, { advisoryid }),
      {},
      HOLDER,
    );
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    await register(HOLDER, {
      token: JSON.stringify(webSubscription()),
      deviceId: 'outage-browser',
    });
    const updated = await internal('PATCH', buildPath(apiPaths.internalAdvisory, { advisoryid }), {
      note: 'Technicians are on site.',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await pushesTo('web:outage-browser')).toEqual([
      {
        subject: 'Network update: Push outage',
        body: `Technicians are on site.\n\nnavigation_url: /support/network-status#advisory-${advisoryid}`,
      },
    ]);
  });
});
