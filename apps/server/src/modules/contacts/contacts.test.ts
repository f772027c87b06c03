import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { PERMISSIONS_HEADER, permissionDefinitions } from '@outpost/contracts/permissions';
import { roleDefinitions } from '@outpost/contracts/roles';
import type { NewContactInput } from '@outpost/contracts/contacts';
import { STEP_UP_FRESH_MS } from '@outpost/contracts/step-up';
import { outbox } from '../../adapters/messaging.schema';
import { queryRows } from '../../db/client';
import { MESSAGE_LIMITS } from '../../lib/message-limits';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { userPermissions, users } from '../../db/accounts.schema';
import { authEvents, tokens } from '../auth/auth.schema';
import { hashPassword } from '../auth/passwords';
import { contactsErrors } from './contacts.errors';
// The web form's own validator, run against the real route: the two must agree (issue 37).
// eslint-disable-next-line import-x/no-restricted-paths -- a test may hold both sides to one rule set
import { contactDetailsRules } from '../../../../web/src/features/account/contacts/utils/contact-form';

const time = manualClock(new Date('2026-11-24T00:00:00Z'));
let ctx: TestContext;

/**
 * A contact with the Account Holder role who is not the account holder (a second person of the
 * highest level, as an older system could leave): the one caller besides the holder who may hold
 * edit-users, and who holds only some permissions - for the grant-only-what-you-hold and holder
 * protection rules. Ids from this suite's range (5301-5309).
 */
const DEPUTY = 5301;
const DEPUTY_PERMISSIONS = ['view-account', 'view-users', 'edit-users', 'view-services'];

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { PUBLIC_URL: 'https://portal.example.net' },
  });
  const db = ctx.database.db;
  await queryRows(
    db,
    sql`insert into users (id, account_id, username, given_names, surname, email, role_id, relationship_id)
        select ${DEPUTY}, 100001, 'deputy', 'Dana', 'Deputy', 'dana.deputy@example.com', r.id, rel.id
          from roles r join relationships rel on rel.role_id = r.id
         where r.role = 'Account Holder' and rel.relationship = 'Self'`,
  );
  await db.insert(userPermissions).values(
    permissionDefinitions.map((d) => ({
      userId: DEPUTY,
      permission: d.permission,
      enabled: DEPUTY_PERMISSIONS.includes(d.permission),
    })),
  );
});
afterAll(async () => ctx.close());

/** A session that verified a one-time code now (or, with stepUp false, never). */
async function tokenOf(userId: number, stepUp = true): Promise<string> {
  const s = await mintSession(ctx.database.db, userId, 'live', time.clock(), { stepUp });
  return s.userToken;
}

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const permissionsUrl = (userid: number) => buildPath(apiPaths.contactPermissions, { userid });
const contactUrl = (userid: number) => buildPath(apiPaths.contact, { userid });

let emails = 0;
function newContact(overrides: Partial<NewContactInput> = {}): NewContactInput {
  emails += 1;
  return {
    role: 'General Contact',
    relationship: 'Tenant',
    title: 'Ms',
    given_names: 'Robin',
    surname: 'Example',
    email: `robin.${emails}@example.com`,
    // One mobile per person (decision 035): each new contact has their own.
    mobile: `0491579${String(emails).padStart(3, '0')}`,
    date_of_birth: '1990-05-17',
    ...overrides,
  };
}

async function add(input: NewContactInput, token?: string): Promise<number> {
  const res = await call('POST', apiPaths.contacts, token ?? (await tokenOf(5001)), input);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { userid: number }).userid;
}

async function enabledOf(userId: number): Promise<string[]> {
  const res = await call('GET', permissionsUrl(userId), await tokenOf(5001));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { permission: string; enabled: number }[])
    .filter((p) => p.enabled === 1)
    .map((p) => p.permission);
}

async function userCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(users);
  return row!.n;
}

const levelOf = (permission: string) =>
  permissionDefinitions.find((d) => d.permission === permission)!.level_needed;

