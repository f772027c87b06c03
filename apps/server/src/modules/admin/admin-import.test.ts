import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, buildPath } from '@outpost/contracts/api-paths';
import { IMPORT_COLUMNS, importProblemText } from '@outpost/domain/import-rules';
import { queryRows, withTransaction } from '../../db/client';
import { importCsv } from '../../test/import-csv';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import {
  continueImportRun,
  continueUnfinishedImports,
  readImportFile,
  runImport,
  startImportRun,
} from './admin-import.service';
import { adminErrors } from './admin.errors';
import { createApiKey } from './api-keys.service';

const time = manualClock(new Date('2027-02-01T00:00:00Z'));
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  adminToken = await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example', time.clock());
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const asAdmin = (): Headers => ({ 'x-staff-token': adminToken });

function postImport(
  csv: string,
  query: Record<string, string> = {},
  headers: Headers = { ...asAdmin(), 'idempotency-key': randomUUID() },
) {
  return ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminImports,
    query,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
}

/** Rows of the database's tables an import writes to, counted. */
async function counts() {
  const [row] = await queryRows<{
    accounts: number;
    users: number;
    services: number;
    outbox: number;
    deliveries: number;
  }>(
    ctx.database.db,
    sql`select (select count(*)::int from accounts) as accounts,
               (select count(*)::int from users) as users,
               (select count(*)::int from services) as services,
               (select count(*)::int from outbox) as outbox,
               (select count(*)::int from webhook_deliveries) as deliveries`,
  );
  return row!;
}

const header = IMPORT_COLUMNS.join(',');
const row = (values: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) =>
  IMPORT_COLUMNS.map((c) => values[c] ?? '').join(',');
const good = {
  account_external_id: 'MIG-1',
  account_name: 'Dry Creek Station',
  holder_title: 'Mr',
  holder_first_name: 'Quinn',
  holder_last_name: 'Dryrun',
  holder_email: 'quinn.dryrun@example.net',
  holder_mobile: '0711000001',
  holder_date_of_birth: '1980-05-05',
  service_external_id: 'MIG-S-1',
  technology: 'Fixed Wireless',
  plan_id: '31',
  identifier: 'AVC555000000001',
  address_line: '1 Creek Road',
  address_suburb: 'Tenterfield',
  address_state: 'NSW',
  address_postcode: '2372',
  status: 'active',
};

