import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushMessage, PushTarget } from './push';
import { pushTopic } from './push';
import { webPushProvider } from './push-providers';

const message: PushMessage = {
  title: 'Payment received',
  body: 'Your payment of $12.50 was received.',
  data: { navigation_url: '/billing/invoices', kind: 'payment' },
};

function webTarget(deviceId: string): PushTarget {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    platform: 'web',
    deviceId,
    token: JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/subscription-1',
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    }),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the Web Push Topic (one push sent again is one push)', () => {
  it('is the same for the same push to the same device, another for another push or device', () => {
    const target = webTarget('browser-1');
    const topic = pushTopic(target, message);
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic({ ...target }, { ...message, data: { ...message.data } })).toBe(topic);
    expect(pushTopic(webTarget('browser-2'), message)).not.toBe(topic);
    expect(
      pushTopic(target, { ...message, body: 'Your payment of $12.51 was received.' }),
    ).not.toBe(topic);
  });

  it('goes with every Web Push request, the same on a resend', async () => {
    const topics: unknown[] = [];
    // The request is built, its options seen, and nothing leaves the machine.
    vi.spyOn(webpush, 'generateRequestDetails').mockImplementation((_sub, _payload, options) => {
      topics.push(options?.topic);
      throw new Error('stopped before sending');
    });
    const vapid = { subject: 'mailto:ops@example.com', ...webpush.generateVAPIDKeys() };
    const provider = webPushProvider(vapid);
    const target = webTarget('browser-1');
    await expect(provider.send(target, message)).rejects.toThrow('stopped before sending');
    await expect(provider.send(target, message)).rejects.toThrow('stopped before sending');
    expect(topics).toEqual([pushTopic(target, message), pushTopic(target, message)]);
  });
});