describe('reading contacts, roles, relationships and the catalogue', () => {
  it("lists the caller's account's contacts, holder first, then by name", async () => {
    const res = await call('GET', apiPaths.contacts, await tokenOf(5001, false));
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { user_id: number; given_names: string }[];
    expect(list.map((c) => c.user_id)).toEqual([5001, 5002, 5301, 5008, 5004, 5003]);
    expect(list[0]).toEqual({
      user_id: 5001,
      given_names: 'Jordan',
      surname: 'Citizen',
      email: 'jordan.citizen@example.com',
      mobile: '0491570156',
      role: 'Account Holder',
      relationship: 'Self',
      role_status: 'Active',
    });
    // Another account's holder sees only their own account.
    const other = await call('GET', apiPaths.contacts, await tokenOf(5006, false));
    expect((other.json().data as { user_id: number }[]).map((c) => c.user_id)).toEqual([5006]);
  });

  it('offers every role but the holder’s, their relationships, and the whole catalogue', async () => {
    const token = await tokenOf(5001, false);
    const offered = roleDefinitions.filter((r) => r.role !== 'Account Holder');
    const roles = await call('GET', apiPaths.roles, token);
    expect(roles.json().data).toEqual(offered.map((r) => ({ role: r.role, level: r.level })));
    const relationships = await call('GET', apiPaths.relationships, token);
    expect(relationships.json().data).toEqual(
      offered.flatMap((r) =>
        r.relationships.map((rel) => ({ for_role: r.role, relationship: rel })),
      ),
    );
    // The catalogue needs no permission.
    const catalogue = await call('GET', apiPaths.permissionDefinitions, await tokenOf(5004));
    expect(catalogue.json().data).toEqual(permissionDefinitions);
    // Roles and relationships need edit-users.
    const refused = await call('GET', apiPaths.roles, await tokenOf(5004));
    expect(refused.statusCode).toBe(403);
  });

  it("answers another account's contact and a missing one with the same 404", async () => {
    const intruder = await tokenOf(5006, false);
    const foreign = await call('GET', permissionsUrl(5002), intruder);
    const missing = await call('GET', permissionsUrl(2_000_000_000), intruder);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(errorOf(foreign)).toBe(serverErrors.notFound);
  });

  it("shows a contact's permissions as they hold them now, by section", async () => {
    const res = await call('GET', permissionsUrl(5002), await tokenOf(5001, false));
    expect(res.json().data).toEqual(
      permissionDefinitions.map((d) => ({
        permission: d.permission,
        group: d.section,
        enabled: [
          'view-transactions',
          'view-invoices',
          'view-current-bill',
          'view-billing-activity',
          'view-paymethods',
          'edit-paymethods',
        ].includes(d.permission)
          ? 1
          : 0,
      })),
    );
  });
});