describe('the dry run', () => {
  it('lists every problem of every row by line and column, the database included, and writes nothing', async () => {
    const csv = [
      header,
      row(good), // line 2: fine
      row({
        ...good,
        account_external_id: 'MIG-2',
        holder_email: 'not-an-email',
        service_external_id: 'MIG-S-2',
        identifier: 'AVC555000000002',
        holder_mobile: '0711000002',
      }),
      '', // line 4: empty, skipped but counted
      row({
        ...good,
        account_external_id: 'MIG-3',
        holder_email: 'jordan.citizen@example.com',
        holder_mobile: '0711000003',
        service_external_id: 'MIG-S-3',
        identifier: 'AVC000987654321',
        plan_id: '22',
      }),
      row({
        ...good,
        account_name: 'Another Name',
        service_external_id: 'MIG-S-4',
        identifier: 'AVC555000000004',
        address_state: 'Qld',
        start_date: '2026-13-01',
        status: 'live',
      }),
      row({
        ...good,
        account_external_id: 'MIG 5',
        plan_id: '999',
        service_external_id: 'MIG-S-1',
        identifier: 'AVC555000000001',
        holder_email: 'x5@example.net',
        holder_mobile: '0711000005',
      }),
    ].join('\r\n');
    const before = await counts();
    const res = await postImport(csv, { dry_run: 'true' }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ importid: null, dry_run: true, status: 'invalid', rows: 5 });
    expect(data.problems.map(importProblemText)).toEqual([
      "Line 3, column holder_email: this isn't an email address",
      'Line 5, column holder_email: someone already has this email address',
      'Line 5, column identifier: another service already has this identifier (account 100001)',
      'Line 5, column plan_id: plan 22 (Sky Muster Plus 50) is a Sky Muster Plus plan, not Fixed Wireless',
      'Line 6, column address_state: the state must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA',
      "Line 6, column start_date: this isn't a date: write it as YYYY-MM-DD, like 2026-07-01",
      'Line 6, column status: the status is pending or active (empty: pending)',
      'Line 7, column account_external_id: an external id is 1 to 100 letters, digits or . _ : - (no spaces)',
    ]);
    expect(await counts()).toEqual(before);

    // Once those are right, what only the whole file shows, then the database.
    const second = [
      header,
      row(good),
      row({
        ...good,
        account_name: 'Another Name',
        service_external_id: 'MIG-S-4',
        identifier: 'AVC555000000004',
      }),
      row({
        ...good,
        account_external_id: 'MIG-5',
        plan_id: '999',
        identifier: 'AVC555000000001',
        holder_email: 'x5@example.net',
        holder_mobile: '0711000001',
      }),
    ].join('\n');
    const again = (await postImport(second, { dry_run: 'true' }, asAdmin())).json().data;
    expect(again.problems.map(importProblemText)).toEqual([
      "Line 3, column account_name: this account is on line 2 too, with another account_name: an account's columns must be the same on each of its rows",
      'Line 4, column holder_mobile: this mobile number is on line 2 too',
      'Line 4, column identifier: this identifier is on line 2 too',
      'Line 4, column plan_id: there is no plan 999',
      'Line 4, column service_external_id: this service is on line 2 too',
    ]);
  });

  it('names unknown and missing columns, and unreadable CSV', async () => {
    const res = await postImport(
      'account_external_id,acount_name\nX,Y\n',
      { dry_run: 'true' },
      asAdmin(),
    );
    const problems = res.json().data.problems.map(importProblemText) as string[];
    expect(
      problems.some((p) =>
        p.startsWith('Line 1, column acount_name: there is no column "acount_name"'),
      ),
    ).toBe(true);
    expect(problems).toContain(
      'Line 1, column account_name: this column is missing from the header',
    );
    const broken = await postImport(`${header}\n"MIG-1,x\n`, { dry_run: 'true' }, asAdmin());
    expect(broken.json().data.problems[0].message).toMatch(/^this isn't readable CSV/);
  });

  it('counts a quoted value over two lines as its first line, and reads a BOM and a charset', async () => {
    const csv = [
      header,
      row({ ...good, account_name: '"Dry Creek, the\nHomestead"' }),
      row({
        ...good,
        service_external_id: 'MIG-S-2',
        identifier: 'AVC555000000002',
        account_name: '"Dry Creek, the\nHomestead"',
        address_postcode: '237',
      }),
    ].join('\n');
    const res = await postImport(
      `\ufeff${csv}`,
      { dry_run: 'true' },
      {
        ...asAdmin(),
      },
    );
    expect(res.json().data.problems.map(importProblemText)).toEqual([
      'Line 4, column address_postcode: a postcode is 4 digits',
    ]);
    const charset = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminImports,
      query: { dry_run: 'true' },
      headers: { ...asAdmin(), 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });
    expect(charset.json().data.rows).toBe(2);
  });

  it('tells a valid file what the import would do', async () => {
    const res = await postImport(importCsv(6, 'DRY'), { dry_run: 'true' }, asAdmin());
    expect(res.json().data).toMatchObject({
      status: 'valid',
      rows: 6,
      accounts_created: 3,
      accounts_updated: 0,
      services_created: 6,
      services_unchanged: 0,
      problems: [],
    });
  });
});

