import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, buildPath } from '@outpost/contracts/api-paths';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { adminErrors } from './admin.errors';

const time = manualClock(new Date('2027-03-01T00:00:00Z'));
let ctx: TestContext;
let admin: Record<string, string>;
let support: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  admin = {
    'x-staff-token': await mintStaffSession(
      ctx.database.db,
      'ada.admin@outpost.example',
      time.clock(),
    ),
  };
  support = {
    'x-staff-token': await mintStaffSession(
      ctx.database.db,
      'sam.support@outpost.example',
      time.clock(),
    ),
  };
});
afterAll(async () => ctx.close());

const createPlan = (payload: object, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: adminPaths.adminPlans, headers, payload });
const updatePlan = (planid: number, payload: object, headers = admin) =>
  ctx.app.inject({
    method: 'PATCH',
    url: buildPath(adminPaths.adminPlan, { planid }),
    headers,
    payload,
  });

describe('the catalogue: plans', () => {
  it('adds a plan, whole, that the catalogue lists with no services on it yet', async () => {
    const res = await createPlan({
      name: 'Fixed Wireless 75/20 Unlimited',
      technology: 'Fixed Wireless',
      price_cents: 9900,
      unlimited: true,
      download_kbps: 75000,
      upload_kbps: 20000,
      summary: 'Unlimited data at up to 75 Mbps.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().data;
    expect(plan).toEqual({
      planid: expect.any(Number),
      name: 'Fixed Wireless 75/20 Unlimited',
      technology: 'Fixed Wireless',
      price_cents: 9900,
      selectable: true,
      peak_quota_mb: null,
      offpeak_quota_mb: null,
      unlimited: true,
      download_kbps: 75000,
      upload_kbps: 20000,
      summary: 'Unlimited data at up to 75 Mbps.',
      services: 0,
      price_changes: [],
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: adminPaths.adminPlans,
      headers: support,
    });
    expect(list.json().data).toContainEqual(plan);
  });

  it('refuses a plan that is not whole, saying what is wrong, and makes nothing', async () => {
    const before = (
      await ctx.app.inject({ method: 'GET', url: adminPaths.adminPlans, headers: admin })
    ).json().data.length;
    const cases: [object, string][] = [
      [
        { name: 'Sky Muster 50', technology: 'Sky Muster', price_cents: 5000 },
        'Invalid request: A data plan needs a peak (or anytime) allowance, or to be unlimited.',
      ],
      [
        {
          name: 'X',
          technology: 'Sky Muster',
          price_cents: 5000,
          unlimited: true,
          peak_quota_mb: 1000,
        },
        'Invalid request: An unlimited plan has no data allowance: leave the allowances empty.',
      ],
      [
        { name: 'Home Phone', technology: 'Landline', price_cents: 3000, download_kbps: 1000 },
        'Invalid request: A phone plan has no data allowance, speed or unlimited data.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await createPlan(body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const after = (
      await ctx.app.inject({ method: 'GET', url: adminPaths.adminPlans, headers: admin })
    ).json().data.length;
    expect(after).toBe(before);
  });

  it('changes a plan’s price and offer, keeps its technology, and checks the result is whole', async () => {
    const made = (
      await createPlan({
        name: 'Sky Muster 45 GB',
        technology: 'Sky Muster',
        price_cents: 4900,
        peak_quota_mb: 45000,
        offpeak_quota_mb: 50000,
      })
    ).json().data;
    const res = await updatePlan(made.planid, { price_cents: 5400, selectable: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      price_cents: 5400,
      selectable: false,
      peak_quota_mb: 45000,
    });
    // Making it unlimited without clearing the allowances leaves it not whole.
    const bad = await updatePlan(made.planid, { unlimited: true });
    expect(errorOf(bad)).toBe(
      'Invalid request: An unlimited plan has no data allowance: leave the allowances empty.',
    );
    const good = await updatePlan(made.planid, {
      unlimited: true,
      peak_quota_mb: null,
      offpeak_quota_mb: null,
    });
    expect(good.json().data).toMatchObject({ unlimited: true, peak_quota_mb: null });
    // The technology is not a field to change.
    const tech = await updatePlan(made.planid, { technology: 'Landline' });
    expect(tech.statusCode).toBe(400);
    const missing = await updatePlan(999_999, { price_cents: 1 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(adminErrors.planMissing);
  });

  it('lets support read the catalogue but not change it', async () => {
    const res = await createPlan({ name: 'Nope', technology: 'VOIP', price_cents: 100 }, support);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(adminErrors.adminScopeMissing);
  });
});
