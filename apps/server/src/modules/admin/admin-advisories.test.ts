import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAdvisory,
  AdminAdvisoryAreaCounts,
  AdminAdvisoryPreview,
} from '@outpost/contracts/admin-advisories';
import type { AdvisoryDetail } from '@outpost/contracts/advisories';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { queryRows } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { advisoryAdminErrors } from './admin-advisories.service';
import { adminErrors } from './admin.errors';
import { createApiKey } from './api-keys.service';

const time = manualClock(new Date());
let ctx: TestContext;
const api = apiFor(() => ctx, 'holder');

type Headers = Record<string, string>;
const as: { admin: Headers; support: Headers; key: Headers; readKey: Headers } = {
  admin: {},
  support: {},
  key: {},
  readKey: {},
};

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

/** A copy of a demo service, on the account the copied one is on, at a tower of the test's. */
async function serviceAt(copyOf: number, tower: string, display = true): Promise<number> {
  const [made] = await rows<{ id: number }>(
    sql`insert into services (account_id, type, status, technology, plan_id, identifier,
                              addr_abbr, addr_line, addr_suburb, addr_state, addr_postcode,
                              period_start, tower_id, display)
        select account_id, type, 'active', technology, plan_id, ${`AVCQA${randomUUID().slice(0, 8)}`},
               ${`${copyOf % 100} Test Tower Rd, Nowhere QLD 4999`}, addr_line, addr_suburb,
               addr_state, '4999', period_start, ${tower}, ${display}
          from services where id = ${copyOf}
        returning id`,
  );
  return made!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  const db = ctx.database.db;
  const now = time.clock();
  as.admin = { 'x-staff-token': await mintStaffSession(db, 'ada.admin@outpost.example', now) };
  as.support = { 'x-staff-token': await mintStaffSession(db, 'sam.support@outpost.example', now) };
  const key = await createApiKey(db, { name: 'NOC', scopes: ['provisioning'] }, null, now);
  as.key = { authorization: `Bearer ${key.key}` };
  const read = await createApiKey(db, { name: 'Reports', scopes: ['read'] }, null, now);
  as.readKey = { authorization: `Bearer ${read.key}` };
  // TWR-QA-01: the holder's account (1 service) and twofactor's (2), and a hidden service of
  // other's (not shown, so not counted); TWR-QA-02: other's account alone.
  await serviceAt(200101, 'TWR-QA-01');
  await serviceAt(200201, 'TWR-QA-01');
  await serviceAt(200201, 'TWR-QA-01');
  await serviceAt(200301, 'TWR-QA-01', false);
  await serviceAt(200301, 'TWR-QA-02');
});
afterAll(async () => ctx.close());