describe('adding a contact', () => {
  it('needs a step-up: refused without one, accepted for 10 minutes after, refused again later', async () => {
    const plain = await call('POST', apiPaths.contacts, await tokenOf(5001, false), newContact());
    expect(plain.statusCode).toBe(403);
    expect(errorOf(plain)).toBe(serverErrors.stepUpRequired);

    const token = await tokenOf(5001);
    time.advance(STEP_UP_FRESH_MS - 60_000);
    const within = await call('POST', apiPaths.contacts, token, newContact());
    expect(within.statusCode, within.body).toBe(200);
    time.advance(61_000);
    const after = await call('POST', apiPaths.contacts, token, newContact());
    expect(after.statusCode).toBe(403);
    expect(errorOf(after)).toBe(serverErrors.stepUpRequired);
  });

  it('makes an invited contact with no password, the role’s defaults the caller holds, and an emailed link', async () => {
    const input = newContact({ email: 'Robin.Invited@Example.com', surname: 'Invited' });
    const userid = await add(input);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userid));
    expect(row).toMatchObject({
      accountId: 100001,
      username: 'robin.invited@example.com',
      email: 'Robin.Invited@Example.com',
      passwordHash: null,
      roleStatus: 'Invited',
      isAccountHolder: false,
      title: 'Ms',
      dateOfBirth: '1990-05-17',
    });
    expect(row!.invitedAt).toEqual(time.clock());

    // A General Contact (level 10) gets everything of level 10 or less, switched on.
    expect(await enabledOf(userid)).toEqual(
      permissionDefinitions.filter((d) => d.level_needed <= 10).map((d) => d.permission),
    );

    const list = await call('GET', apiPaths.contacts, await tokenOf(5001));
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ user_id: userid, role_status: 'Invited', relationship: 'Tenant' }),
    );

    const [message] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'Robin.Invited@Example.com'));
    expect(message!.subject).toBe('You have been invited to Outpost Demo Broadband');
    expect(message!.body).toMatch(
      /https:\/\/portal\.example\.net\/forgot-password\/verify\?code=\d{6}&username=robin\.invited%40example\.com\n/,
    );
    expect(message!.body).toContain('It works once and expires in 7 days');

    // No password: nothing logs in as them.
    const login = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'robin.invited@example.com', password: 'Outpost-demo-1' },
    });
    expect(login.statusCode).toBe(401);

    const [audit] = await ctx.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.event, 'contact-add'))
      .orderBy(sql`${authEvents.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ userId: 5001, outcome: 'success' });
    expect(audit!.detail).toBe(
      `added contact ${userid} (General Contact, Tenant), invited; permissions on: view-account, view-alerts, view-services, view-activity, view-detailed-usage, view-tickets, view-referrals`,
    );
  });

  it('gives as defaults only what the caller holds', async () => {
    const userid = await add(
      newContact({ role: 'Technical Contact', relationship: 'IT Support' }),
      await tokenOf(DEPUTY),
    );
    // Level 50 allows more, but the deputy holds only these of them.
    expect(await enabledOf(userid)).toEqual(['view-account', 'view-services']);
  });

  it('refuses bad roles, relationships, emails and dates with clear messages, creating nothing', async () => {
    const token = await tokenOf(5001);
    const before = await userCount();
    const cases: [Partial<NewContactInput>, number, string][] = [
      [{ role: 'Account Holder', relationship: 'Self' }, 400, contactsErrors.contactRoleHolder],
      [{ role: 'Overlord' }, 400, contactsErrors.contactRoleUnknown],
      [{ relationship: 'Bookkeeper' }, 400, contactsErrors.contactRelationshipInvalid],
      [{ email: 'alex.citizen@example.com' }, 409, contactsErrors.contactEmailTaken],
      [{ email: 'ALEX.Citizen@example.com' }, 409, contactsErrors.contactEmailTaken],
      [
        { date_of_birth: '2026-11-24' },
        400,
        'Invalid request: The date of birth must be in the past.',
      ],
      [
        { date_of_birth: '2030-01-01' },
        400,
        'Invalid request: The date of birth must be in the past.',
      ],
      [
        { date_of_birth: '1890-01-01' },
        400,
        'Invalid request: Check the date of birth: a contact must be between 16 and 120 years old.',
      ],
      [
        { date_of_birth: '2016-01-01' },
        400,
        'Invalid request: Check the date of birth: a contact must be between 16 and 120 years old.',
      ],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await call('POST', apiPaths.contacts, token, newContact(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(errorOf(res)).toBe(message);
    }
    expect(await userCount()).toBe(before);
    expect(contactsErrors.contactEmailTaken).toBe(
      'Invalid request: That email address already has a login. Use a different email address.',
    );
  });

  it('makes exactly one contact from 30 parallel requests with the same email (a double click too)', async () => {
    const token = await tokenOf(5001);
    const input = newContact({ email: 'rush@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call('POST', apiPaths.contacts, token, input)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(errorOf(a)).toBe(contactsErrors.contactEmailTaken);
    }
    const rows = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'rush@example.com'));
    expect(rows).toHaveLength(1);
    const invitations = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'rush@example.com'));
    expect(invitations).toHaveLength(1);
  });
});

describe('changing permissions', () => {
  it('needs a step-up', async () => {
    const res = await call('PATCH', permissionsUrl(5004), await tokenOf(5001, false), [
      { permission: 'view-services', enabled: 1 },
    ]);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(serverErrors.stepUpRequired);
  });

  it('grants only what the role level allows, all or nothing', async () => {
    const token = await tokenOf(5001);
    const before = await enabledOf(5004);
    const res = await call('PATCH', permissionsUrl(5004), token, [
      { permission: 'view-services', enabled: 1 },
      { permission: 'view-users', enabled: 1 },
    ]);
    expect(levelOf('view-users')).toBe(80);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      "Invalid request: 'View contacts' cannot be given to a General Contact: the role's level is too low.",
    );
    expect(await enabledOf(5004)).toEqual(before);
  });

  it('refuses unknown and repeated permissions', async () => {
    const token = await tokenOf(5001);
    const unknown = await call('PATCH', permissionsUrl(5004), token, [
      { permission: 'launch-rockets', enabled: 1 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe(
      "Invalid request: There is no permission called 'launch-rockets'.",
    );
    const repeated = await call('PATCH', permissionsUrl(5004), token, [
      { permission: 'view-services', enabled: 1 },
      { permission: 'view-services', enabled: 0 },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(errorOf(repeated)).toBe(
      "Invalid request: The permission 'view-services' appears more than once. Send each permission once.",
    );
  });

  it('lets nobody give or take away what they do not hold', async () => {
    const token = await tokenOf(DEPUTY);
    const grant = await call('PATCH', permissionsUrl(5002), token, [
      { permission: 'purchase-block', enabled: 1 },
    ]);
    expect(grant.statusCode).toBe(403);
    expect(errorOf(grant)).toBe(
      "Invalid request: You cannot give or take away 'Buy data blocks' because you do not hold it yourself.",
    );
    const revoke = await call('PATCH', permissionsUrl(5003), token, [
      { permission: 'purchase-block', enabled: 0 },
    ]);
    expect(revoke.statusCode).toBe(403);
    expect(await enabledOf(5003)).toContain('purchase-block');
    // What the deputy holds, they may give.
    const ok = await call('PATCH', permissionsUrl(5004), token, [
      { permission: 'view-services', enabled: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    await call('PATCH', permissionsUrl(5004), token, [{ permission: 'view-services', enabled: 0 }]);
  });

  it("refuses the caller's own permissions and the holder's", async () => {
    const own = await call('PATCH', permissionsUrl(5001), await tokenOf(5001), [
      { permission: 'view-services', enabled: 0 },
    ]);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toBe(contactsErrors.ownPermissions);
    const deputyOwn = await call('PATCH', permissionsUrl(DEPUTY), await tokenOf(DEPUTY), [
      { permission: 'view-account', enabled: 0 },
    ]);
    expect(errorOf(deputyOwn)).toBe('Invalid request: You cannot change your own permissions.');
    const holder = await call('PATCH', permissionsUrl(5001), await tokenOf(DEPUTY), [
      { permission: 'view-services', enabled: 0 },
    ]);
    expect(holder.statusCode).toBe(403);
    expect(errorOf(holder)).toBe(
      "Invalid request: The account holder's permissions cannot be changed.",
    );
  });

  it("answers 404 for another account's contact (a removed one: see removal)", async () => {
    const foreign = await call('PATCH', permissionsUrl(5007), await tokenOf(5001), [
      { permission: 'view-services', enabled: 1 },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe(serverErrors.notFound);
  });

  it("takes effect on the contact's very next request, and the permissions header follows", async () => {
    const limited = await tokenOf(5004, false);
    const holder = await tokenOf(5001);
    const before = await call('GET', apiPaths.services, limited);
    expect(before.statusCode).toBe(403);
    const headerBefore = before.headers[PERMISSIONS_HEADER];

    const granted = await call('PATCH', permissionsUrl(5004), holder, [
      { permission: 'view-services', enabled: 1 },
    ]);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toContainEqual({
      permission: 'view-services',
      group: 'Services',
      enabled: 1,
    });
    const after = await call('GET', apiPaths.services, limited);
    expect(after.statusCode).toBe(200);
    const headerAfter = after.headers[PERMISSIONS_HEADER];
    expect(headerAfter).not.toBe(headerBefore);

    await call('PATCH', permissionsUrl(5004), holder, [
      { permission: 'view-services', enabled: 0 },
    ]);
    const revoked = await call('GET', apiPaths.services, limited);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.headers[PERMISSIONS_HEADER]).toBe(headerBefore);

    const [audit] = await ctx.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.event, 'contact-permissions'))
      .orderBy(sql`${authEvents.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ userId: 5001, detail: 'contact 5004: view-services off' });
  });

  it('leaves a consistent state after parallel changes', async () => {
    const userid = await add(newContact({ role: 'Billing Contact', relationship: 'Accountant' }));
    const holder = await tokenOf(5001);
    const group = ['view-invoices', 'view-transactions', 'view-paymethods'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          'PATCH',
          permissionsUrl(userid),
          holder,
          group.map((permission) => ({ permission, enabled: i % 2 })),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const held = await enabledOf(userid);
    const on = group.filter((p) => held.includes(p));
    expect([0, group.length]).toContain(on.length);
    const rows = await ctx.database.db
      .select({ n: count() })
      .from(userPermissions)
      .where(eq(userPermissions.userId, userid));
    expect(rows[0]!.n).toBe(permissionDefinitions.length);
  });
});

