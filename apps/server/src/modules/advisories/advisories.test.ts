import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvisoriesPage, AdvisoryDetail } from '@outpost/contracts/advisories';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { serverErrors } from '@outpost/contracts/messages';
import { outboxChannel } from '../../adapters/messaging';
import { createPush } from '../../adapters/push-providers';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { LONGREACH_ADVISORY_ID } from '../../seed/advisories';
import { deliverAdvisoryUpdates } from './advisories.service';

const KEY = 'advisories-test-internal-service-key-0001';
const HOLDER = 5001;
const time = manualClock(new Date());
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock, env: { INTERNAL_API_KEY: KEY } });
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx, 'holder');

async function pageOf(page: number | undefined, who: string | number = 'holder') {
  const url =
    page === undefined ? apiPaths.networkStatus : `${apiPaths.networkStatus}?page=${page}`;
  const res = await api.get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdvisoriesPage;
}

function internal(method: 'POST' | 'PATCH', url: string, payload: unknown, key = KEY) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-service-key': key },
    payload: payload as object,
  });
}

const advisoryUrl = (advisoryid: number) => buildPath(apiPaths.advisory, { advisoryid });
const subscriptionUrl = (advisoryid: number) =>
  buildPath(apiPaths.advisorySubscription, { advisoryid });
const internalUrl = (advisoryid: number) => buildPath(apiPaths.internalAdvisory, { advisoryid });

async function create(fields: Record<string, unknown> = {}): Promise<number> {
  const res = await internal('POST', apiPaths.internalAdvisories, {
    title: 'Test advisory',
    severity: 'Medium',
    status: 'Investigating',
    started: new Date(time.clock().getTime() - 60 * 60_000).toISOString(),
    message: 'Something is wrong.',
    areas: { postcodes: ['9999'] },
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { advisoryid: number }).advisoryid;
}

async function subscribe(advisoryid: number, who: string | number) {
  const res = await api.post(subscriptionUrl(advisoryid), {}, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ advisoryid, subscribed: true });
}

async function outboxFor(to: string) {
  return queryRows<{ channel: string; subject: string; body: string }>(
    ctx.database.db,
    sql`select channel, subject, body from outbox where "to" = ${to} order by id`,
  );
}

async function alertsFor(userId: number, advisoryid: number) {
  return queryRows<{ kind: string; message: string }>(
    ctx.database.db,
    sql`select kind, message from alerts where user_id = ${userId} and ref = ${`advisory:${advisoryid}`} order by id`,
  );
}

describe('the advisory list', () => {
  it('answers two per page, newest first, saying whether more exist', async () => {
    const first = await pageOf(undefined);
    expect(first.page).toBe(1);
    expect(first.per_page).toBe(2);
    expect(first.more).toBe(true);
    expect(first.items.map((i) => i.advisoryid)).toEqual([1, LONGREACH_ADVISORY_ID]);
    expect(first.items[0]!.advisory).toBe(
      'Planned maintenance: Sky Muster beam SM-B27 (western NSW)',
    );
    const pages = [first, await pageOf(2), await pageOf(3), await pageOf(4)];
    const ids = pages.flatMap((p) => p.items.map((i) => i.advisoryid));
    expect(ids.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    const started = pages.flatMap((p) => p.items.map((i) => Date.parse(i.detail.started)));
    expect(started).toEqual([...started].sort((a, b) => b - a));
    expect(pages[2]!.more).toBe(pages[3]!.items.length > 0);
    const empty = await pageOf(500);
    expect(empty).toEqual({ page: 500, per_page: 2, more: false, items: [] });
  });

  it('refuses a page that is not a positive number', async () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      const res = await api.get(`${apiPaths.networkStatus}?page=${page}`);
      expect(res.statusCode, page).toBe(400);
    }
  });

  it('needs a login', async () => {
    const res = await api.get(apiPaths.networkStatus, null);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(serverErrors.unauthenticated);
  });
});