describe('the import', () => {
  it('creates the accounts, their invited holders and the services, and mails no one unless asked', async () => {
    const before = await counts();
    const res = await postImport(importCsv(6, 'IMP'));
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({
      dry_run: false,
      status: 'done',
      invite: false,
      rows: 6,
      rows_done: 6,
      accounts_created: 3,
      services_created: 6,
      problems: [],
      created: '2027-02-01T00:00:00.000Z',
    });
    const after = await counts();
    expect(after.accounts - before.accounts).toBe(3);
    expect(after.users - before.users).toBe(3);
    expect(after.services - before.services).toBe(6);
    expect(after.outbox).toBe(before.outbox);

    const [account] = await queryRows<{ id: number; name: string }>(
      ctx.database.db,
      sql`select id, name from accounts where external_id = 'ACC-IMP-1'`,
    );
    const view = await ctx.app.inject({
      url: buildPath(adminPaths.adminAccount, { accountid: account!.id }),
      headers: asAdmin(),
    });
    expect(view.json().data).toMatchObject({
      external_id: 'ACC-IMP-1',
      name: 'Station IMP 1',
      contacts: [
        {
          email: 'holder.imp.1@example.net',
          is_holder: true,
          status: 'Invited',
          mobile: expect.stringMatching(/^07[0-9]{3}00001$/),
        },
      ],
      services: [
        {
          identifier: 'IMPIMP000000002',
          technology: 'Fixed Wireless',
          status: 'active',
          address: '2 Long Paddock Road, Tenterfield NSW 2372',
        },
        { identifier: 'IMPIMP000000003', technology: 'Sky Muster Plus', status: 'pending' },
      ],
    });
    const [period] = await queryRows<{ period_start: string }>(
      ctx.database.db,
      sql`select period_start::text from services where external_id = 'SVC-IMP-2'`,
    );
    // The start date is the start of that day in the business time zone (Queensland).
    expect(new Date(period!.period_start).toISOString()).toBe('2026-06-30T14:00:00.000Z');

    const got = await ctx.app.inject({
      url: buildPath(adminPaths.adminImport, { importid: run.importid }),
      headers: asAdmin(),
    });
    expect(got.json().data).toEqual(run);
  });

  it('invites each new holder when asked, through the outbox', async () => {
    const before = await counts();
    const res = await postImport(importCsv(4, 'INV'), { invite: 'true' });
    expect(res.json().data).toMatchObject({ status: 'done', invite: true, accounts_created: 2 });
    const mail = await queryRows<{ to: string; subject: string }>(
      ctx.database.db,
      sql`select "to", subject from outbox order by id desc limit 2`,
    );
    expect(mail.map((m) => m.to).sort()).toEqual([
      'holder.inv.0@example.net',
      'holder.inv.1@example.net',
    ]);
    expect((await counts()).outbox - before.outbox).toBe(2);
  });

  it('changes nothing when the same file is imported again', async () => {
    const csv = importCsv(8, 'AGAIN');
    expect((await postImport(csv, { invite: 'true' })).json().data.status).toBe('done');
    const before = await counts();
    const res = await postImport(csv, { invite: 'true' });
    expect(res.json().data).toMatchObject({
      status: 'done',
      rows_done: 8,
      accounts_created: 0,
      accounts_updated: 4,
      services_created: 0,
      services_unchanged: 8,
    });
    expect(await counts()).toEqual(before);
  });

  it('adds contact rows to their accounts, the file’s or one there before, once', async () => {
    // An account imported before, with no contact rows then.
    expect((await postImport(importCsv(2, 'EARLY'))).json().data.status).toBe('done');
    const contact = (
      account: string,
      email: string,
      mobile: string,
      more: Record<string, string> = {},
    ) =>
      row({
        row_type: 'contact',
        account_external_id: account,
        contact_title: 'Ms',
        contact_first_name: 'Bree',
        contact_last_name: 'Books',
        contact_email: email,
        contact_mobile: mobile,
        contact_date_of_birth: '1980-05-01',
        contact_role: 'Billing Contact',
        contact_relationship: 'Bookkeeper',
        ...more,
      });
    const csv = [
      header,
      // A contact row before its account's service row: the account is made first all the same.
      contact('MIG-C-1', 'bree.books@example.net', '0711009001'),
      row({
        ...good,
        account_external_id: 'MIG-C-1',
        holder_email: 'cara.contacts@example.net',
        holder_mobile: '0711009000',
        service_external_id: 'MIG-C-S-1',
        identifier: 'AVC555000009001',
      }),
      contact('ACC-EARLY-0', 'tech.early@example.net', '0711009002', {
        contact_role: 'Technical Contact',
        contact_relationship: 'IT Support',
        contact_first_name: 'Tom',
        contact_last_name: 'Tech',
      }),
    ].join('\n');
    const dry = await postImport(csv, { dry_run: 'true' });
    expect(dry.json().data).toMatchObject({
      status: 'valid',
      rows: 3,
      accounts_created: 1,
      services_created: 1,
      contacts_created: 2,
      contacts_unchanged: 0,
    });

    const before = await counts();
    const res = await postImport(csv);
    expect(res.json().data).toMatchObject({
      status: 'done',
      rows_done: 3,
      contacts_created: 2,
      contacts_unchanged: 0,
    });
    expect((await counts()).users - before.users).toBe(3); // a holder and two contacts
    expect((await counts()).outbox).toBe(before.outbox); // a migration mails no one
    const people = await queryRows<{
      account: string;
      email: string;
      role: string;
      status: string;
    }>(
      ctx.database.db,
      sql`select a.external_id as account, u.email, r.role, u.role_status as status
            from users u join accounts a on a.id = u.account_id join roles r on r.id = u.role_id
           where a.external_id in ('MIG-C-1', 'ACC-EARLY-0') order by u.id`,
    );
    expect(people).toEqual([
      {
        account: 'ACC-EARLY-0',
        email: 'holder.early.0@example.net',
        role: 'Account Holder',
        status: 'Invited',
      },
      {
        account: 'MIG-C-1',
        email: 'cara.contacts@example.net',
        role: 'Account Holder',
        status: 'Invited',
      },
      {
        account: 'MIG-C-1',
        email: 'bree.books@example.net',
        role: 'Billing Contact',
        status: 'Invited',
      },
      {
        account: 'ACC-EARLY-0',
        email: 'tech.early@example.net',
        role: 'Technical Contact',
        status: 'Invited',
      },
    ]);

    // The same contacts in another file: there already, nothing written.
    const again = await postImport(`${csv}\n`);
    expect(again.json().data).toMatchObject({
      status: 'done',
      contacts_created: 0,
      contacts_unchanged: 2,
    });
    expect((await counts()).users - before.users).toBe(3);

    // What the database refuses, by line and column.
    const bad = [
      header,
      contact('NO-SUCH-ACCOUNT', 'nobody.here@example.net', '0711009101'),
      contact('ACC-EARLY-0', 'bree.books@example.net', '0711009102'),
      contact('ACC-EARLY-0', 'rel.wrong@example.net', '0711009103', {
        contact_relationship: 'Tenant',
      }),
      contact('ACC-EARLY-0', 'role.wrong@example.net', '0711009104', {
        contact_role: 'Account Holder',
        contact_relationship: 'Self',
      }),
    ].join('\n');
    const refused = await postImport(bad, { dry_run: 'true' });
    expect(refused.json().data.problems.map(importProblemText)).toEqual([
      'Line 2, column account_external_id: there is no account with this external id, in this file or already imported',
      'Line 3, column contact_email: someone already has this email address',
      'Line 4, column contact_relationship: the relationship must be one of Accountant, Bookkeeper, Family Member for a Billing Contact',
      "Line 5, column contact_role: the role must be one of Authorised Representative, Billing Contact, General Contact, Technical Contact (the holder is the account's service rows)",
    ]);
  });

  it('answers a repeated Idempotency-Key with the same run, and needs one to import', async () => {
    const csv = importCsv(2, 'KEY');
    const headers = { ...asAdmin(), 'idempotency-key': randomUUID() };
    const first = await postImport(csv, {}, headers);
    const before = await counts();
    const repeat = await postImport(csv, {}, headers);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().data).toEqual(first.json().data);
    expect(await counts()).toEqual(before);

    const keyless = await postImport(csv, {}, asAdmin());
    expect(keyless.statusCode).toBe(400);
    expect(errorOf(keyless)).toBe(adminErrors.importKeyMissing);
    const json = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminImports,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { csv },
    });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json)).toBe(adminErrors.importNotCsv);
  });

  it('refuses a file with problems whole, recording the run as invalid', async () => {
    const before = await counts();
    const csv = importCsv(3, 'BAD').replace('holder.bad.1@example.net', 'nope');
    const res = await postImport(csv);
    expect(res.json().data).toMatchObject({
      status: 'invalid',
      rows_done: 0,
      problems: [{ line: 4, column: 'holder_email', message: "this isn't an email address" }],
    });
    expect(res.json().data.importid).toEqual(expect.any(Number));
    expect(await counts()).toEqual(before);
  });

  it('records who imported, with a provisioning key, in the audit', async () => {
    const key = await createApiKey(
      ctx.database.db,
      { name: 'Migration', scopes: ['provisioning'] },
      null,
      time.clock(),
    );
    const res = await postImport(
      importCsv(2, 'AUD'),
      {},
      {
        authorization: `Bearer ${key.key}`,
        'idempotency-key': randomUUID(),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [run] = await queryRows<{ created_by_key_id: number }>(
      ctx.database.db,
      sql`select created_by_key_id from import_runs where id = ${res.json().data.importid}`,
    );
    expect(run!.created_by_key_id).toBe(key.keyid);
    // The audit row is written as the answer goes out (onResponse): wait for it.
    await expect
      .poll(async () => {
        const [audit] = await queryRows<{ route: string; status: number }>(
          ctx.database.db,
          sql`select route, status from staff_audit where api_key_id = ${key.keyid}`,
        );
        return audit;
      })
      .toEqual({ route: adminPaths.adminImports, status: 200 });
  });
});

