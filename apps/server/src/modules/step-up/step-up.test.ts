import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { STEP_UP_FRESH_MS } from '@outpost/contracts/step-up';
import { outbox } from '../../adapters/messaging.schema';
import { DEMO_TOTP_SECRET } from '../../seed/demo';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { totpFor } from '../auth/two-factor';
import { hasFreshStepUp } from './step-up.service';

const time = manualClock(new Date('2026-11-24T00:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

async function latestCode(to: string): Promise<string> {
  const rows = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(outbox.id);
  return /\b(\d{6})\b/.exec(rows.at(-1)!.body)![1]!;
}

function post(path: string, token: string, payload: object = {}) {
  return ctx.app.inject({ method: 'POST', url: path, headers: { 'x-user-token': token }, payload });
}

const auth = (userId: number, familyId: string) =>
  ({ userId, familyId }) as Parameters<typeof hasFreshStepUp>[1];

describe('step-up codes', () => {
  it('emails a code to the holder; the right code marks only this session for 10 minutes', async () => {
    const session = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    const other = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    const sent = await post(apiPaths.stepUpSend, session.userToken);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({
      method: 'email',
      delivery:
        'We have emailed a 6-digit code to the address on your contact details. It expires in 10 minutes.',
    });
    const code = await latestCode('jordan.citizen@example.com');

    const wrong = await post(apiPaths.stepUpVerify, session.userToken, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(
      'That code is not right, or it has expired. Check it, or send a new code and try again.',
    );
    const db = ctx.database.db;
    expect(await hasFreshStepUp(db, auth(5001, session.familyId), time.clock())).toBe(false);

    const right = await post(apiPaths.stepUpVerify, session.userToken, { code });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.verified_until).toBe(
      new Date(time.clock().getTime() + STEP_UP_FRESH_MS).toISOString(),
    );
    expect(await hasFreshStepUp(db, auth(5001, session.familyId), time.clock())).toBe(true);
    // Another session of the same person has not stepped up.
    expect(await hasFreshStepUp(db, auth(5001, other.familyId), time.clock())).toBe(false);
    // The code works once.
    const replay = await post(apiPaths.stepUpVerify, session.userToken, { code });
    expect(replay.statusCode).toBe(400);

    time.advance(STEP_UP_FRESH_MS - 1000);
    expect(await hasFreshStepUp(db, auth(5001, session.familyId), time.clock())).toBe(true);
    time.advance(2000);
    expect(await hasFreshStepUp(db, auth(5001, session.familyId), time.clock())).toBe(false);
  });

  it('sends by SMS for an SMS two-factor user, and limits sends to 3 in 15 minutes', async () => {
    const session = await mintSession(ctx.database.db, 5005, 'live', time.clock()); // twofactor
    for (let i = 0; i < 3; i++) {
      const sent = await post(apiPaths.stepUpSend, session.userToken);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data.method).toBe('sms');
      expect(sent.json().data.delivery).toBe(
        'We have sent a 6-digit code by SMS to your mobile ending in 110. It expires in 10 minutes.',
      );
    }
    const fourth = await post(apiPaths.stepUpSend, session.userToken);
    expect(fourth.statusCode).toBe(429);
    expect(errorOf(fourth)).toBe(
      'Too many codes requested. Please wait 15 minutes, then try again.',
    );
    // Only the latest code works.
    const code = await latestCode('0491570110');
    const ok = await post(apiPaths.stepUpVerify, session.userToken, { code });
    expect(ok.statusCode).toBe(200);
  });

  it('takes the authenticator code of a TOTP user and sends nothing', async () => {
    const session = await mintSession(ctx.database.db, 5007, 'live', time.clock()); // authapp
    const before = (await ctx.database.db.select().from(outbox)).length;
    const sent = await post(apiPaths.stepUpSend, session.userToken);
    expect(sent.json().data.method).toBe('totp');
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before);
    const code = totpFor(DEMO_TOTP_SECRET).generate({ timestamp: time.clock().getTime() });
    const ok = await post(apiPaths.stepUpVerify, session.userToken, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    // The same time step never counts twice.
    const again = await post(apiPaths.stepUpVerify, session.userToken, { code });
    expect(again.statusCode).toBe(400);
  });

  it('locks the code after 5 wrong tries', async () => {
    const session = await mintSession(ctx.database.db, 5002, 'live', time.clock());
    await post(apiPaths.stepUpSend, session.userToken);
    const code = await latestCode('alex.citizen@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await post(apiPaths.stepUpVerify, session.userToken, { code: wrong });
    const fifth = await post(apiPaths.stepUpVerify, session.userToken, { code: wrong });
    expect(errorOf(fifth)).toBe('Too many wrong codes. Wait 15 minutes, then send a new code.');
    const right = await post(apiPaths.stepUpVerify, session.userToken, { code });
    expect(right.statusCode).toBe(400);
  });

  it('names the step-up message the client matches on', () => {
    expect(serverErrors.stepUpRequired).toBe(
      'Verification required: confirm it is you with a one-time code before making this change.',
    );
  });
});
