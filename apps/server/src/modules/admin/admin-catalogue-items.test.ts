import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { PRODUCT_IMAGES } from '@outpost/domain/admin-rules';
import { queryRows } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf } from '../../test/test-app';
import { adminErrors } from './admin.errors';

/** Extras, data blocks and products in the admin API (issue 39). */

const SMP = 200101; // the holder's active, metered Sky Muster Plus service
const HOLDER = 5001;

let ctx: TestContext;
let admin: Record<string, string>;
let support: Record<string, string>;
const api = apiFor(() => ctx, HOLDER);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = {
    'x-staff-token': await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example'),
  };
  support = {
    'x-staff-token': await mintStaffSession(ctx.database.db, 'sam.support@outpost.example'),
  };
});
afterAll(async () => ctx.close());

let keys = 0;
const create = (url: string, payload: object, key = `items-test-${(keys += 1)}-000`) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...admin, 'idempotency-key': key },
    payload,
  });
const change = (url: string, payload: object, headers = admin) =>
  ctx.app.inject({ method: 'PATCH', url, headers, payload });
const list = async (url: string, headers = support) =>
  (await ctx.app.inject({ method: 'GET', url, headers })).json().data;

describe('extras', () => {
  it('adds an extra that the plans named offer to customers, once per Idempotency-Key', async () => {
    const body = {
      name: 'Backup 4G link',
      description: 'A 4G link that takes over when the satellite is down.',
      price_cents: 1500,
      plan_ids: [23, 22],
    };
    const res = await create(adminPaths.adminExtras, body, 'extra-once-0001');
    expect(res.statusCode, res.body).toBe(200);
    const extra = res.json().data;
    expect(extra).toEqual({
      extraid: expect.any(Number),
      name: 'Backup 4G link',
      description: 'A 4G link that takes over when the satellite is down.',
      price_cents: 1500,
      plan_ids: [22, 23],
      services: 0,
    });
    const again = await create(adminPaths.adminExtras, body, 'extra-once-0001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.extraid).toBe(extra.extraid);
    expect(
      (await list(adminPaths.adminExtras)).filter((e: { name: string }) => e.name === body.name),
    ).toEqual([extra]);
    // A customer choosing plan 23 sees it, at its price.
    const options = await api.get(buildPath(apiPaths.planOptions, { planid: 23 }));
    expect(options.json().data).toContainEqual({
      feature_id: extra.extraid,
      name: 'Backup 4G link',
      description: 'A 4G link that takes over when the satellite is down.',
      price: 1500,
    });
  });

  it('changes the price and the plans that offer an extra, refusing a plan that is not there', async () => {
    const made = (
      await create(adminPaths.adminExtras, {
        name: 'Weekend boost',
        description: 'Double speed at weekends.',
        price_cents: 900,
        plan_ids: [22],
      })
    ).json().data;
    const url = buildPath(adminPaths.adminExtra, { extraid: made.extraid });
    const res = await change(url, { price_cents: 1100, plan_ids: [21] });
    expect(res.json().data).toMatchObject({ price_cents: 1100, plan_ids: [21] });
    const bad = await change(url, { plan_ids: [21, 999_999] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('Invalid request: there is no plan 999999.');
    expect(
      (await list(adminPaths.adminExtras)).find(
        (e: { extraid: number }) => e.extraid === made.extraid,
      ).plan_ids,
    ).toEqual([21]);
    const missing = await change(buildPath(adminPaths.adminExtra, { extraid: 999_999 }), {
      price_cents: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(adminErrors.extraMissing);
  });
});

describe('data blocks', () => {
  const offered = async () =>
    (await api.get(buildPath(apiPaths.availableBlocks, { serviceid: SMP }))).json().data as {
      dbid: number;
      block: string;
      price: number;
    }[];

  it('adds a block for any broadband that a metered service may buy, and a new price applies from then on', async () => {
    const res = await create(adminPaths.adminDataBlocks, {
      name: 'Data Block 50 GB',
      technology: null,
      peak_mb: 50000,
      offpeak_mb: 0,
      price_cents: 8500,
      sort: 9,
    });
    expect(res.statusCode, res.body).toBe(200);
    const block = res.json().data;
    expect(block).toEqual({
      blockid: expect.any(Number),
      name: 'Data Block 50 GB',
      technology: null,
      peak_mb: 50000,
      offpeak_mb: 0,
      price_cents: 8500,
      active: true,
      sort: 9,
      purchases: 0,
    });
    expect(await offered()).toContainEqual({
      dbid: block.blockid,
      block: 'Data Block 50 GB',
      peak_mb: 50000,
      offpeak_mb: 0,
      price: 8500,
    });
    const bought = await api.prepareCommit(
      {
        prepare: apiPaths.purchaseBlockPrepare,
        commit: apiPaths.purchaseBlockCommit,
        params: { serviceid: SMP },
      },
      { dbid: block.blockid },
    );
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.price).toBe(8500);

    const url = buildPath(adminPaths.adminDataBlock, { blockid: block.blockid });
    expect((await change(url, { price_cents: 9000 })).json().data).toMatchObject({
      price_cents: 9000,
      purchases: 1,
    });
    expect((await offered()).find((b) => b.dbid === block.blockid)!.price).toBe(9000);
    // The purchase keeps the price it was bought at.
    const purchases = (
      await api.get(buildPath(apiPaths.blocksPurchased, { serviceid: SMP }))
    ).json().data as { purchaseid: number; price: number }[];
    expect(purchases.find((p) => p.purchaseid === bought.json().data.purchaseid)!.price).toBe(8500);
    // An inactive block is no longer sold.
    await change(url, { active: false });
    expect((await offered()).map((b) => b.dbid)).not.toContain(block.blockid);
  });

  it('refuses a block for a phone technology or with no data', async () => {
    const landline = await create(adminPaths.adminDataBlocks, {
      name: 'Phone block',
      technology: 'Landline',
      peak_mb: 1000,
      offpeak_mb: 0,
      price_cents: 500,
    });
    expect(landline.statusCode).toBe(400);
    expect(errorOf(landline)).toBe(
      'Invalid request: A data block is for a broadband technology, or any.',
    );
    const empty = await change(buildPath(adminPaths.adminDataBlock, { blockid: 1 }), {
      peak_mb: 0,
    });
    expect(errorOf(empty)).toBe(
      'Invalid request: A data block holds some data: give a peak or an off-peak size.',
    );
  });

  it('checks each of 20 changes at once against the block as the others left it', async () => {
    const made = await create(adminPaths.adminDataBlocks, {
      name: 'Split block',
      technology: null,
      peak_mb: 1000,
      offpeak_mb: 1000,
      price_cents: 900,
    });
    const url = buildPath(adminPaths.adminDataBlock, { blockid: made.json().data.blockid });
    // Each alone leaves some data; any two of different kinds would leave none.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(url, i % 2 ? { peak_mb: 0 } : { offpeak_mb: 0 })),
    );
    const block = (await list(adminPaths.adminDataBlocks)).find(
      (b: { name: string }) => b.name === 'Split block',
    );
    expect(block.peak_mb + block.offpeak_mb).toBe(1000);
    const zeroed = block.peak_mb === 0 ? 'peak_mb' : 'offpeak_mb';
    answers.forEach((answer, i) => {
      const kind = i % 2 ? 'peak_mb' : 'offpeak_mb';
      expect(answer.statusCode, answer.body).toBe(kind === zeroed ? 200 : 400);
    });
  });
});

describe('products', () => {
  const product = {
    name: 'Wi-Fi 7 Router',
    model: 'Outpost BE5000',
    article: 'OP-RT-BE5000',
    price_cents: 29900,
    rrp_cents: 34900,
    type: 'router',
    image: '/products/router-ax3000.webp',
  };

  it('adds a product the portal sells, and changes its price for orders from then on', async () => {
    const res = await create(adminPaths.adminProducts, product);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made).toEqual({ productid: expect.any(Number), ...product, active: true, sort: 0 });
    expect(made.productid).toBeGreaterThanOrEqual(1000);
    const sold = async () =>
      (
        (await api.get(apiPaths.products)).json().data as { productid: number; price: number }[]
      ).find((p) => p.productid === made.productid);
    expect((await sold())!.price).toBe(29900);
    const url = buildPath(adminPaths.adminProduct, { productid: made.productid });
    expect((await change(url, { price_cents: 27900 })).json().data.price_cents).toBe(27900);
    expect((await sold())!.price).toBe(27900);
    await change(url, { active: false });
    expect(await sold()).toBeUndefined();
  });

  it('refuses an RRP under the price, an article already used and a picture that is not there', async () => {
    const rrp = await create(adminPaths.adminProducts, {
      ...product,
      article: 'OP-RT-CHEAP',
      rrp_cents: 100,
    });
    expect(rrp.statusCode).toBe(400);
    expect(errorOf(rrp)).toBe(
      'Invalid request: The recommended retail price is at least the price.',
    );
    const taken = await create(adminPaths.adminProducts, { ...product, article: 'OP-RT-AX1800' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(adminErrors.articleTaken);
    const picture = await create(adminPaths.adminProducts, {
      ...product,
      article: 'OP-RT-PIC',
      image: '/products/elsewhere.webp',
    });
    expect(picture.statusCode).toBe(400);
    const lower = await change(buildPath(adminPaths.adminProduct, { productid: 1 }), {
      rrp_cents: 100,
    });
    expect(errorOf(lower)).toBe(
      'Invalid request: The recommended retail price is at least the price.',
    );
  });

  it('offers exactly the pictures the web app serves', () => {
    const folder = fileURLToPath(new URL('../../../../web/public/products/', import.meta.url));
    expect(
      readdirSync(folder)
        .map((f) => `/products/${f}`)
        .sort(),
    ).toEqual([...PRODUCT_IMAGES].sort());
  });
});

describe('who may', () => {
  it('audits each change with the staff member who made it, refusals included', async () => {
    const made = await change(buildPath(adminPaths.adminDataBlock, { blockid: 2 }), { sort: 7 });
    const refused = await change(
      buildPath(adminPaths.adminDataBlock, { blockid: 2 }),
      { sort: 8 },
      support,
    );
    const ids = [made, refused].map((r) => String(r.headers['x-request-id']));
    const rows = () =>
      queryRows<{
        request_id: string;
        staff: string;
        method: string;
        route: string;
        status: number;
      }>(
        ctx.database.db,
        sql`select a.request_id, m.name as staff, a.method, a.route, a.status
              from staff_audit a join staff_members m on m.id = a.staff_id
             where a.request_id in ${ids}`,
      );
    await expect.poll(async () => (await rows()).length).toBe(2);
    const byCall = (await rows()).sort(
      (a, b) => ids.indexOf(a.request_id) - ids.indexOf(b.request_id),
    );
    expect(
      byCall.map(({ staff, method, route, status }) => ({ staff, method, route, status })),
    ).toEqual([
      { staff: 'Ada Admin', method: 'PATCH', route: adminPaths.adminDataBlock, status: 200 },
      { staff: 'Sam Support', method: 'PATCH', route: adminPaths.adminDataBlock, status: 403 },
    ]);
  });

  it('lets support read extras, blocks and products but not change them', async () => {
    for (const url of [
      adminPaths.adminExtras,
      adminPaths.adminDataBlocks,
      adminPaths.adminProducts,
    ])
      expect((await ctx.app.inject({ method: 'GET', url, headers: support })).statusCode).toBe(200);
    const res = await change(
      buildPath(adminPaths.adminProduct, { productid: 1 }),
      { sort: 1 },
      support,
    );
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(adminErrors.adminScopeMissing);
  });
});
