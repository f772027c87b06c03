import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Alert, Dashboard } from '@outpost/contracts/dashboard';
import { paths } from '../../paths';
import { serverErrors } from '@outpost/contracts/messages';
import { queryRows } from '../../db/client';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, manualClock } from '../../test/test-app';
import { ContentError, loadContent } from '../content/load-content';

let ctx: TestContext;
const time = manualClock(new Date());

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock, env: { FAULTS_PHONE: '1300 123 456' } });
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx);
const { get } = api;
async function dashboardOf(userId: number): Promise<Dashboard> {
  const res = await get(apiPaths.dashboard, userId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Dashboard;
}

describe('the dashboard', () => {
  it('refuses a missing, unknown, expired, revoked, refresh, usage-only or withdrawn token', async () => {
    const db = ctx.database.db;
    const call = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: apiPaths.dashboard, headers });
    const refused = async (headers: Record<string, string>, status: number, message: string) => {
      const res = await call(headers);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ data: { error: message } });
    };
    await refused({}, 401, serverErrors.unauthenticated);
    await refused({ 'x-user-token': 'not-a-token' }, 401, serverErrors.unauthenticated);
    const expired = await mintSession(db, 5001, 'expired', time.clock());
    await refused({ 'x-user-token': expired.userToken }, 401, serverErrors.tokenExpired);
    const revoked = await mintSession(db, 5001, 'revoked', time.clock());
    await refused({ 'x-user-token': revoked.userToken }, 401, serverErrors.unauthenticated);
    const live = await mintSession(db, 5001, 'live', time.clock());
    await refused({ 'x-user-token': live.refreshToken }, 401, serverErrors.unauthenticated);
    // A usage-only token (embedded usage) reads its service's usage and nothing else.
    const usageOnly = newOpaqueToken();
    await db.execute(sql`insert into tokens (token_hash, type, user_id, family_id, expires_at, service_id)
        values (${hashToken(usageOnly)}, 'USER', 5001, ${randomUUID()},
                ${new Date(time.clock().getTime() + 600_000)}, 200101)`);
    await refused({ 'x-user-token': usageOnly }, 403, serverErrors.forbidden);
    // A contact whose access was withdrawn: their live token stops working at once.
    const contact = await mintSession(db, 5004, 'live', time.clock());
    expect((await call({ 'x-user-token': contact.userToken })).statusCode).toBe(200);
    await db.execute(sql`update users set role_status = 'Inactive' where id = 5004`);
    try {
      await refused({ 'x-user-token': contact.userToken }, 401, serverErrors.unauthenticated);
    } finally {
      await db.execute(sql`update users set role_status = 'Active' where id = 5004`);
    }
  });

  it('gives an owing account the due date of its oldest unpaid invoice, and a paid one none', async () => {
    // 'other' (account 100003): this period's invoice is unpaid.
    const [unpaid] = await queryRows<{ due_at: Date | string }>(
      ctx.database.db,
      sql`select due_at from invoices
           where account_id = 100003 and status = 'Unpaid' order by due_at limit 1`,
    );
    const due = new Date(new Date(unpaid!.due_at).getTime() + 10 * 3_600_000); // Brisbane, UTC+10
    const owing = await dashboardOf(5006);
    expect(owing.account!.balance.status).toBe('Owing');
    expect(owing.account!.due).toEqual({
      day_in_month: due.getUTCDate(),
      mm: due.getUTCMonth() + 1,
      year: due.getUTCFullYear(),
    });
    const paid = await dashboardOf(5001);
    expect(paid.account!.balance.status).not.toBe('Owing');
    expect(paid.account!.due).toBeNull();
  });

  it('gives the holder every card: balance, payment method, period, activity and usage', async () => {
    const d = await dashboardOf(5001);
    expect(d.permissions.blocks).toEqual({ account: true, activity: true, services: true });
    expect(Object.values(d.permissions.links).every(Boolean)).toBe(true);
    expect(d.account).toMatchObject({
      accountid: 100001,
      paymethod: { display: 'Visa ending in 4242' },
    });
    expect(d.activity).toHaveLength(3);
    expect(d.activity[0]!.balance.value).toBe(d.account!.balance.amount);
    expect(d.period.days_remain).toBe(18); // the seeded period started 12 days ago
    const smp = d.services.find((s) => s.serviceid === 200101)!;
    expect(smp).toMatchObject({
      service_name: 'Sky Muster Plus AVC000123456789',
      nickname: null,
      identifier: 'AVC000123456789',
      addr_abbr: '12 Wattle Rd, Longreach QLD',
      plan_name: 'Sky Muster Plus 50',
      price: 7499,
      is_limitless: false,
    });
    // 50 GB plan + the 5 GB block bought this period; off-peak is unmetered.
    expect(smp.usage).toMatchObject({
      peak_usage: { quota_gb: 55 },
      offpeak_usage: { used_gb: 0 },
      is_limitless: false,
    });
    expect(smp.usage!.peak_usage.used_gb).toBeGreaterThan(0);
    expect(d.services.find((s) => s.serviceid === 200102)!.usage).toBeNull(); // pending
  });

  it('shows the billing contact the account and activity cards but no services', async () => {
    const d = await dashboardOf(5002);
    expect(d.permissions.blocks).toEqual({ account: true, activity: true, services: false });
    expect(d.permissions.links).toMatchObject({
      'view-current-bill': true,
      'change-plan': false,
      'purchase-block': false,
    });
    expect(d.services).toEqual([]);
    expect(d.activity).toHaveLength(3);
  });

  it('shows a contact without permissions no account, activity or services data', async () => {
    const d = await dashboardOf(5004);
    expect(d.permissions.blocks).toEqual({ account: false, activity: false, services: false });
    expect(d.account).toBeNull();
    expect(d.activity).toEqual([]);
    expect(d.services).toEqual([]);
  });

  it("shows an owing balance while the period's invoice is unpaid, and a limitless service's total", async () => {
    const d = await dashboardOf(5006);
    expect(d.account!.balance.status).toBe('Owing');
    expect(d.account!.balance.amount).toBeGreaterThan(0);
    expect(d.account!.paymethod.display).toBe('Not Yet Set');
    const limitless = d.services.find((s) => s.serviceid === 200301)!;
    expect(limitless.usage).toMatchObject({ is_limitless: true, peak_usage: { quota_gb: null } });
  });
});