describe('a failure mid-import', () => {
  it('leaves whole batches, and the same file sent again continues at the batch that failed', async () => {
    const db = ctx.database.db;
    const csv = importCsv(25, 'RES'); // 5 batches of 5
    const caller = { by: 'test', staffId: null, keyId: null };
    // The database refuses line 13's service (row 12, in batch 3), as a constraint might.
    await db.execute(sql`create function refuse_import_row() returns trigger language plpgsql as $$
      begin
        if new.identifier = 'IMPRES000000011' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger refuse_import_row before insert on services for each row execute function refuse_import_row()`,
    );
    const before = await counts();
    const failed = await runImport(
      db,
      { db, brand: ctx.config.brand, publicUrl: ctx.config.publicUrl },
      csv,
      caller,
      { invite: false, batchRows: 5, onError: () => {} },
      time.clock,
    );
    expect(failed).toMatchObject({ status: 'failed', rows_done: 10, services_created: 10 });
    expect(failed.problems).toEqual([
      {
        line: 13,
        column: null,
        message:
          'the database refused this row (the log has the details) Nothing of rows 12 to 16 was written; send the same file again to continue from there.',
      },
    ]);
    const between = await counts();
    expect(between.services - before.services).toBe(10);
    expect(between.accounts - before.accounts).toBe(5);

    await db.execute(sql`drop trigger refuse_import_row on services`);
    const resumed = await runImport(
      db,
      { db, brand: ctx.config.brand, publicUrl: ctx.config.publicUrl },
      csv,
      caller,
      { invite: false, batchRows: 5 },
      time.clock,
    );
    // The same run, from batch 3: nothing of batches 1 and 2 was looked at again.
    expect(resumed).toMatchObject({
      importid: failed.importid,
      status: 'done',
      rows_done: 25,
      accounts_created: 13,
      accounts_updated: 0,
      services_created: 25,
      services_unchanged: 0,
      problems: [],
    });
    const after = await counts();
    expect(after.services - before.services).toBe(25);
    expect(after.accounts - before.accounts).toBe(13);
  });
});

