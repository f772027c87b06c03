import Fastify from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { PermanentDeliveryError } from './delivery-error';
import type { ChannelMessage, MessageChannel } from './message-channel';
import { drainOutbox, enqueueMessage, outboxChannel } from './messaging';
import { outbox } from './messaging.schema';
import {
  ACCOUNT_SID,
  API_KEY_SECRET,
  API_KEY_SID,
  AUTH_TOKEN,
  basic,
  NUMBERS,
  SERVICE_SID,
  startMessageMediaFake,
  startTwilioFake,
} from './sms-fakes.test-helper';
import type { MessageMediaConfig, TwilioConfig } from './sms-providers';
import {
  messageMediaCallbackToken,
  messageMediaChannel,
  smsStatusCallback,
  twilioChannel,
  twilioSignature,
} from './sms-providers';

const PUBLIC_URL = 'https://portal.example.net';
const KEY = 'a6d1f5b2-3c4e-4f60-8a9b-0c1d2e3f4a5b';

const message = (to: string, key = KEY): ChannelMessage => ({
  to,
  subject: '',
  body: 'Your code is 654321',
  key,
});

let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
let messageMedia: Awaited<ReturnType<typeof startMessageMediaFake>>;
let database: Database;
beforeAll(async () => {
  [twilio, messageMedia, database] = await Promise.all([
    startTwilioFake(),
    startMessageMediaFake(),
    openTestDatabase(),
  ]);
});
afterAll(async () => {
  await Promise.all([twilio.app.close(), messageMedia.app.close(), database.close()]);
});
beforeEach(() => {
  twilio.received.length = 0;
  twilio.elsewhere.length = 0;
  messageMedia.received.length = 0;
});

function twilioConfig(overrides: Partial<TwilioConfig> = {}): TwilioConfig & { from: string } {
  return {
    provider: 'twilio',
    apiUrl: twilio.url,
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    apiKey: null,
    messagingServiceSid: undefined,
    from: 'Outpost',
    ...overrides,
  };
}

function twilioSms(overrides: Partial<TwilioConfig & { from: string }> = {}): MessageChannel {
  const config = { ...twilioConfig(), ...overrides };
  return twilioChannel({
    ...config,
    statusCallback: (key) => smsStatusCallback(PUBLIC_URL, config, key),
  });
}

