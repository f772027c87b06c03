import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminPaths } from '@outpost/contracts/api-paths';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, manualClock } from '../../test/test-app';

const time = manualClock(new Date('2027-04-01T00:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

const MINUTE = 60_000;
const plans = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: adminPaths.adminPlans,
    headers: { 'x-staff-token': token },
  });

it('renews a staff session while the person works, and ends it after 30 minutes idle', async () => {
  const token = await mintStaffSession(
    ctx.database.db,
    'sam.support@outpost.example',
    time.clock(),
  );
  // Working: a call every 20 minutes, past the first 30, keeps the session.
  for (let i = 0; i < 4; i += 1) {
    time.advance(20 * MINUTE);
    expect((await plans(token)).statusCode).toBe(200);
  }
  // Idle for 30 minutes and a second: the session has ended.
  time.advance(30 * MINUTE + 1000);
  expect((await plans(token)).statusCode).toBe(401);
});

it('does not renew an idle session past its end', async () => {
  const token = await mintStaffSession(
    ctx.database.db,
    'bea.billing@outpost.example',
    time.clock(),
  );
  time.advance(30 * MINUTE + 1000);
  expect((await plans(token)).statusCode).toBe(401);
  time.advance(-(2 * MINUTE));
  // The refused call renewed nothing: 29 minutes after sign-in it still answers, then ends at 30.
  expect((await plans(token)).statusCode).toBe(200);
});
