import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { CallbackTimes } from '@outpost/contracts/callbacks';
import { paths } from '../../paths';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, manualClock } from '../../test/test-app';
import { callbacksErrors } from './callbacks.errors';

/**
 * The callback API with the Victorian business file (docs/decisions/042): its hours, words,
 * lead time and capacity, and Victoria's public holidays. In June, when Melbourne keeps AEST.
 */

// Friday 11 June 2027, 5:20 pm AEST: with an hour's lead, technical's last slot today is 6:30 pm.
const time = manualClock(new Date('2027-06-11T07:20:00Z'));
let ctx: TestContext;
const HOLDER = 5001;

/** An AEST wall time as the ISO UTC a client sends. */
const aest = (local: string) => new Date(`${local}:00+10:00`).toISOString();

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { BUSINESS_FILE: path.join(paths.appRoot, 'content/business/victoria.json') },
  });
});
afterAll(async () => ctx.close());

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const token = (await mintSession(ctx.database.db, HOLDER, 'live', time.clock())).userToken;
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload ? { payload } : {}),
  });
}

describe('callbacks with the Victorian business file', () => {
  it("offers the Victorian teams' hours, less the King's Birthday", async () => {
    const res = await call('GET', `${apiPaths.callbackTimes}?tz=Australia/Melbourne`);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: CallbackTimes }).data;
    const [technical, sales] = data.teams;
    expect(technical!.hours).toBe(
      'Monday to Friday 8am-7pm; weekends 9am-5pm; public holidays closed',
    );
    expect(sales!.hours).toBe('Monday to Friday 9am-5pm; weekends and public holidays closed');
    // Today after the hour's lead: 6:30 pm only. Monday 14 June is the King's Birthday.
    expect(technical!.days.map((d) => d.label)).toEqual([
      'Fri 11/06/27',
      'Sat 12/06/27',
      'Sun 13/06/27',
      'Tue 15/06/27',
      'Wed 16/06/27',
    ]);
    expect(technical!.days[0]!.slots.map((s) => s.start)).toEqual([aest('2027-06-11T18:30')]);
    expect(technical!.days[1]!.slots[0]!.start).toBe(aest('2027-06-12T09:00'));
    expect(technical!.days[1]!.slots.at(-1)!.start).toBe(aest('2027-06-12T16:30'));
    // Sales: closed at weekends and on the holiday.
    expect(sales!.days.map((d) => d.label)).toEqual([
      'Tue 15/06/27',
      'Wed 16/06/27',
      'Thu 17/06/27',
      'Fri 18/06/27',
      'Mon 21/06/27',
    ]);
    expect(sales!.days[0]!.slots.at(-1)!.start).toBe(aest('2027-06-15T16:30'));
  });

  it('refuses a slot on the holiday, on a closed Saturday or within the lead time', async () => {
    const body = { team: 'technical', phone: '0491570006', reason: 'No signal since the storm.' };
    for (const [team, slot] of [
      ['technical', aest('2027-06-14T10:00')],
      ['sales', aest('2027-06-12T10:00')],
      ['technical', aest('2027-06-11T18:00')],
    ] as const) {
      const res = await call('POST', apiPaths.requestCallbackPrepare, { ...body, team, slot });
      expect(res.statusCode, slot).toBe(409);
      expect(res.json()).toEqual({ data: { error: callbacksErrors.callbackSlotNotOffered } });
    }
    const ok = await call('POST', apiPaths.requestCallbackPrepare, {
      ...body,
      slot: aest('2027-06-15T18:30'),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