function admin(
  method: 'GET' | 'POST',
  url: string,
  headers: Headers,
  payload?: object,
  key: string | null = randomUUID(),
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...headers, ...(method === 'POST' && key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const incident = (areas: object, fields: object = {}) => ({
  kind: 'incident',
  title: 'Outage: test tower',
  message: 'The tower lost power. Technicians are on their way.',
  severity: 'High',
  areas,
  ...fields,
});

async function publish(body: object, headers = as.admin): Promise<AdminAdvisory> {
  const res = await admin('POST', adminPaths.adminAdvisories, headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminAdvisory;
}

const updatesUrl = (advisoryid: number) =>
  buildPath(adminPaths.adminAdvisoryUpdates, { advisoryid });
const resolveUrl = (advisoryid: number) =>
  buildPath(adminPaths.adminResolveAdvisory, { advisoryid });

async function advisoryNotices(who: string) {
  const res = await api.get(apiPaths.dashboard, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Dashboard).notices.filter((n) => n.kind === 'advisory');
}

async function preview(areas: object, headers = as.admin) {
  const res = await admin('POST', adminPaths.adminAdvisoryPreview, headers, { areas }, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminAdvisoryPreview;
}

describe('the areas', () => {
  it('lists the postcodes, beams and towers shown services use, with their counts', async () => {
    const res = await admin('GET', adminPaths.adminAdvisoryAreas, as.readKey);
    expect(res.statusCode, res.body).toBe(200);
    const areas = res.json().data as AdminAdvisoryAreaCounts;
    const [counts] = await rows<{ towers: number; beams: number }>(
      sql`select count(distinct tower_id)::int as towers, count(distinct satellite_beam)::int as beams
            from services where display`,
    );
    expect(areas.towers).toHaveLength(counts!.towers);
    expect(areas.beams).toHaveLength(counts!.beams);
    expect(areas.towers).toContainEqual({ area: 'TWR-QA-01', services: 3 });
    expect(areas.towers).toContainEqual({ area: 'TWR-QA-02', services: 1 });
    expect(areas.towers).toContainEqual({ area: 'TWR-TEN-02', services: 1 });
    expect(areas.beams).toContainEqual({ area: 'SM-B27', services: 1 });
    expect(areas.postcodes).toContainEqual({ area: '4999', services: 4 });
    expect(areas.towers.map((t) => t.area)).toEqual([...areas.towers.map((t) => t.area)].sort());
  });
});

describe('the preview', () => {
  it('counts the services and distinct customers exactly, each once', async () => {
    expect(await preview({ towers: ['TWR-QA-01'] })).toEqual({
      services: 3,
      customers: 2,
      text: 'Affects 3 services of 2 customers',
    });
    expect(await preview({ towers: ['TWR-QA-02'] })).toEqual({
      services: 1,
      customers: 1,
      text: 'Affects 1 service of 1 customer',
    });
    // A service named twice (its postcode and its tower) counts once.
    expect(
      await preview({ postcodes: ['4999'], towers: ['TWR-QA-01', 'TWR-QA-02'] }, as.readKey),
    ).toEqual({ services: 4, customers: 3, text: 'Affects 4 services of 3 customers' });
    expect(await preview({ towers: ['TWR-NOWHERE'] })).toEqual({
      services: 0,
      customers: 0,
      text: 'Affects no services',
    });
  });
});

describe('publishing', () => {
  it('shows an advisory for one tower on the dashboards of exactly its customers', async () => {
    const made = await publish(incident({ towers: ['TWR-QA-02'] }));
    expect(made).toMatchObject({
      kind: 'incident',
      status: 'Investigating',
      severity: 'High',
      started: time.clock().toISOString(),
      ended: null,
      areas: { postcodes: [], beams: [], towers: ['TWR-QA-02'] },
      subscribers: 0,
      updates: [],
      notified: 0,
    });
    const id = made.advisoryid;
    expect((await advisoryNotices('other')).filter((n) => n.id === id)).toEqual([
      {
        kind: 'advisory',
        id,
        title: 'Outage: test tower',
        message: 'Affects your service at 1 Test Tower Rd',
        href: `/support/network-status#advisory-${id}`,
      },
    ]);
    for (const who of ['holder', 'twofactor'])
      expect(
        (await advisoryNotices(who)).map((n) => n.id),
        who,
      ).not.toContain(id);
    // The network status page flags it for other's account alone.
    const detail = async (who: string) =>
      (
        (await api.get(buildPath(apiPaths.advisory, { advisoryid: id }), who)).json()
          .data as AdvisoryDetail
      ).affects;
    expect(await detail('other')).toBe('Affects your service at 1 Test Tower Rd');
    expect(await detail('holder')).toBeNull();

    // The other tower: the holder's and twofactor's accounts, not other's (whose service there
    // is hidden).
    const second = (await publish(incident({ towers: ['TWR-QA-01'] }))).advisoryid;
    expect((await advisoryNotices('holder')).map((n) => n.id)).toContain(second);
    expect((await advisoryNotices('twofactor')).map((n) => n.id)).toContain(second);
    expect((await advisoryNotices('other')).map((n) => n.id)).not.toContain(second);

    const [audit] = await rows<{ action: string; detail: string; name: string }>(
      sql`select a.action, a.detail, m.name from staff_audit a
            join staff_members m on m.id = a.staff_id
           where a.action = 'advisory-published' and a.detail like ${`advisory ${id} %`}`,
    );
    expect(audit).toEqual({
      action: 'advisory-published',
      detail: `advisory ${id} (incident, High) "Outage: test tower": tower TWR-QA-02`,
      name: expect.any(String),
    });
    for (const advisoryid of [id, second]) {
      const res = await admin('POST', resolveUrl(advisoryid), as.admin, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await advisoryNotices('other')).map((n) => n.id)).not.toContain(id);
  });

  it('refuses areas no service uses, naming them', async () => {
    const res = await admin(
      'POST',
      adminPaths.adminAdvisories,
      as.admin,
      incident({ postcodes: ['4999', '0001'], towers: ['TWR-QA-01', 'TWR-TYPO'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Invalid request: no service uses postcode 0001 or tower TWR-TYPO. Choose the areas from those services use.',
    );
    const hidden = await admin(
      'POST',
      adminPaths.adminAdvisories,
      as.admin,
      incident({ beams: ['SM-NONE'] }),
    );
    expect(errorOf(hidden)).toBe(advisoryAdminErrors.advisoryAreasUnknown('beam SM-NONE'));
    const none = await admin('POST', adminPaths.adminAdvisories, as.admin, incident({}));
    expect(none.statusCode).toBe(400);
  });

  it('schedules maintenance for its window, and refuses a window without an end or past', async () => {
    const start = new Date(time.clock().getTime() + 2 * 86_400_000);
    const end = new Date(start.getTime() + 4 * 3_600_000);
    const made = await publish(
      incident(
        { towers: ['TWR-QA-02'] },
        {
          kind: 'maintenance',
          title: 'Planned maintenance: tower TWR-QA-02',
          severity: 'Low',
          starts_at: start.toISOString(),
          ends_at: end.toISOString(),
        },
      ),
      as.key,
    );
    expect(made).toMatchObject({
      kind: 'maintenance',
      status: 'Scheduled',
      started: start.toISOString(),
      ended: end.toISOString(),
    });
    // A scheduled window is announced on the dashboard ahead of time.
    expect((await advisoryNotices('other')).map((n) => n.id)).toContain(made.advisoryid);
    const scheduled = await admin(
      'GET',
      `${adminPaths.adminAdvisories}?view=scheduled`,
      as.readKey,
    );
    expect((scheduled.json().data as AdminAdvisory[]).map((a) => a.advisoryid)).toContain(
      made.advisoryid,
    );
    const active = await admin('GET', `${adminPaths.adminAdvisories}?view=active`, as.readKey);
    expect((active.json().data as AdminAdvisory[]).map((a) => a.advisoryid)).not.toContain(
      made.advisoryid,
    );

    const bad = async (fields: object) => {
      const res = await admin(
        'POST',
        adminPaths.adminAdvisories,
        as.admin,
        incident({ towers: ['TWR-QA-02'] }, { kind: 'maintenance', ...fields }),
      );
      expect(res.statusCode, res.body).toBe(400);
      return errorOf(res);
    };
    expect(await bad({ starts_at: start.toISOString() })).toBe(
      'Invalid request: Scheduled maintenance needs a start and an end.',
    );
    expect(await bad({ starts_at: end.toISOString(), ends_at: start.toISOString() })).toBe(
      'Invalid request: The end must be after the start.',
    );
    expect(
      await bad({
        starts_at: new Date(time.clock().getTime() - 7_200_000).toISOString(),
        ends_at: new Date(time.clock().getTime() - 3_600_000).toISOString(),
      }),
    ).toBe(
      'Invalid request: The maintenance window has already ended: its end must be later than now.',
    );
    await admin('POST', resolveUrl(made.advisoryid), as.admin, {});
  });

  it('makes one advisory of 20 parallel publishes with one Idempotency-Key', async () => {
    const key = randomUUID();
    const body = incident({ towers: ['TWR-QA-02'] }, { title: `Once only ${key}` });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin('POST', adminPaths.adminAdvisories, as.admin, body, key),
      ),
    );
    const ids = new Set(
      answers.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as AdminAdvisory).advisoryid;
      }),
    );
    expect(ids.size).toBe(1);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from advisories where title = ${`Once only ${key}`}`,
    );
    expect(count!.n).toBe(1);
    await admin('POST', resolveUrl([...ids][0]!), as.admin, {});
  });
});

describe('updates and resolving', () => {
  it("reach the advisory's subscribers once, and resolving ends it on the dashboard", async () => {
    const id = (await publish(incident({ towers: ['TWR-QA-02'] }))).advisoryid;
    const sub = await api.post(
      buildPath(apiPaths.advisorySubscription, { advisoryid: id }),
      {},
      'other',
    );
    expect(sub.statusCode, sub.body).toBe(200);
    const res = await admin('POST', updatesUrl(id), as.key, {
      note: 'Power is back; the tower is coming up.',
      status: 'Monitoring',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as AdminAdvisory & { notified: number };
    expect(updated).toMatchObject({ status: 'Monitoring', subscribers: 1, notified: 1 });
    expect(updated.updates.map((u) => [u.status, u.note])).toEqual([
      ['Monitoring', 'Power is back; the tower is coming up.'],
    ]);
    const mail = await rows<{ subject: string; body: string }>(
      sql`select subject, body from outbox
           where "to" = 'casey.walker@example.com' and body like 'Network update: Outage: test tower.%'`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(
      'Network update: Outage: test tower. Power is back; the tower is coming up.',
    );
    const alerts = await rows<{ message: string }>(
      sql`select message from alerts where user_id = 5006 and ref = ${`advisory:${id}`}`,
    );
    expect(alerts).toEqual([
      {
        message:
          '<p>Network update: Outage: test tower. Power is back; the tower is coming up.</p>',
      },
    ]);

    const resolved = await admin('POST', resolveUrl(id), as.admin, {});
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'Resolved',
      ended: time.clock().toISOString(),
      notified: 1,
    });
    const after = await rows<{ n: number }>(
      sql`select count(*)::int as n from alerts where user_id = 5006 and ref = ${`advisory:${id}`}`,
    );
    expect(after[0]!.n).toBe(2);
    expect((await advisoryNotices('other')).map((n) => n.id)).not.toContain(id);
    // Still in the public history: the network status page lists resolved advisories.
    const listed: { advisoryid: number; detail: { status: string } }[] = [];
    for (let page = 1; page <= 20 && !listed.some((i) => i.advisoryid === id); page += 1) {
      const res = await api.get(`${apiPaths.networkStatus}?page=${page}`, 'other');
      listed.push(...(res.json().data as { items: typeof listed }).items);
    }
    expect(listed.find((i) => i.advisoryid === id)?.detail.status).toBe('Resolved');

    const again = await admin('POST', updatesUrl(id), as.admin, { note: 'More.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(advisoryAdminErrors.advisoryResolved);
    const missing = await admin('POST', resolveUrl(99_999_999), as.admin, {});
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(advisoryAdminErrors.advisoryMissing);
  });

  it('resolves once when 20 resolves race with different keys', async () => {
    const id = (await publish(incident({ towers: ['TWR-QA-02'] }))).advisoryid;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin('POST', resolveUrl(id), as.admin, {})),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from advisory_updates where advisory_id = ${id}`,
    );
    expect(count!.n).toBe(1);
  });
});

describe('who may', () => {
  it('lets every role read and only provisioning publish, update or resolve', async () => {
    const list = await admin('GET', adminPaths.adminAdvisories, as.support);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data as AdminAdvisory[]).length).toBeGreaterThan(0);
    for (const url of [adminPaths.adminAdvisories, updatesUrl(2), resolveUrl(2)]) {
      for (const who of [as.support, as.readKey]) {
        const res = await admin('POST', url, who, incident({ towers: ['TWR-QA-02'] }));
        expect(res.statusCode, url).toBe(403);
        expect(errorOf(res)).toBe(adminErrors.adminScopeMissing);
      }
    }
  });
});