describe('the advisory detail', () => {
  it('answers the fields of spec 3 section 3, with the affected service for its account', async () => {
    const res = await api.get(advisoryUrl(LONGREACH_ADVISORY_ID));
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as AdvisoryDetail;
    expect(detail).toMatchObject({
      advisoryid: LONGREACH_ADVISORY_ID,
      title: 'Outage: Longreach exchange and tower TWR-LRE-01',
      severity: 'High',
      status: 'Investigating',
      affects: 'Affects your service at 12 Wattle Rd',
      subscribed: false,
    });
    expect(detail.ended).not.toBeNull();
    // The list carries the same detail (one round trip per page).
    const listed = (await pageOf(1)).items.find((i) => i.advisoryid === LONGREACH_ADVISORY_ID);
    expect(listed!.detail).toEqual(detail);
  });

  it('shows no end time when none is set', async () => {
    const res = await api.get(advisoryUrl(3));
    expect((res.json().data as AdvisoryDetail).ended).toBeNull();
  });

  it('answers 404 for an advisory that does not exist', async () => {
    const res = await api.get(advisoryUrl(999_999));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(serverErrors.notFound);
  });

  it('flags nothing for another account, or for a contact who may not see services', async () => {
    const other = await api.get(advisoryUrl(LONGREACH_ADVISORY_ID), 'other');
    expect((other.json().data as AdvisoryDetail).affects).toBeNull();
    const billing = await api.get(advisoryUrl(LONGREACH_ADVISORY_ID), 'billing');
    expect((billing.json().data as AdvisoryDetail).affects).toBeNull();
    const services = await api.get(advisoryUrl(LONGREACH_ADVISORY_ID), 'services');
    expect((services.json().data as AdvisoryDetail).affects).toBe(
      'Affects your service at 12 Wattle Rd',
    );
    // The page (its own statement, which reads the caller's permissions itself) says the same.
    const listed = async (who: string) =>
      (await pageOf(1, who)).items.find((i) => i.advisoryid === LONGREACH_ADVISORY_ID)!.detail
        .affects;
    expect(await listed('other')).toBeNull();
    expect(await listed('billing')).toBeNull();
    expect(await listed('services')).toBe('Affects your service at 12 Wattle Rd');
  });
});