describe('removing a contact', () => {
  it('needs a step-up and refuses the caller themselves and the holder', async () => {
    const plain = await call('DELETE', contactUrl(5004), await tokenOf(5001, false));
    expect(plain.statusCode).toBe(403);
    expect(errorOf(plain)).toBe(serverErrors.stepUpRequired);
    const self = await call('DELETE', contactUrl(5001), await tokenOf(5001));
    expect(self.statusCode).toBe(403);
    expect(errorOf(self)).toBe('Invalid request: You cannot remove yourself from the account.');
    const holder = await call('DELETE', contactUrl(5001), await tokenOf(DEPUTY));
    expect(holder.statusCode).toBe(403);
    expect(errorOf(holder)).toBe(
      'Invalid request: The account holder cannot be removed from the account.',
    );
    const foreign = await call('DELETE', contactUrl(5007), await tokenOf(5001));
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe(serverErrors.notFound);
  });

  it("ends the contact's sessions at once; they cannot log in; the email may be added again", async () => {
    const input = newContact({ email: 'leaving@example.com' });
    const userid = await add(input);
    // They accepted and set a password (straight in the database here; recovery tests do it by link).
    await ctx.database.db
      .update(users)
      .set({ roleStatus: 'Active', passwordHash: await hashPassword('Leaving-pass-1') })
      .where(eq(users.id, userid));
    const session = await tokenOf(userid, false);
    expect((await call('GET', apiPaths.currentUser, session)).statusCode).toBe(200);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { username: 'leaving@example.com', password: 'Leaving-pass-1' },
      });
    expect((await login()).statusCode).toBe(200);

    const removed = await call('DELETE', contactUrl(userid), await tokenOf(5001));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: { removed: true } });

    const next = await call('GET', apiPaths.currentUser, session);
    expect(next.statusCode).toBe(401);
    expect(errorOf(next)).toBe(serverErrors.unauthenticated);
    expect((await login()).statusCode).toBe(401);
    const live = await ctx.database.db
      .select({ id: tokens.id })
      .from(tokens)
      .where(and(eq(tokens.userId, userid), sql`${tokens.revokedAt} is null`));
    expect(live).toEqual([]);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userid));
    expect(row).toMatchObject({
      roleStatus: 'Removed',
      username: `removed:${userid}:leaving@example.com`,
      passwordHash: null,
    });
    const list = await call('GET', apiPaths.contacts, await tokenOf(5001));
    expect((list.json().data as { user_id: number }[]).map((c) => c.user_id)).not.toContain(userid);
    expect(await call('GET', permissionsUrl(userid), await tokenOf(5001))).toMatchObject({
      statusCode: 404,
    });
    const again = await call('DELETE', contactUrl(userid), await tokenOf(5001));
    expect(again.statusCode).toBe(404);
    // The contact's profile is gone from the account too, with the same answer.
    const profile = await call('GET', contactUrl(userid), await tokenOf(5001));
    expect(profile.statusCode).toBe(404);
    expect(profile.body).toBe(again.body);
    const patch = await call('PATCH', permissionsUrl(userid), await tokenOf(5001), [
      { permission: 'view-services', enabled: 1 },
    ]);
    expect(patch.statusCode).toBe(404);
    expect(patch.body).toBe(again.body);

    const [audit] = await ctx.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.event, 'contact-remove'))
      .orderBy(sql`${authEvents.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      userId: 5001,
      detail: `removed contact ${userid} (General Contact, was Active); sessions ended`,
    });

    // The email is free again: a new contact, a new id.
    const readded = await add({ ...input });
    expect(readded).not.toBe(userid);
  });
});

describe('message limits and plain names (docs/decisions/036)', () => {
  /** The message counters start empty for each test, and are left empty for the others. */
  const clearCounters = () =>
    ctx.database.db.execute(sql`delete from rate_limits where key like 'msg:%'`);
  beforeEach(clearCounters);
  afterEach(clearCounters);

  const invitationsTo = (pattern: string) =>
    queryRows<{ to: string; body: string }>(
      ctx.database.db,
      sql`select "to", body from outbox where lower("to") like ${pattern} order by id`,
    );

  it('refuses the 11th invitation of an account in an hour: 429 with Retry-After, nothing saved or sent', async () => {
    const token = await tokenOf(5001);
    const before = await userCount();
    for (let i = 1; i <= MESSAGE_LIMITS.contactInvitation.perAccount; i += 1) {
      const res = await call(
        'POST',
        apiPaths.contacts,
        token,
        newContact({ email: `limit.${i}@third-party.example` }),
      );
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
    }
    const refused = await call(
      'POST',
      apiPaths.contacts,
      token,
      newContact({ email: 'limit.11@third-party.example' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe('Too many requests. Please wait an hour and try again.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await invitationsTo('limit.%@third-party.example')).toHaveLength(10);
    expect(await userCount()).toBe(before + 10);
    // Another of the account's admins shares the account's count.
    const deputy = await call(
      'POST',
      apiPaths.contacts,
      await tokenOf(DEPUTY),
      newContact({ email: 'limit.12@third-party.example' }),
    );
    expect(deputy.statusCode).toBe(429);
    expect(await invitationsTo('limit.%@third-party.example')).toHaveLength(10);
  });

  it('sends one address at most 3 invitations an hour, however often it is added, removed and added again', async () => {
    const token = await tokenOf(5001);
    const answers: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const res = await call(
        'POST',
        apiPaths.contacts,
        token,
        newContact({ email: 'Victim@Example.org' }),
      );
      answers.push(res.statusCode);
      if (res.statusCode !== 200) continue;
      const removed = await call('DELETE', contactUrl(res.json().data.userid), token);
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await invitationsTo('victim@example.org')).toHaveLength(
      MESSAGE_LIMITS.contactInvitation.perAddress,
    );
  });

  it("refuses what the Add Contact form refuses, in the form's words (one rule set)", async () => {
    const token = await tokenOf(5001);
    const before = await userCount();
    const formRules = contactDetailsRules(time.clock);
    const cases: [keyof typeof formRules & keyof NewContactInput, string][] = [
      ['email', ''],
      ['email', 'robin@example'],
      ['email', 'ro bin@example.com'],
      ['email', 'a..b@example.com'],
      ['mobile', ' '],
      ['mobile', '0491570'],
      ['mobile', '04915701e9'],
      ['mobile', '0491570199012345'],
      ['date_of_birth', ''],
      ['date_of_birth', '1990-02-30'],
      ['date_of_birth', '17/05/1990'],
      ['date_of_birth', '2026-11-24'],
      ['date_of_birth', '2010-11-25'],
      ['date_of_birth', '1890-01-01'],
    ];
    for (const [field, value] of cases) {
      const formSays = formRules[field](value);
      expect(formSays, `${field} ${value}`).not.toBeNull();
      const res = await call('POST', apiPaths.contacts, token, newContact({ [field]: value }));
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(errorOf(res), `${field} ${value}`).toBe(`Invalid request: ${formSays}`);
    }
    // And what the form takes, the server takes (the oldest and youngest a contact may be).
    for (const date_of_birth of ['2010-11-24', '1906-11-25']) {
      expect(formRules.date_of_birth(date_of_birth)).toBeNull();
      await add(newContact({ date_of_birth }));
    }
    expect(await userCount()).toBe(before + 2);
  });

  it('refuses a name that looks like an address, sending nothing', async () => {
    const token = await tokenOf(5001);
    const before = await userCount();
    for (const [field, value] of [
      ['given_names', 'Win a prize at http://evil.example'],
      ['surname', 'evil.example'],
      ['given_names', 'www.evil.example'],
      ['surname', 'casey@evil.example'],
    ] as const) {
      const res = await call(
        'POST',
        apiPaths.contacts,
        token,
        newContact({ [field]: value, email: 'prize@third-party.example' }),
      );
      expect(res.statusCode, value).toBe(400);
      expect(errorOf(res), value).toBe(
        `Invalid request: ${field} is not valid (must be letters, digits, spaces, hyphens, apostrophes or an initial's full stop).`,
      );
    }
    expect(await userCount()).toBe(before);
    expect(await invitationsTo('prize@third-party.example')).toEqual([]);
  });

  it('puts names in the invitation as plain text: no address in them can become a link', async () => {
    // A name stored before the rule (or by the provider's systems): the mail defangs it.
    await ctx.database.db
      .update(users)
      .set({ givenNames: 'Claim at http://evil.example', surname: 'www.evil.example' })
      .where(eq(users.id, DEPUTY));
    try {
      await add(newContact({ email: 'plain.names@third-party.example' }), await tokenOf(DEPUTY));
    } finally {
      await ctx.database.db
        .update(users)
        .set({ givenNames: 'Dana', surname: 'Deputy' })
        .where(eq(users.id, DEPUTY));
    }
    const [mail] = await invitationsTo('plain.names@third-party.example');
    expect(mail!.body).toContain(
      'Claim at http[:]//evil[.]example www[.]evil[.]example has added you as a contact',
    );
    expect(mail!.body).not.toMatch(/evil\.example|http:\/\/evil/);
    // The portal's own link stays a link.
    expect(mail!.body).toContain('https://portal.example.net/');
  });
});
