import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryRows } from '../../db/client';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { contactsErrors } from '../contacts/contacts.errors';
import { adminErrors } from './admin.errors';

const time = manualClock(new Date('2027-05-01T00:00:00Z'));
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

const post = (url: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const messagesTo = (email: string) =>
  queryRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from outbox where "to" = ${email} order by id`,
  );

async function newCustomer(email: string, mobile: string): Promise<number> {
  const res = await post(
    adminPaths.adminAccounts,
    { ...admin, 'idempotency-key': `contacts-${email}` },
    {
      name: 'Contact Creek Station',
      holder: {
        title: 'Mr',
        given_names: 'Hal',
        surname: 'Holder',
        email,
        mobile,
        date_of_birth: '1961-04-05',
      },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.account.accountid as number;
}

const bookkeeper = (email: string, mobile: string) => ({
  role: 'Billing Contact',
  relationship: 'Bookkeeper',
  title: 'Ms',
  given_names: 'Bree',
  surname: 'Books',
  email,
  mobile,
  date_of_birth: '1980-05-01',
});

describe('adding a contact to an account', () => {
  it('makes an Invited contact with the role’s permissions, invites them and tells the holder', async () => {
    const accountid = await newCustomer('hal.holder@example.net', '0491000101');
    const url = buildPath(adminPaths.adminAccountContacts, { accountid });
    const res = await post(
      url,
      { ...admin, 'idempotency-key': 'add-contact-0001' },
      bookkeeper('Bree.Books@example.net', '0491000102'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { userid } = res.json().data as { userid: number };

    const view = await ctx.app.inject({
      method: 'GET',
      url: buildPath(adminPaths.adminAccount, { accountid }),
      headers: support,
    });
    const contact = view.json().data.contacts.find((c: { userid: number }) => c.userid === userid);
    expect(contact).toMatchObject({
      name: 'Bree Books',
      username: 'bree.books@example.net',
      role: 'Billing Contact',
      status: 'Invited',
    });
    // Billing Contact is level 50: the permissions that level allows, and only those, are on.
    const on = await queryRows<{ permission: string; enabled: boolean; level_needed: number }>(
      ctx.database.db,
      sql`select p.permission, p.enabled, d.level_needed from user_permissions p
            join permission_definitions d on d.permission = p.permission
           where p.user_id = ${userid}`,
    );
    expect(on.length).toBeGreaterThan(0);
    for (const p of on) expect(p.enabled).toBe(p.level_needed <= 50);

    const invitation = await messagesTo('Bree.Books@example.net');
    expect(invitation.map((m) => m.subject)).toEqual([
      'You have been invited to Outpost Demo Broadband',
    ]);
    expect(invitation[0]!.body).toContain(
      'You have been added as a contact (Billing Contact) on the Outpost Demo Broadband account Contact Creek Station.',
    );
    expect(invitation[0]!.body).toContain('Your username is bree.books@example.net.');
    const told = await messagesTo('hal.holder@example.net');
    expect(told.map((m) => m.subject)).toContain(
      'A contact was added to your Outpost Demo Broadband account',
    );

    // The same click again: the first answer, not a second contact.
    const again = await post(
      url,
      { ...admin, 'idempotency-key': 'add-contact-0001' },
      bookkeeper('Bree.Books@example.net', '0491000102'),
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.userid).toBe(userid);
    const [n] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where lower(email) = 'bree.books@example.net'`,
    );
    expect(n!.n).toBe(1);
  });

  it('without an invitation mails no one (a migration)', async () => {
    const accountid = await newCustomer('quiet.holder@example.net', '0491000201');
    const before = (await messagesTo('quiet.holder@example.net')).length;
    const res = await post(
      buildPath(adminPaths.adminAccountContacts, { accountid }),
      { ...admin, 'idempotency-key': 'add-contact-quiet' },
      { ...bookkeeper('quiet.books@example.net', '0491000202'), invite: false },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await messagesTo('quiet.books@example.net')).toEqual([]);
    expect((await messagesTo('quiet.holder@example.net')).length).toBe(before);
  });

  it('refuses what the customer’s own form refuses, and changes nothing', async () => {
    const accountid = await newCustomer('strict.holder@example.net', '0491000301');
    const url = buildPath(adminPaths.adminAccountContacts, { accountid });
    const cases: [object, string][] = [
      // Someone else's email (the holder's own).
      [bookkeeper('strict.holder@example.net', '0491000302'), contactsErrors.contactEmailTaken],
      [bookkeeper('new.one@example.net', '0491000301'), contactsErrors.contactMobileTaken],
      [
        {
          ...bookkeeper('new.two@example.net', '0491000303'),
          role: 'Account Holder',
          relationship: 'Self',
        },
        contactsErrors.contactRoleHolder,
      ],
      [
        { ...bookkeeper('new.three@example.net', '0491000304'), relationship: 'Tenant' },
        contactsErrors.contactRelationshipInvalid,
      ],
    ];
    for (const [i, [body, message]] of cases.entries()) {
      const res = await post(url, { ...admin, 'idempotency-key': `strict-${i}-key` }, body);
      expect(res.statusCode, res.body).not.toBe(200);
      expect(errorOf(res)).toBe(message);
    }
    const [n] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where account_id = ${accountid}`,
    );
    expect(n!.n).toBe(1);

    const missing = await post(
      buildPath(adminPaths.adminAccountContacts, { accountid: 999_999 }),
      { ...admin, 'idempotency-key': 'strict-missing' },
      bookkeeper('nobody@example.net', '0491000309'),
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(adminErrors.accountMissing);
  });

  it('is for provisioning: support staff are refused', async () => {
    const accountid = await newCustomer('scoped.holder@example.net', '0491000401');
    const res = await post(
      buildPath(adminPaths.adminAccountContacts, { accountid }),
      { ...support, 'idempotency-key': 'support-add-contact' },
      bookkeeper('scoped.books@example.net', '0491000402'),
    );
    expect(res.statusCode).toBe(403);
  });
});
