import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessaging, drainOutbox } from '../../adapters/messaging';
import { outbox } from '../../adapters/messaging.schema';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  basic,
  startTwilioFake,
} from '../../adapters/sms-fakes.test-helper';
import { twilioSignature } from '../../adapters/sms-providers';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf } from '../../test/test-app';

const PUBLIC_URL = 'https://portal.example.net';

describe('a two-factor login code by Twilio, end to end (decision 043)', () => {
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  let ctx: TestContext;
  let messaging: ReturnType<typeof createMessaging>;
  beforeAll(async () => {
    twilio = await startTwilioFake();
    ctx = await createTestContext({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_API_URL: twilio.url,
      },
    });
    messaging = createMessaging(ctx.config, ctx.database.db);
  });
  afterAll(async () => {
    await messaging.push.close();
    await ctx.close();
    await twilio.app.close();
  });

  it("goes from the outbox to Twilio's API, and Twilio's signed status callback marks it delivered", async () => {
    const db = ctx.database.db;
    // Nothing else waiting: only the code goes out.
    await db.execute(sql`update outbox set status = 'sent' where status <> 'sent'`);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/login/',
      payload: { username: 'twofactor', password: 'Outpost-demo-1' },
    });
    expect(login.statusCode).toBe(401);
    expect(errorOf(login)).toContain('we have sent a 6-digit code by SMS');
    const now = new Date('2026-11-27T10:00:00Z');
    expect(await drainOutbox({ db, clock: () => now, messaging })).toBe(1);

    const [row] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.to, '0491570110'))
      .orderBy(outbox.id);
    const callback = `${PUBLIC_URL}/api/sms/status/twilio/${row!.messageKey}/`;
    expect(twilio.received).toHaveLength(1);
    expect(twilio.received[0]!.authorization).toBe(basic(ACCOUNT_SID, AUTH_TOKEN));
    expect(Object.fromEntries(new URLSearchParams(twilio.received[0]!.body))).toEqual({
      To: '+61491570110',
      From: 'Outpost',
      Body: row!.body,
      StatusCallback: callback,
    });
    expect(row).toMatchObject({
      status: 'sent',
      providerMessageId: 'SM0123456789abcdef0123456789abcdef',
      deliveryStatus: null,
    });

    // Twilio reports the delivery to the callback address, signed with the auth token.
    const fields = {
      AccountSid: ACCOUNT_SID,
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      MessageStatus: 'delivered',
      To: '+61491570110',
    };
    const report = await ctx.app.inject({
      method: 'POST',
      url: new URL(callback).pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(AUTH_TOKEN, callback, Object.entries(fields)),
      },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(report.statusCode).toBe(200);
    const [after] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after).toMatchObject({
      status: 'sent',
      deliveryStatus: 'delivered',
      deliveryError: null,
    });
  });
});