describe('Twilio', () => {
  it("posts the form Twilio's Messages API takes, with Basic auth, and keeps the message's sid", async () => {
    const sent = await twilioSms().send(message('0491 570 156'));
    expect(sent).toEqual({ providerId: 'SM0123456789abcdef0123456789abcdef' });
    expect(twilio.received).toEqual([
      {
        path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
        authorization: basic(ACCOUNT_SID, AUTH_TOKEN),
        contentType: 'application/x-www-form-urlencoded',
        body:
          'To=%2B61491570156&From=Outpost&Body=Your+code+is+654321' +
          `&StatusCallback=https%3A%2F%2Fportal.example.net%2Fapi%2Fsms%2Fstatus%2Ftwilio%2F${KEY}%2F`,
      },
    ]);
  });

  it('sends from a number in E.164, or through a Messaging Service with an API key', async () => {
    await twilioSms({ from: '0491570157' }).send(message(NUMBERS.ok));
    await twilioSms({
      messagingServiceSid: SERVICE_SID,
      apiKey: { sid: API_KEY_SID, secret: API_KEY_SECRET },
    }).send(message(NUMBERS.ok));
    const forms = twilio.received.map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    expect(forms[0]).toMatchObject({ To: NUMBERS.ok, From: '+61491570157' });
    expect(forms[1]).toEqual({
      To: NUMBERS.ok,
      MessagingServiceSid: SERVICE_SID,
      Body: 'Your code is 654321',
      StatusCallback: `${PUBLIC_URL}/api/sms/status/twilio/${KEY}/`,
    });
    expect(twilio.received[1]!.authorization).toBe(basic(API_KEY_SID, API_KEY_SECRET));
  });

  it("refuses for good what Twilio refuses with 400: an invalid 'To', an unsubscribed recipient", async () => {
    const sms = twilioSms();
    await expect(sms.send(message(NUMBERS.invalid))).rejects.toThrow(
      new PermanentDeliveryError(
        "Twilio answered 400 (21211: Invalid 'To' Phone Number: +614915XXXX)",
      ),
    );
    const unsubscribed = sms.send(message(NUMBERS.unsubscribed));
    await expect(unsubscribed).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(unsubscribed).rejects.toThrow(
      'Twilio answered 400 (21610: Attempt to send to unsubscribed recipient)',
    );
    // Not a phone number at all: refused without asking Twilio.
    await expect(sms.send(message('1300 975 707'))).rejects.toThrow(
      new PermanentDeliveryError("'1300 975 707' is not a phone number an SMS can go to"),
    );
    expect(twilio.received).toHaveLength(2);
  });

  it('fails so the outbox retries on 429, 5xx and wrong credentials', async () => {
    for (const [to, why] of [
      [NUMBERS.busy, 'Twilio answered 429 (20429: Too Many Requests)'],
      [NUMBERS.broken, 'Twilio answered 500 (20500: Internal Server Error)'],
    ] as const) {
      const failure = twilioSms().send(message(to));
      await expect(failure).rejects.toThrow(why);
      await expect(failure).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    }
    const wrongToken = twilioSms({ authToken: 'ffffffffffffffffffffffffffffffff' }).send(
      message(NUMBERS.ok),
    );
    await expect(wrongToken).rejects.toThrow('Twilio answered 401 (20003: Authenticate)');
    await expect(wrongToken).rejects.not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('never follows a redirect: the credentials and the message go to the configured API only', async () => {
    const redirecting = Fastify();
    redirecting.addContentTypeParser('*', (_request, _payload, done) => done(null));
    redirecting.post('/*', async (_request, reply) => reply.redirect(`${twilio.url}/collect`, 307));
    const url = await redirecting.listen({ port: 0, host: '127.0.0.1' });
    try {
      const failure = twilioSms({ apiUrl: url }).send(message(NUMBERS.ok));
      await expect(failure).rejects.toThrow('Twilio answered 307');
      await expect(failure).rejects.not.toBeInstanceOf(PermanentDeliveryError);
      expect(twilio.elsewhere).toEqual([]);
    } finally {
      await redirecting.close();
    }
  });

  it("signs as Twilio documents it (its example: 'https://mycompany.com/myapp.php?foo=1&bar=2')", () => {
    expect(
      twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', [
        ['CallSid', 'CA1234567890ABCDE'],
        ['Caller', '+12349013030'],
        ['Digits', '1234'],
        ['From', '+12349013030'],
        ['To', '+18005551212'],
      ]),
    ).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
});

function messageMediaSms(
  overrides: Partial<MessageMediaConfig & { from: string }> = {},
): MessageChannel {
  const config: MessageMediaConfig & { from: string } = {
    provider: 'messagemedia',
    apiUrl: messageMedia.url,
    apiKey: 'mm-api-key',
    apiSecret: 'mm-api-secret',
    from: 'Outpost',
    ...overrides,
  };
  return messageMediaChannel({
    ...config,
    callbackUrl: (key) => smsStatusCallback(PUBLIC_URL, config, key),
  });
}

describe('MessageMedia', () => {
  it('posts the JSON its Messages API takes, with Basic auth and the alphanumeric sender id', async () => {
    const sent = await messageMediaSms().send(message('0491570156'));
    expect(sent).toEqual({ providerId: '04fe9a97-a579-43c5-bb1a-58ed29bf0a6a' });
    const token = messageMediaCallbackToken('mm-api-secret', KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(messageMedia.received).toEqual([
      {
        path: '/v1/messages',
        authorization: basic('mm-api-key', 'mm-api-secret'),
        contentType: 'application/json',
        body: expect.any(String),
        json: {
          messages: [
            {
              content: 'Your code is 654321',
              destination_number: '+61491570156',
              source_number: 'Outpost',
              source_number_type: 'ALPHANUMERIC',
              callback_url: `${PUBLIC_URL}/api/sms/status/messagemedia/${KEY}/?token=${token}`,
              delivery_report: true,
              format: 'SMS',
            },
          ],
        },
      },
    ]);
  });

  it('sends from a number as an INTERNATIONAL source number', async () => {
    await messageMediaSms({ from: '0491570157' }).send(message(NUMBERS.ok));
    expect(messageMedia.received[0]!.json).toMatchObject({
      messages: [{ source_number: '+61491570157', source_number_type: 'INTERNATIONAL' }],
    });
  });

  it('refuses for good what MessageMedia refuses with 400, and retries 429, 5xx and 403', async () => {
    await expect(messageMediaSms().send(message(NUMBERS.invalid))).rejects.toThrow(
      new PermanentDeliveryError(
        'MessageMedia answered 400 (Invalid request messages[0].destination_number: Invalid destination number)',
      ),
    );
    for (const [sms, to, why] of [
      [messageMediaSms(), NUMBERS.busy, 'MessageMedia answered 429 (Too many requests)'],
      [
        messageMediaSms(),
        NUMBERS.broken,
        'MessageMedia answered 503 (Something went wrong. Please try again later.)',
      ],
      [
        messageMediaSms({ apiSecret: 'wrong' }),
        NUMBERS.ok,
        'MessageMedia answered 403 (Invalid authentication credentials)',
      ],
    ] as const) {
      const failure = sms.send(message(to));
      await expect(failure).rejects.toThrow(why);
      await expect(failure).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    }
  });

  it('never follows a redirect', async () => {
    const collected: unknown[] = [];
    const redirecting = Fastify();
    redirecting.post('/v1/messages', async (_request, reply) => reply.redirect('/collect', 308));
    redirecting.post('/collect', async (request) => {
      collected.push(request.headers.authorization);
      return {};
    });
    const url = await redirecting.listen({ port: 0, host: '127.0.0.1' });
    try {
      await expect(messageMediaSms({ apiUrl: url }).send(message(NUMBERS.ok))).rejects.toThrow(
        'MessageMedia answered 308',
      );
      expect(collected).toEqual([]);
    } finally {
      await redirecting.close();
    }
  });
});

describe('the outbox with a provider', () => {
  it('marks sent with the provider id, dead at once when refused for good, pending again on 429 or 5xx', async () => {
    const db = database.db;
    await db.execute(sql`update outbox set status = 'sent' where status <> 'sent'`);
    const numbers = [NUMBERS.ok, NUMBERS.unsubscribed, NUMBERS.busy, NUMBERS.broken];
    for (const to of numbers) await enqueueMessage(db, 'sms', { to, subject: '', body: 'Code 1' });
    const now = new Date('2026-11-27T10:00:00Z');
    const messaging = { email: outboxChannel(), sms: twilioSms() };
    expect(await drainOutbox({ db, clock: () => now, messaging })).toBe(4);
    const rows = await db
      .select({
        to: outbox.to,
        status: outbox.status,
        attempts: outbox.attempts,
        providerMessageId: outbox.providerMessageId,
        lastError: outbox.lastError,
        nextAttemptAt: outbox.nextAttemptAt,
      })
      .from(outbox)
      .where(inArray(outbox.to, numbers))
      .orderBy(outbox.id);
    const retryAt = new Date(now.getTime() + 30_000);
    expect(rows).toEqual([
      {
        to: NUMBERS.ok,
        status: 'sent',
        attempts: 1,
        providerMessageId: 'SM0123456789abcdef0123456789abcdef',
        lastError: null,
        nextAttemptAt: null,
      },
      {
        to: NUMBERS.unsubscribed,
        status: 'dead',
        attempts: 1,
        providerMessageId: null,
        lastError: 'Twilio answered 400 (21610: Attempt to send to unsubscribed recipient)',
        nextAttemptAt: retryAt,
      },
      {
        to: NUMBERS.busy,
        status: 'pending',
        attempts: 1,
        providerMessageId: null,
        lastError: 'Twilio answered 429 (20429: Too Many Requests)',
        nextAttemptAt: retryAt,
      },
      {
        to: NUMBERS.broken,
        status: 'pending',
        attempts: 1,
        providerMessageId: null,
        lastError: 'Twilio answered 500 (20500: Internal Server Error)',
        nextAttemptAt: retryAt,
      },
    ]);
    // The two retryable ones are tried again after their backoff; the dead one never is.
    twilio.received.length = 0;
    expect(await drainOutbox({ db, clock: () => retryAt, messaging })).toBe(2);
    expect(twilio.received.map((r) => new URLSearchParams(r.body).get('To'))).toEqual([
      NUMBERS.busy,
      NUMBERS.broken,
    ]);
  });
});
