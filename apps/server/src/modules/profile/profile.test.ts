import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { messages, serverErrors } from '@outpost/contracts/messages';
import { contactMessages } from '@outpost/domain/contacts-rules';
import { queryRows } from '../../db/client';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf } from '../../test/test-app';
import { balanceCents } from '../billing/ledger';
import { usageAlertRecipients } from './alert-channels';

const HOLDER = 5001;
const BILLING = 5002;
const SERVICES = 5003;
const LIMITED = 5004;
const TWOFACTOR = 5005;
const VIEWER = 5008;

let ctx: TestContext;
const api = apiFor(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Every contact row of the account but one, as text: a change to them shows here. */
async function otherRows(accountId: number, except: number): Promise<string[]> {
  const rows = await queryRows<{ row: string }>(
    ctx.database.db,
    sql`select u::text as row from users u where account_id = ${accountId} and id <> ${except} order by id`,
  );
  return rows.map((r) => r.row);
}

describe('the spec messages the rules quote', () => {
  it('are the catalogue texts', () => {
    expect(contactMessages.required).toBe(messages.account.required);
    expect(contactMessages.invalidEmail).toBe(messages.account.invalidEmail);
  });
});

describe('GET user account (My Details summary)', () => {
  it("answers the caller's account id, holder, services count and the ledger's balance", async () => {
    const res = await api.get(apiPaths.userAccount, HOLDER);
    expect(res.statusCode).toBe(200);
    const [services] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from services where account_id = 100001`,
    );
    const amount = await balanceCents(ctx.database.db, 100001);
    expect(services!.n).toBeGreaterThan(0);
    expect(res.json().data).toEqual({
      accountid: 100001,
      account_holder: 'Jordan Citizen',
      services: services!.n,
      balance: { amount, status: amount > 0 ? 'Owing' : amount < 0 ? 'In Credit' : 'Paid' },
    });
  });

  it('shows a contact with view-account the same account, and refuses one without it', async () => {
    const viewer = await api.get(apiPaths.userAccount, VIEWER);
    expect(viewer.json().data.account_holder).toBe('Jordan Citizen');
    expect(viewer.json().data.accountid).toBe(100001);
    const limited = await api.get(apiPaths.userAccount, LIMITED);
    expect(limited.statusCode).toBe(403);
    expect(errorOf(limited)).toBe(serverErrors.forbidden);
  });

  it('counts none and a zero balance for an account without services or ledger', async () => {
    const res = await api.get(apiPaths.userAccount, 5101);
    expect(res.json().data).toEqual({
      accountid: 100011,
      account_holder: 'Robin Harper',
      services: 0,
      balance: { amount: 0, status: 'Paid' },
    });
  });
});

describe('GET user contact', () => {
  it("answers the caller's own details with email and mobile as objects", async () => {
    const res = await api.get(apiPaths.ownContact, BILLING);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      title: 'Ms',
      given_names: 'Alex',
      surname: 'Citizen',
      email: { email: 'alex.citizen@example.com' },
      mobile: { phone: '0491570157' },
      date_of_birth: '1965-09-30',
      account: { account_holder: false },
      pending: { email: null, mobile: null },
    });
  });
});

describe('PATCH user contact', () => {
  const sent = { title: 'Ms', given_names: 'Alex', surname: 'Citizen' };
  /** Billing's session that verified a one-time code just now (the route needs a step-up). */
  let stepped: { token: string };
  beforeAll(async () => {
    const session = await mintSession(ctx.database.db, BILLING, 'live', new Date(), {
      stepUp: true,
    });
    stepped = { token: session.userToken };
  });

  it('changes only the caller’s own row: a new email and mobile wait for their codes', async () => {
    const before = await otherRows(100001, BILLING);
    const res = await api.patch(
      apiPaths.ownContact,
      { ...sent, email: ' alex.new@example.com ', mobile: '0755501234' },
      stepped,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      title: 'Ms',
      given_names: 'Alex',
      surname: 'Citizen',
      email: { email: 'alex.citizen@example.com' },
      mobile: { phone: '0491570157' },
      date_of_birth: '1965-09-30',
      account: { account_holder: false },
      pending: { email: 'alex.new@example.com', mobile: '0755501234' },
    });
    expect(await otherRows(100001, BILLING)).toEqual(before);
    const again = await api.get(apiPaths.ownContact, BILLING);
    expect(again.json().data.email).toEqual({ email: 'alex.citizen@example.com' });
  });

  it('takes no mobile as none, and a body without the read-only fields', async () => {
    const res = await api.patch(
      apiPaths.ownContact,
      { email: 'alex.citizen@example.com', mobile: '' },
      stepped,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mobile).toEqual({ phone: null });
  });

  it('refuses a change to the title or the names, and changes nothing', async () => {
    const before = await otherRows(100001, -1);
    const cases = [
      [
        { title: 'Mrs' },
        'Invalid request: Your title cannot be changed here. Please call us to change it.',
      ],
      [
        { given_names: 'Alexandra' },
        'Invalid request: Your first name cannot be changed here. Please call us to change it.',
      ],
      [
        { surname: 'Smith' },
        'Invalid request: Your last name cannot be changed here. Please call us to change it.',
      ],
    ] as const;
    for (const [change, message] of cases) {
      const res = await api.patch(
        apiPaths.ownContact,
        { ...sent, ...change, email: 'changed@example.com', mobile: '0491570006' },
        stepped,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await otherRows(100001, -1)).toEqual(before);
  });

  it('needs an email, a valid one, and a numeric mobile, with the form’s messages', async () => {
    const before = await otherRows(100001, -1);
    const cases = [
      [{ email: '  ', mobile: '0491570006' }, 'Bad request: Email: This field is required'],
      [{ email: 'alex@example', mobile: '0491570006' }, 'Bad request: Invalid Email address'],
      [
        { email: 'alex@example.com', mobile: '04915e0006' },
        'Bad request: Contact Number: Enter the number as 8 to 15 digits, like the examples.',
      ],
    ] as const;
    for (const [body, message] of cases) {
      const res = await api.patch(apiPaths.ownContact, { ...sent, ...body }, stepped);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect(await otherRows(100001, -1)).toEqual(before);
  });

  it('cannot name another contact: an id in the body is refused', async () => {
    const res = await api.patch(
      apiPaths.ownContact,
      { email: 'x@example.com', mobile: '', user_id: HOLDER },
      stepped,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe("Invalid request: unknown field 'user_id'.");
  });
});

describe('GET user preferences', () => {
  it('lists every preference for the holder, by section, with defaults', async () => {
    const res = await api.get(apiPaths.preferences, HOLDER);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; section: string; preference: string }[];
    expect(list.map((p) => [p.id, p.section, p.preference])).toEqual([
      [1, 'Preferences', 'Invoice delivery'],
      [2, 'Preferences', 'News and offers by email'],
      [3, 'Preferences', 'Usage alerts in the portal'],
      [4, 'Preferences', 'Usage alerts by email'],
      [5, 'Preferences', 'Usage alerts by SMS'],
      [6, 'Preferences', 'Usage alerts by push notification (app)'],
      [7, 'Alternate Contact', 'Name'],
      [8, 'Alternate Contact', 'Phone'],
      [9, 'Alternate Contact', 'Email'],
      [10, 'Two Factor Authentication', 'Two-factor method'],
    ]);
    expect(res.json().data[0]).toEqual({
      id: 1,
      section: 'Preferences',
      preference: 'Invoice delivery',
      type: 'selection',
      data: [
        { value: 'Email', selected: true },
        { value: 'Paper (post)', selected: false },
      ],
      permissions: ['view-invoices'],
    });
    expect(res.json().data[9]).toEqual({
      id: 10,
      section: 'Two Factor Authentication',
      preference: 'Two-factor method',
      type: 'info',
      data: { value: 'Off', change_at: '/account/security' },
      permissions: [],
    });
  });

  it('shows only preferences whose permissions the caller holds all of', async () => {
    const limited = await api.get(apiPaths.preferences, LIMITED);
    expect(limited.json().data.map((p: { id: number }) => p.id)).toEqual([2, 7, 8, 9, 10]);
    const billing = await api.get(apiPaths.preferences, BILLING);
    expect(billing.json().data.map((p: { id: number }) => p.id)).toEqual([1, 2, 7, 8, 9, 10]);
  });

  it('shows the current two-factor method and where to change it', async () => {
    const res = await api.get(apiPaths.preferences, TWOFACTOR);
    expect(res.json().data.at(-1).data).toEqual({
      value: 'On: a code by SMS',
      change_at: '/account/security',
    });
  });
});

describe('PATCH user preferences', () => {
  it('saves a list of {id, data} for the caller only, shown on the next read', async () => {
    const res = await api.patch(
      apiPaths.preferences,
      [
        {
          id: 1,
          data: [
            { value: 'Email', selected: false },
            { value: 'Paper (post)', selected: true },
          ],
        },
        { id: 2, data: { value: true } },
        { id: 7, data: { value: ' Pat Citizen ' } },
        { id: 8, data: { value: '0755501234' } },
        { id: 9, data: { value: 'pat@example.com' } },
      ],
      HOLDER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const read = await api.get(apiPaths.preferences, HOLDER);
    const data = Object.fromEntries(
      (read.json().data as { id: number; data: unknown }[]).map((p) => [p.id, p.data]),
    );
    expect(data[1]).toEqual([
      { value: 'Email', selected: false },
      { value: 'Paper (post)', selected: true },
    ]);
    expect(data[2]).toEqual({ value: true });
    expect(data[7]).toEqual({ value: 'Pat Citizen' });
    expect(data[8]).toEqual({ value: '0755501234' });
    expect(data[9]).toEqual({ value: 'pat@example.com' });
    expect(res.json().data).toEqual(read.json().data);
    // Another contact of the same account keeps the defaults.
    const other = await api.get(apiPaths.preferences, BILLING);
    expect(other.json().data[0].data[0]).toEqual({ value: 'Email', selected: true });
    expect(other.json().data[1].data).toEqual({ value: false });
  });

  it('answers 404 for an unknown preference and for one the caller may not see', async () => {
    const hidden = await api.patch(
      apiPaths.preferences,
      [{ id: 4, data: { value: false } }],
      LIMITED,
    );
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toBe(serverErrors.notFound);
    const unknown = await api.patch(
      apiPaths.preferences,
      [{ id: 9999, data: { value: false } }],
      LIMITED,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(hidden.body);
  });

  it('refuses a change to the two-factor entry: it is changed on Account Security', async () => {
    const res = await api.patch(
      apiPaths.preferences,
      [{ id: 10, data: { value: 'Off' } }],
      TWOFACTOR,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Invalid request: Two-factor authentication is changed on Account Security, where a one-time code confirms the change.',
    );
  });

  it('checks each value against its type with a clear message', async () => {
    const cases: [unknown[], string][] = [
      [
        [
          {
            id: 1,
            data: [
              { value: 'Email', selected: true },
              { value: 'Paper (post)', selected: true },
            ],
          },
        ],
        "Invalid request: Invoice delivery: choose one of 'Email', 'Paper (post)'.",
      ],
      [
        [
          {
            id: 1,
            data: [
              { value: 'Email', selected: false },
              { value: 'Pigeon', selected: true },
            ],
          },
        ],
        "Invalid request: Invoice delivery: choose one of 'Email', 'Paper (post)'.",
      ],
      [
        [{ id: 1, data: { value: true } }],
        "Invalid request: Invoice delivery: choose one of 'Email', 'Paper (post)'.",
      ],
      [
        [{ id: 3, data: { value: 'yes' } }],
        'Invalid request: Usage alerts in the portal: must be on or off.',
      ],
      [
        [{ id: 7, data: { value: 'x'.repeat(101) } }],
        'Invalid request: Name: must be text of at most 100 characters.',
      ],
      [
        [{ id: 8, data: { value: '07 5550 1234' } }],
        'Invalid request: Phone: Enter the number as 8 to 15 digits, like the examples.',
      ],
      [[{ id: 9, data: { value: 'pat@' } }], 'Invalid request: Email: Invalid Email address.'],
      [
        [
          { id: 2, data: { value: true } },
          { id: 2, data: { value: false } },
        ],
        'Invalid request: Each preference may be listed only once.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.patch(apiPaths.preferences, body, HOLDER);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('is all or nothing: one bad item saves none of the list', async () => {
    const res = await api.patch(
      apiPaths.preferences,
      [
        { id: 7, data: { value: 'Saved Never' } },
        { id: 9, data: { value: 'not-an-email' } },
      ],
      VIEWER,
    );
    expect(res.statusCode).toBe(400);
    const read = await api.get(apiPaths.preferences, VIEWER);
    const name = (read.json().data as { id: number; data: unknown }[]).find((p) => p.id === 7);
    expect(name!.data).toEqual({ value: '' });
  });
});

describe('usage alert channels', () => {
  it('sends to the contacts who may see usage, by the channels they chose', async () => {
    const before = await usageAlertRecipients(ctx.database.db, 100001);
    // billing and limited cannot see usage; services sees no alerts in the portal.
    expect(before).toEqual([
      {
        userId: HOLDER,
        email: 'jordan.citizen@example.com',
        mobile: '0491570156',
        inApp: true,
        byEmail: true,
        bySms: false,
        byPush: true,
      },
      {
        userId: SERVICES,
        email: 'sam.citizen@example.com',
        mobile: '0491570158',
        inApp: false,
        byEmail: true,
        bySms: false,
        byPush: true,
      },
      {
        userId: VIEWER,
        email: 'jamie.citizen@example.com',
        mobile: '0491570113',
        inApp: true,
        byEmail: true,
        bySms: false,
        byPush: true,
      },
    ]);
    const saved = await api.patch(
      apiPaths.preferences,
      [
        { id: 3, data: { value: false } },
        { id: 4, data: { value: false } },
        { id: 5, data: { value: true } },
        { id: 6, data: { value: false } },
      ],
      VIEWER,
    );
    expect(saved.statusCode).toBe(200);
    const after = await usageAlertRecipients(ctx.database.db, 100001);
    expect(after.find((r) => r.userId === VIEWER)).toEqual({
      userId: VIEWER,
      email: 'jamie.citizen@example.com',
      mobile: '0491570113',
      inApp: false,
      byEmail: false,
      bySms: true,
      byPush: false,
    });
    expect(after.filter((r) => r.userId !== VIEWER)).toEqual(
      before.filter((r) => r.userId !== VIEWER),
    );
  });
});