describe('area matching', () => {
  it('matches a service by postcode, satellite beam or tower, and only while not resolved', async () => {
    const affects = async (id: number, who: string) =>
      ((await api.get(advisoryUrl(id), who)).json().data as AdvisoryDetail).affects;
    // Postcode: the holder's Isisford service (4731).
    const byPostcode = await create({ areas: { postcodes: ['4731'] } });
    expect(await affects(byPostcode, 'holder')).toBe('Affects your service at Lot 4 Barcoo St');
    expect(await affects(byPostcode, 'twofactor')).toBeNull();
    // Beam: the twofactor account's service on SM-B27 (Bourke).
    const byBeam = await create({ areas: { beams: ['SM-B27'] } });
    expect(await affects(byBeam, 'twofactor')).toBe('Affects your service at 880 Mitchell Hwy');
    expect(await affects(byBeam, 'holder')).toBeNull();
    // Tower: the other account's fixed wireless service on TWR-TEN-02.
    const byTower = await create({ areas: { towers: ['TWR-TEN-02', 'TWR-XXX-09'] } });
    expect(await affects(byTower, 'other')).toBe('Affects your service at 3 Quarry Rd');
    expect(await affects(byTower, 'holder')).toBeNull();
    // Nothing named matches: nobody.
    const nowhere = await create({ areas: { postcodes: ['0872'], beams: ['SM-B99'] } });
    for (const who of ['holder', 'twofactor', 'other'])
      expect(await affects(nowhere, who)).toBeNull();
    // Resolved: the flag goes.
    const res = await internal('PATCH', internalUrl(byTower), { status: 'Resolved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await affects(byTower, 'other')).toBeNull();
    await ctx.database.db.execute(
      sql`delete from advisories where id in (${byPostcode}, ${byBeam}, ${byTower}, ${nowhere})`,
    );
  });
});

describe('the dashboard notice', () => {
  async function noticesOf(who: string | number) {
    const res = await api.get(apiPaths.dashboard, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Dashboard).notices.filter((n) => n.kind === 'advisory');
  }

  it('shows an open advisory affecting the account, only with the services block', async () => {
    expect(await noticesOf('holder')).toEqual([
      {
        kind: 'advisory',
        id: LONGREACH_ADVISORY_ID,
        title: 'Outage: Longreach exchange and tower TWR-LRE-01',
        message: 'Affects your service at 12 Wattle Rd',
        href: `/support/network-status#advisory-${LONGREACH_ADVISORY_ID}`,
      },
    ]);
    expect(await noticesOf('services')).toHaveLength(1);
    // A contact without the services block, and an account none of whose services is covered.
    expect(await noticesOf('billing')).toEqual([]);
    expect(await noticesOf('limited')).toEqual([]);
    // twofactor: the scheduled beam maintenance on SM-B27 (not resolved) covers Bourke.
    expect((await noticesOf('twofactor')).map((n) => n.id)).toEqual([1]);
    // other: the slow speeds on SM-B12 (the cottage); the Tenterfield storm is resolved.
    expect((await noticesOf('other')).map((n) => [n.id, n.message])).toEqual([
      [3, 'Affects your service at 3 Quarry Rd'],
    ]);
  });
});

describe('network operations', () => {
  it('needs the service key', async () => {
    const body = {
      title: 'x',
      severity: 'Low',
      status: 'Scheduled',
      started: '2026-12-01T00:00:00Z',
      message: 'x',
      areas: { postcodes: ['4730'] },
    };
    expect(
      (await internal('POST', apiPaths.internalAdvisories, body, 'wrong'.repeat(10))).statusCode,
    ).toBe(403);
    const customer = await api.post(apiPaths.internalAdvisories, body, 'holder');
    expect(customer.statusCode).toBe(403);
    const update = await api.patch(internalUrl(LONGREACH_ADVISORY_ID), { status: 'Resolved' });
    expect(update.statusCode).toBe(403);
  });

  it('refuses bad input', async () => {
    const good = {
      title: 'Outage',
      severity: 'High',
      status: 'Investigating',
      started: '2026-12-01T00:00:00Z',
      message: 'Down.',
      areas: { postcodes: ['4730'] },
    };
    const bad = [
      { ...good, areas: {} },
      { ...good, areas: { postcodes: ['47300'] } },
      { ...good, areas: { beams: ['sm b27'] } },
      { ...good, severity: 'Apocalyptic' },
      { ...good, status: 'Done' },
      { ...good, started: 'yesterday' },
      { ...good, title: '' },
      { ...good, extra: 1 },
    ];
    for (const body of bad) {
      const res = await internal('POST', apiPaths.internalAdvisories, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toMatch(/^Invalid request: /);
    }
    expect((await internal('PATCH', internalUrl(LONGREACH_ADVISORY_ID), {})).statusCode).toBe(400);
    const missing = await internal('PATCH', internalUrl(999_999), { status: 'Resolved' });
    expect(missing.statusCode).toBe(404);
  });

  it('creates an advisory that the list shows first when it is the newest', async () => {
    const id = await create({
      title: 'Newest',
      started: new Date(time.clock().getTime() + 10 * 86_400_000).toISOString(),
    });
    const first = await pageOf(1);
    expect(first.items[0]!.advisoryid).toBe(id);
    expect(first.items[0]!.detail.ended).toBeNull();
    await ctx.database.db.execute(sql`delete from advisories where id = ${id}`);
  });
});

describe('subscriptions', () => {
  it('sends each update to each subscriber once, by their channels, and stops after unsubscribe', async () => {
    const db = ctx.database.db;
    const id = await create({ title: 'Beam outage', areas: { beams: ['SM-B41'] } });
    // holder: in the portal and by email (defaults) and by SMS (switched on);
    // services (5003): no view-alerts, so email only (the defaults: portal + email).
    await db.execute(sql`insert into user_preferences (user_id, preference_id, data)
        select 5001, id, '{"value": true}'::jsonb from preference_definitions where key = 'usage_alerts_sms'
        on conflict (user_id, preference_id) do update set data = excluded.data`);
    await subscribe(id, 'holder');
    await subscribe(id, 'holder'); // twice: still one subscription
    await subscribe(id, 'services');
    expect(((await api.get(advisoryUrl(id))).json().data as AdvisoryDetail).subscribed).toBe(true);

    const ended = new Date(time.clock().getTime() + 6 * 3_600_000);
    ended.setUTCSeconds(0, 0);
    const res = await internal('PATCH', internalUrl(id), { ended: ended.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ advisoryid: id, status: 'Investigating', notified: 2 });

    const holderAlerts = await alertsFor(HOLDER, id);
    expect(holderAlerts).toHaveLength(1);
    expect(holderAlerts[0]!.kind).toBe('advisory');
    expect(holderAlerts[0]!.message).toMatch(
      /^<p>Network update: Beam outage\. Expected end: \d\d\/\d\d\/\d\d \d{1,2}:\d\d [ap]m (AEST|AEDT)\.<\/p>$/,
    );
    expect(await alertsFor(5003, id)).toEqual([]);
    const holderMail = (await outboxFor('jordan.citizen@example.com')).filter((m) =>
      m.body.includes('Beam outage'),
    );
    expect(holderMail.map((m) => m.channel)).toEqual(['email']);
    expect(holderMail[0]!.subject).toBe(`${ctx.config.brand.providerName}: Beam outage`);
    expect(holderMail[0]!.body).toContain(`/support/network-status#advisory-${id}`);
    const holderSms = (await outboxFor('0491570156')).filter((m) => m.body.includes('Beam outage'));
    expect(holderSms).toHaveLength(1);
    const servicesMail = (await outboxFor('sam.citizen@example.com')).filter((m) =>
      m.body.includes('Beam outage'),
    );
    expect(servicesMail).toHaveLength(1);

    // The in-app alert reaches the alerts dropdown.
    const dropdown = await api.get(apiPaths.alerts);
    expect(
      (dropdown.json().data as { message: string }[]).some((a) =>
        a.message.includes('Beam outage'),
      ),
    ).toBe(true);

    // Another sender running again sends nothing twice.
    const refuse = async () => {
      throw new Error('sent twice');
    };
    const again = {
      db,
      messaging: {
        email: { kind: 'outbox' as const, send: refuse },
        sms: { kind: 'outbox' as const, send: refuse },
        push: createPush(ctx.config, db),
      },
      brandName: 'x',
      publicUrl: 'x',
    };
    expect(await deliverAdvisoryUpdates(again, time.clock())).toBe(0);

    // Unsubscribed: the next update (resolved) reaches only the one still subscribed.
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: subscriptionUrl(id),
      headers: { 'x-user-token': (await api.tokenOf('holder'))! },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ advisoryid: id, subscribed: false });
    const resolved = await internal('PATCH', internalUrl(id), { status: 'Resolved' });
    expect(resolved.json().data.notified).toBe(1);
    expect(await alertsFor(HOLDER, id)).toHaveLength(1);
    expect(
      (await outboxFor('jordan.citizen@example.com')).filter((m) => m.body.includes('Beam outage')),
    ).toHaveLength(1);
    const servicesAfter = (await outboxFor('sam.citizen@example.com')).filter((m) =>
      m.body.includes('Beam outage'),
    );
    expect(servicesAfter).toHaveLength(2);
    expect(servicesAfter[1]!.body).toContain('It is resolved.');
  });

  it('delivers each update exactly once when many senders run at once', async () => {
    const db = ctx.database.db;
    const id = await create({ title: 'Concurrent senders', areas: { towers: ['TWR-ISF-01'] } });
    await subscribe(id, 'holder');
    await subscribe(id, 'twofactor');
    // Three updates (each route sends after its commit) racing 10 more senders.
    const deps = {
      db,
      messaging: {
        email: outboxChannel(),
        sms: outboxChannel(),
        push: createPush(ctx.config, db),
      },
      brandName: ctx.config.brand.providerName,
      publicUrl: ctx.config.publicUrl,
    };
    const [updates] = await Promise.all([
      Promise.all(
        [1, 2, 3].map((n) => internal('PATCH', internalUrl(id), { note: `Update number ${n}` })),
      ),
      Promise.all(Array.from({ length: 10 }, () => deliverAdvisoryUpdates(deps, time.clock()))),
    ]);
    for (const u of updates) expect(u.statusCode, u.body).toBe(200);
    await deliverAdvisoryUpdates(deps, time.clock());
    for (const [userId, email] of [
      [HOLDER, 'jordan.citizen@example.com'],
      [5005, 'mai.nguyen@example.com'],
    ] as const) {
      const alerts = await alertsFor(userId, id);
      expect(alerts.map((a) => a.message).sort()).toEqual(
        [1, 2, 3].map((n) => `<p>Network update: Concurrent senders. Update number ${n}</p>`),
      );
      const mail = (await outboxFor(email)).filter((m) => m.body.includes('Concurrent senders'));
      expect(mail).toHaveLength(3);
    }
    const [pending] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from advisory_deliveries where sent_at is null`,
    );
    expect(pending!.n).toBe(0);
  });

  it('answers 404 when subscribing to an advisory that does not exist', async () => {
    const res = await api.post(subscriptionUrl(999_999), {});
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(serverErrors.notFound);
  });
});