describe('the ledger', () => {
  it('keeps a running balance and invoices that add up to their lines', async () => {
    const rows = await queryRows<{
      account_id: number;
      amount_cents: number;
      balance_cents: number;
    }>(
      ctx.database.db,
      sql`select account_id, amount_cents, balance_cents from transactions order by account_id, created_at, id`,
    );
    expect(rows.length).toBeGreaterThan(30);
    const running = new Map<number, number>();
    for (const r of rows) {
      const balance = (running.get(r.account_id) ?? 0) + r.amount_cents;
      running.set(r.account_id, balance);
      expect(r.balance_cents).toBe(balance);
    }
    const mismatched = await queryRows(
      ctx.database.db,
      sql`select i.id from invoices i
           where i.total_cents <> (select sum(amount_cents) from invoice_lines l where l.invoice_id = i.id)`,
    );
    expect(mismatched).toEqual([]);
  });
});

describe('alerts', () => {
  async function alertFor(userId: number, message: string) {
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into alerts (user_id, account_id, kind, message, created_at)
          select ${userId}, account_id, 'usage', ${message}, now() from users where id = ${userId}
          returning id`,
    );
    return row!.id;
  }

  it("lists only the caller's own alerts and marks them read", async () => {
    const mine = await alertFor(5001, '<p>For the holder</p>');
    const theirs = await alertFor(5003, '<p>For Sam</p>');
    const list = (await get(apiPaths.alerts, 5001)).json().data as Alert[];
    expect(list.map((a) => a.alert_id)).toContain(mine);
    expect(list.map((a) => a.alert_id)).not.toContain(theirs);

    const patch = (id: number) =>
      api.patch(buildPath(apiPaths.alert, { alert_id: id }), { read: 1 }, 5001);
    // Another user's alert, even on the same account, is not the caller's to mark.
    expect((await patch(theirs)).statusCode).toBe(404);
    const ok = await patch(mine);
    expect(ok.json()).toEqual({ data: { alert_id: mine, read: 1 } });
    const after = (await get(apiPaths.alerts, 5001)).json().data as Alert[];
    expect(after.map((a) => a.alert_id)).not.toContain(mine);
  });
});

describe('news and pages', () => {
  it('lists posts newest first, filters by category and opens one', async () => {
    const all = (await get(apiPaths.blogs, 5004)).json().data;
    expect(all.items).toHaveLength(10);
    expect(all.items[0]).toMatchObject({
      slug: 'welcome-to-the-portal',
      categories: ['Company News'],
    });
    expect(all.categories.map((c: { label: string }) => c.label)).toEqual([
      'Community',
      'Company News',
      'Network',
      'Plans',
      'Tips',
    ]);
    const tips = (await get(`${apiPaths.blogs}?c=Tips`, 5004)).json().data;
    expect(tips.items.map((p: { slug: string }) => p.slug)).toEqual([
      'storm-season-checklist',
      'data-blocks-made-simple',
      'protect-your-account',
    ]);
    const post = await get(buildPath(apiPaths.blog, { slug: 'data-blocks-made-simple' }), 5004);
    expect(post.json().data.body).toContain('<li>They expire at the end of the period');
    expect((await get(buildPath(apiPaths.blog, { slug: 'no-such-post' }), 5004)).statusCode).toBe(
      404,
    );
    const latest = (await get(apiPaths.latestBlogs, 5004)).json().data.items;
    expect(latest[0]).toEqual({
      slug: 'welcome-to-the-portal',
      title: 'Welcome to your new customer portal',
      excerpt: expect.any(String),
    });
  });

  it('serves public legal pages without a login, and nothing else', async () => {
    const terms = await get(buildPath(apiPaths.page, { slug: 'landline-transfer-terms' }));
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data.title).toBe('Phone Conditions of Service');
    expect((terms.json().data.body as string).match(/<h2>/g)).toHaveLength(10);
    await ctx.database.db.execute(sql`insert into guides (slug, title, body, public)
        values ('internal-notes', 'Internal', '<p>Staff only</p>', false)`);
    expect((await get(buildPath(apiPaths.page, { slug: 'internal-notes' }))).statusCode).toBe(404);
  });

  it('names the configured faults line on the phone conditions page', async () => {
    const terms = await get(buildPath(apiPaths.page, { slug: 'landline-transfer-terms' }));
    const body = terms.json().data.body as string;
    expect(body).toContain('Report a fault by phone, to our faults line on 1300 123 456.');
    expect(body).not.toContain('{{');
  });

  it('refuses content with a placeholder the brand does not have', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'pages'));
    writeFileSync(
      path.join(dir, 'pages', 'typo.md'),
      '---\ntitle: Typo\nslug: typo-page\n---\nCall {{faultPhone}}',
    );
    await expect(loadContent(ctx.database.db, dir)).rejects.toThrow(
      /no brand value \{\{faultPhone\}\}/,
    );
  });

  it('loads content again without duplicates, and loads nothing from a folder with a bad file', async () => {
    const again = await loadContent(ctx.database.db, path.join(paths.appRoot, 'content'));
    // Every page file of the folder (other issues add pages: the Rewards FAQ).
    const pageFiles = readdirSync(path.join(paths.appRoot, 'content', 'pages')).filter((f) =>
      f.endsWith('.md'),
    );
    expect(pageFiles.length).toBeGreaterThanOrEqual(7);
    expect(again).toEqual({ posts: 10, pages: pageFiles.length, guides: 21 });
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from posts`,
    );
    expect(count!.n).toBe(10);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'posts'));
    writeFileSync(
      path.join(dir, 'posts', 'good.md'),
      '---\ntitle: Good\nslug: good-post\ndate: 2026-01-01\ncategories: [Tips]\nexcerpt: Fine\n---\nBody',
    );
    writeFileSync(
      path.join(dir, 'posts', 'bad.md'),
      '---\ntitle: Bad\nslug: Not A Slug\n---\nBody',
    );
    await expect(loadContent(ctx.database.db, dir)).rejects.toBeInstanceOf(ContentError);
    const [good] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from posts where slug = 'good-post'`,
    );
    expect(good!.n).toBe(0);
  });
});