describe('a process stopped mid-import', () => {
  it('leaves its run running at a whole batch, and the job continues it from there', async () => {
    const db = ctx.database.db;
    const deps = { db, brand: ctx.config.brand, publicUrl: ctx.config.publicUrl };
    const csv = importCsv(12, 'STOP');
    const caller = { by: 'test', staffId: null, keyId: null };
    const rows = readImportFile(csv, time.clock()).rows;
    const runId = await withTransaction(db, (tx) =>
      startImportRun(tx, csv, rows.length, caller, false, time.clock()),
    );
    const before = await counts();
    // The process "dies" after its second batch has committed.
    await expect(
      continueImportRun(
        db,
        deps,
        runId,
        rows,
        caller.by,
        {
          invite: false,
          batchRows: 4,
          onBatch: (done) => {
            if (done === 8) throw new Error('killed');
          },
        },
        time.clock,
      ),
    ).rejects.toThrow('killed');
    const [left] = await queryRows<{ status: string; rows_done: number }>(
      db,
      sql`select status, rows_done from import_runs where id = ${runId}`,
    );
    expect(left).toEqual({ status: 'running', rows_done: 8 });
    expect((await counts()).services - before.services).toBe(8);

    expect(await continueUnfinishedImports(deps, time.clock)).toBeGreaterThanOrEqual(1);
    const done = await ctx.app.inject({
      url: buildPath(adminPaths.adminImport, { importid: runId }),
      headers: asAdmin(),
    });
    expect(done.json().data).toMatchObject({
      status: 'done',
      rows_done: 12,
      accounts_created: 6,
      accounts_updated: 0,
      services_created: 12,
      services_unchanged: 0,
    });
    expect((await counts()).services - before.services).toBe(12);
  });
});

