import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { CallbackTimes } from '@outpost/contracts/callbacks';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, manualClock, QUEENSLAND_BUSINESS_FILE } from '../../test/test-app';

/**
 * Issue 36: nothing expires. With the clock set to New Year's Day 2027 and 2035 (9 am in Brisbane),
 * the callback times come from the holiday calendar of that year: New Year's Day is closed, the
 * days after it are offered, and a booking for the first of them prepares.
 */
const HOLDER = 5001;
const START = new Date('2026-12-31T23:00:00Z'); // Fri 1 Jan 2027, 9:00 am AEST
const time = manualClock(START);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { BUSINESS_FILE: QUEENSLAND_BUSINESS_FILE },
  });
});
afterAll(async () => ctx.close());

async function get(url: string, token: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { 'x-user-token': token } });
}

async function timesAt(now: Date) {
  time.advance(now.getTime() - time.clock().getTime());
  const token = (await mintSession(ctx.database.db, HOLDER, 'live', time.clock())).userToken;
  const res = await get(`${apiPaths.callbackTimes}?tz=Australia/Brisbane`, token);
  expect(res.statusCode, res.body).toBe(200);
  const data = (res.json() as { data: CallbackTimes }).data;
  const prepared = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.requestCallbackPrepare,
    headers: { 'x-user-token': token },
    payload: {
      team: 'technical',
      slot: data.teams[0]!.days[0]!.slots[0]!.start,
      phone: '0491570006',
      reason: 'The modem light is orange.',
    },
  });
  return { data, prepared: prepared.statusCode };
}

const labels = (data: CallbackTimes, team: number) => data.teams[team]!.days.map((d) => d.label);

describe('callback times in any year', () => {
  it("on 1 January 2027 (a Friday) start the day after New Year's Day", async () => {
    const { data, prepared } = await timesAt(START);
    expect(labels(data, 0)).toEqual([
      'Sat 02/01/27',
      'Sun 03/01/27',
      'Mon 04/01/27',
      'Tue 05/01/27',
      'Wed 06/01/27',
    ]);
    // Sales & Accounts: Saturdays 9am-5pm, never Sundays.
    expect(labels(data, 1)).toEqual([
      'Sat 02/01/27',
      'Mon 04/01/27',
      'Tue 05/01/27',
      'Wed 06/01/27',
      'Thu 07/01/27',
    ]);
    expect(data.teams[0]!.days[0]!.slots[0]).toMatchObject({ aest: '8:00 am', zone: 'AEST' });
    expect(prepared).toBe(200);
  });

  it("on 1 January 2035 (a Monday) start the day after New Year's Day", async () => {
    const { data, prepared } = await timesAt(new Date('2034-12-31T23:00:00Z'));
    expect(labels(data, 0)).toEqual([
      'Tue 02/01/35',
      'Wed 03/01/35',
      'Thu 04/01/35',
      'Fri 05/01/35',
      'Sat 06/01/35',
    ]);
    expect(prepared).toBe(200);
  });
});
