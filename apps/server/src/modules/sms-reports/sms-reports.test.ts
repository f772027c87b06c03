import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { enqueueMessage } from '../../adapters/messaging';
import { outbox } from '../../adapters/messaging.schema';
import { messageMediaCallbackToken, twilioSignature } from '../../adapters/sms-providers';
import type { Db } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { createTestContext } from '../../test/test-app';

const PUBLIC_URL = 'https://portal.example.net';
const AUTH_TOKEN = '0123456789abcdef0123456789abcdef';
const API_SECRET = 'mm-api-secret-0123456789';
const UNKNOWN_KEY = '0b7c2d4e-1f3a-4b5c-8d6e-7f8091a2b3c4';
const SIGNATURE_REFUSED = {
  data: { error: 'Invalid request: The signature of this delivery report could not be verified.' },
};

/** Queues an SMS and answers its key (the id its callback address carries). */
async function queuedSms(db: Db, to: string): Promise<string> {
  await enqueueMessage(db, 'sms', { to, subject: '', body: 'Your code is 135790' });
  const [row] = await db
    .select({ key: outbox.messageKey })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(outbox.id);
  return row!.key;
}

async function deliveryOf(db: Db, key: string) {
  const [row] = await db
    .select({
      deliveryStatus: outbox.deliveryStatus,
      deliveryError: outbox.deliveryError,
      deliveryReportedAt: outbox.deliveryReportedAt,
      providerMessageId: outbox.providerMessageId,
    })
    .from(outbox)
    .where(eq(outbox.messageKey, key));
  return row;
}