/**
 * Issue 39's 10,000 rows run on PostgreSQL (CI's server suite beside the e2e run, and the console's
 * e2e imports them again through the page). On the embedded database of `npm test` the same path
 * runs with 1,200 rows (600 new accounts, still over the invitation limit): the 10,000 took almost
 * three minutes there, the longest file of the run, and proved nothing the PostgreSQL run does not.
 */
const BIG_ROWS = process.env.DATABASE_URL ? 10_000 : 1_200;
const BIG_ACCOUNTS = BIG_ROWS / 2;

describe(`${BIG_ROWS.toLocaleString('en-AU')} rows`, () => {
  it(
    'are checked at once, queued (202), imported by the job, and followed with GET',
    { timeout: 240_000 },
    async () => {
      const csv = importCsv(BIG_ROWS, 'BIG');
      const before = await counts();
      let t0 = performance.now();
      const dry = await postImport(csv, { dry_run: 'true' }, asAdmin());
      const drySeconds = (performance.now() - t0) / 1000;
      expect(dry.json().data).toMatchObject({
        status: 'valid',
        rows: BIG_ROWS,
        accounts_created: BIG_ACCOUNTS,
        services_created: BIG_ROWS,
      });
      // Invitations are limited to 500 an hour: more new holders are refused before anything.
      const invite = await postImport(csv, { dry_run: 'true', invite: 'true' }, asAdmin());
      expect(invite.json().data.problems).toEqual([
        {
          line: 1,
          column: null,
          message:
            'with invite=true the file may make at most 500 new accounts (invitations are limited to 500 an hour): import it without invitations, or in files of 500 accounts an hour apart',
        },
      ]);
      const queued = await postImport(csv);
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json().data).toMatchObject({ status: 'running', rows: BIG_ROWS, rows_done: 0 });
      const url = buildPath(adminPaths.adminImport, { importid: queued.json().data.importid });

      // What the admin.imports job does.
      t0 = performance.now();
      const deps = {
        db: ctx.database.db,
        brand: ctx.config.brand,
        publicUrl: ctx.config.publicUrl,
      };
      expect(await continueUnfinishedImports(deps, time.clock)).toBe(1);
      const importSeconds = (performance.now() - t0) / 1000;
      console.log(
        `${BIG_ROWS} rows: dry run ${drySeconds.toFixed(1)} s, import ${importSeconds.toFixed(1)} s`,
      );
      const done = await ctx.app.inject({ url, headers: asAdmin() });
      expect(done.json().data).toMatchObject({
        status: 'done',
        rows_done: BIG_ROWS,
        accounts_created: BIG_ACCOUNTS,
        services_created: BIG_ROWS,
      });
      const after = await counts();
      expect(after.services - before.services).toBe(BIG_ROWS);
      expect(after.users - before.users).toBe(BIG_ACCOUNTS);
      // Nothing left for the job; the file is not kept.
      expect(await continueUnfinishedImports(deps, time.clock)).toBe(0);
    },
  );
});