describe('Twilio status callbacks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      },
    });
  });
  afterAll(async () => ctx.close());

  /** Posts Twilio's form fields to a message's callback address, signed as Twilio signs. */
  function report(key: string, fields: Record<string, string>, signature?: string) {
    const path = buildPath(apiPaths.smsStatusTwilio, { key });
    const sign = twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, Object.entries(fields));
    return ctx.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? sign,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const fields = (status: string, extra: Record<string, string> = {}) => ({
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    ApiVersion: '2010-04-01',
    From: 'Outpost',
    MessageSid: 'SM0123456789abcdef0123456789abcdef',
    MessageStatus: status,
    SmsSid: 'SM0123456789abcdef0123456789abcdef',
    SmsStatus: status,
    To: '+61491570156',
    ...extra,
  });

  it('records delivered, signed with the auth token over the callback address and the fields', async () => {
    const db = ctx.database.db;
    const key = await queuedSms(db, '0491570101');
    // On its way: acknowledged, nothing recorded.
    const sent = await report(key, fields('sent'));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: { received: true } });
    expect(await deliveryOf(db, key)).toEqual({
      deliveryStatus: null,
      deliveryError: null,
      deliveryReportedAt: null,
      providerMessageId: null,
    });
    const delivered = await report(key, fields('delivered'));
    expect(delivered.statusCode).toBe(200);
    expect(await deliveryOf(db, key)).toEqual({
      deliveryStatus: 'delivered',
      deliveryError: null,
      deliveryReportedAt: expect.any(Date),
      providerMessageId: 'SM0123456789abcdef0123456789abcdef',
    });
    // A late 'undelivered' does not undo a delivery.
    expect((await report(key, fields('undelivered', { ErrorCode: '30003' }))).statusCode).toBe(200);
    expect((await deliveryOf(db, key))?.deliveryStatus).toBe('delivered');
  });

  it('accepts the signature of the address with the default port written out, as Twilio may sign it', async () => {
    const db = ctx.database.db;
    const key = await queuedSms(db, '0491570104');
    const path = buildPath(apiPaths.smsStatusTwilio, { key });
    const withPort = twilioSignature(
      AUTH_TOKEN,
      `https://portal.example.net:443${path}`,
      Object.entries(fields('delivered')),
    );
    expect((await report(key, fields('delivered'), withPort)).statusCode).toBe(200);
    expect((await deliveryOf(db, key))?.deliveryStatus).toBe('delivered');
    // Another port is another address.
    const otherPort = twilioSignature(
      AUTH_TOKEN,
      `https://portal.example.net:8443${path}`,
      Object.entries(fields('delivered')),
    );
    expect((await report(key, fields('delivered'), otherPort)).statusCode).toBe(403);
  });

  it('records failed with its error code', async () => {
    const db = ctx.database.db;
    const key = await queuedSms(db, '0491570102');
    const res = await report(key, fields('undelivered', { ErrorCode: '30005' }));
    expect(res.statusCode).toBe(200);
    expect(await deliveryOf(db, key)).toMatchObject({
      deliveryStatus: 'failed',
      deliveryError: 'undelivered (30005)',
    });
  });

  it('refuses with 403 and records nothing when unsigned, wrongly signed or the fields changed', async () => {
    const db = ctx.database.db;
    const key = await queuedSms(db, '0491570103');
    const path = buildPath(apiPaths.smsStatusTwilio, { key });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields('delivered')).toString(),
    });
    const otherToken = twilioSignature(
      'ffffffffffffffffffffffffffffffff',
      `${PUBLIC_URL}${path}`,
      Object.entries(fields('delivered')),
    );
    // Signed for 'failed', sent as 'delivered'.
    const tampered = twilioSignature(
      AUTH_TOKEN,
      `${PUBLIC_URL}${path}`,
      Object.entries(fields('failed')),
    );
    // Signed for another message's address.
    const elsewhere = twilioSignature(
      AUTH_TOKEN,
      `${PUBLIC_URL}${buildPath(apiPaths.smsStatusTwilio, { key: UNKNOWN_KEY })}`,
      Object.entries(fields('delivered')),
    );
    for (const res of [
      unsigned,
      await report(key, fields('delivered'), otherToken),
      await report(key, fields('delivered'), tampered),
      await report(key, fields('delivered'), elsewhere),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(SIGNATURE_REFUSED);
    }
    expect((await deliveryOf(db, key))?.deliveryStatus).toBeNull();
  });

  it('answers a signed report of an unknown message quietly, changing nothing', async () => {
    const res = await report(UNKNOWN_KEY, fields('delivered'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { received: true } });
    expect(await deliveryOf(ctx.database.db, UNKNOWN_KEY)).toBeUndefined();
  });

  it("answers 404 at MessageMedia's address: it is not the provider configured", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${buildPath(apiPaths.smsStatusMessageMedia, { key: UNKNOWN_KEY })}?token=x`,
      headers: { 'content-type': 'application/json' },
      payload: { status: 'delivered' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('MessageMedia delivery reports', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: 'messagemedia',
        MESSAGEMEDIA_API_KEY: 'mm-api-key',
        MESSAGEMEDIA_API_SECRET: API_SECRET,
      },
    });
  });
  afterAll(async () => ctx.close());

  /** Posts a delivery report (MessageMedia's JSON) to a message's callback address. */
  function report(key: string, body: Record<string, unknown>, token?: string) {
    const path = buildPath(apiPaths.smsStatusMessageMedia, { key });
    return ctx.app.inject({
      method: 'POST',
      url: `${path}?token=${token ?? messageMediaCallbackToken(API_SECRET, key)}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
  }

  const reportBody = (key: string, status: string, errorCode: string) => ({
    callback_url: `${PUBLIC_URL}${buildPath(apiPaths.smsStatusMessageMedia, { key })}?token=x`,
    delivery_report_id: '693e87f2-a553-4281-9ffe-ddf04cbc4bf3',
    source_number: '+61491570156',
    date_received: '2026-11-27T11:49:02.807Z',
    status,
    delay: 0,
    submitted_date: '2026-11-27T11:49:01.551Z',
    original_text: 'Your code is 135790',
    message_id: '389dc1a8-62a4-4110-ba61-af94806c006f',
    vendor_account_id: { vendor_id: 'SinchEU', account_id: 'Outpost' },
    error_code: errorCode,
    metadata: {},
  });

  it('records delivered and failed from the reports sent to the address with our token', async () => {
    const db = ctx.database.db;
    const delivered = await queuedSms(db, '0491570111');
    expect((await report(delivered, reportBody(delivered, 'enroute', '211'))).statusCode).toBe(200);
    expect((await deliveryOf(db, delivered))?.deliveryStatus).toBeNull();
    const res = await report(delivered, reportBody(delivered, 'delivered', '220'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { received: true } });
    expect(await deliveryOf(db, delivered)).toEqual({
      deliveryStatus: 'delivered',
      deliveryError: null,
      deliveryReportedAt: expect.any(Date),
      providerMessageId: '389dc1a8-62a4-4110-ba61-af94806c006f',
    });
    const failed = await queuedSms(db, '0491570112');
    expect((await report(failed, reportBody(failed, 'rejected', '412'))).statusCode).toBe(200);
    expect(await deliveryOf(db, failed)).toMatchObject({
      deliveryStatus: 'failed',
      deliveryError: 'rejected (412)',
    });
  });

  it("refuses with 403 and records nothing without the token, or with another message's", async () => {
    const db = ctx.database.db;
    const key = await queuedSms(db, '0491570113');
    const path = buildPath(apiPaths.smsStatusMessageMedia, { key });
    const none = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: reportBody(key, 'delivered', '220'),
    });
    for (const res of [
      none,
      await report(key, reportBody(key, 'delivered', '220'), 'not-our-token'),
      await report(
        key,
        reportBody(key, 'delivered', '220'),
        messageMediaCallbackToken(API_SECRET, UNKNOWN_KEY),
      ),
      await report(
        key,
        reportBody(key, 'delivered', '220'),
        messageMediaCallbackToken('other', key),
      ),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(SIGNATURE_REFUSED);
    }
    expect((await deliveryOf(db, key))?.deliveryStatus).toBeNull();
  });

  it('answers a report of an unknown message quietly, and one that is not JSON with 400', async () => {
    const unknown = await report(UNKNOWN_KEY, reportBody(UNKNOWN_KEY, 'delivered', '220'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ data: { received: true } });
    const key = await queuedSms(ctx.database.db, '0491570114');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `${buildPath(apiPaths.smsStatusMessageMedia, { key })}?token=${messageMediaCallbackToken(API_SECRET, key)}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      data: { error: 'Invalid request: This delivery report could not be read.' },
    });
  });
});
