import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type {
  ImportColumn,
  ImportContactRow,
  ImportItem,
  ImportProblem,
  ImportRow,
} from '@outpost/domain/import-rules';
import {
  IMPORT_BATCH_ROWS,
  IMPORT_MAX_ROWS,
  checkImportHeader,
  checkImportRow,
  checkImportRows,
} from '@outpost/domain/import-rules';
import { zonedInstant } from '@outpost/domain/time/zoned';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { accounts } from '../../db/accounts.schema';
import { AppError } from '../../lib/errors';
import { ADMIN_MESSAGE_LIMITS } from '../../lib/message-limits';
import { plans, services } from '../services/services.schema';
import type { ProvisioningDeps } from './admin-provisioning.service';
import {
  addAccountContact,
  createAccount,
  createService,
  upsertAccount,
} from './admin-provisioning.service';
import { adminError } from './admin.errors';
import { HOLDER_ROLE } from '../contacts/contacts.service';
import { importRuns } from './import.schema';

/**
 * The CSV import of accounts, holders and services (docs/decisions/053). The file is read and
 * checked whole first (the domain's rules, then the database's: plans, identifiers and addresses
 * already used), and refused with every problem by line and column; a dry run stops there. The
 * import then writes in batches of IMPORT_BATCH_ROWS rows, each batch one transaction with the
 * run's progress, through the admin API's own createAccount/upsertAccount and createService: an
 * account by its external id is created (its holder invited, or not) or its name updated; a
 * service whose external id is there already is left as it is. The same file sent again
 * continues its run at the first batch not done, or, once done, changes nothing.
 */

export type ImportResult = {
  importid: number | null;
  dry_run: boolean;
  /** Dry run: valid or invalid; an import: invalid, running, failed or done. */
  status: 'valid' | 'invalid' | 'running' | 'failed' | 'done';
  invite: boolean;
  rows: number;
  rows_done: number;
  /** A dry run: what the import would do. */
  accounts_created: number;
  accounts_updated: number;
  services_created: number;
  services_unchanged: number;
  contacts_created: number;
  contacts_unchanged: number;
  problems: ImportProblem[];
  created: string | null;
  finished: string | null;
};

/** Who runs an import: a staff member, an API key, or the command line (neither). */
export type ImportCaller = { by: string; staffId: number | null; keyId: number | null };

/** The file's rows: its service rows first, then its contact rows (their accounts made first). */
type ReadFile = { rows: ImportItem[]; records: number; problems: ImportProblem[] };

/** The file's SHA-256 (hex): the same file sent again names the same run. */
export const fileSha256 = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The file read and checked by the domain's rules: its valid rows, how many data records it
 * holds, and every problem. Lines are the file's own (the header is line 1; a quoted value over
 * several lines is its first line's; empty lines are skipped but counted).
 */
export function readImportFile(text: string, now: Date): ReadFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      trim: false,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const reason = error instanceof Error ? error.message.replace(/^[^:]*: /, '') : 'unreadable';
    return {
      rows: [],
      records: 0,
      problems: [{ line, column: null, message: `this isn't readable CSV: ${reason}` }],
    };
  }
  const lines: { line: number; record: string[] }[] = [];
  let previousEnd = 0;
  for (const { record, info } of records) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.length === 1 && record[0]!.trim() === '') continue; // an empty line
    lines.push({ line, record });
  }
  const [head, ...data] = lines;
  if (!head)
    return {
      rows: [],
      records: 0,
      problems: [{ line: 1, column: null, message: 'the file is empty' }],
    };
  const header = head.record.map((h) => h.trim());
  const problems = checkImportHeader(header);
  if (data.length === 0) problems.push({ line: 1, column: null, message: 'the file has no rows' });
  if (data.length > IMPORT_MAX_ROWS)
    problems.push({
      line: data[IMPORT_MAX_ROWS]!.line,
      column: null,
      message: `a file holds at most ${IMPORT_MAX_ROWS} rows: split it`,
    });
  if (problems.length > 0) return { rows: [], records: data.length, problems };
  const rows: ImportItem[] = [];
  for (const { line, record } of data) {
    if (record.length !== header.length) {
      problems.push({
        line,
        column: null,
        message: `this row has ${record.length} values and the header ${header.length} columns`,
      });
      continue;
    }
    const values = Object.fromEntries(header.map((h, i) => [h, record[i]])) as Partial<
      Record<ImportColumn, string>
    >;
    const checked = checkImportRow(values, line, now);
    problems.push(...checked.problems);
    if (checked.row) rows.push(checked.row);
  }
  problems.push(...checkImportRows(rows));
  // A contact's account is written before it (a batch is a run of rows in this order).
  const ordered = [
    ...rows.filter((r) => r.kind === 'service'),
    ...rows.filter((r) => r.kind === 'contact'),
  ];
  return { rows: ordered, records: data.length, problems: sortProblems(problems) };
}

const sortProblems = (problems: ImportProblem[]) =>
  problems.sort((a, b) => a.line - b.line || (a.column ?? '').localeCompare(b.column ?? ''));

/** Values in lists of at most this many per statement (a statement takes 65,535 parameters). */
const CHUNK = 5_000;
async function inChunks<T, R>(values: T[], each: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK)
    out.push(...(await each(values.slice(i, i + CHUNK))));
  return out;
}

type Plan = { id: number; name: string; technology: string };

/**
 * What only the database knows: the plan exists and is the row's technology's; the service's
 * external id is not another account's; the identifier is no other service's; a new account's
 * holder's email and mobile name no one (decision 035). Also what the import will do: accounts
 * and services new or there already.
 */
export async function checkImportAgainstDatabase(
  db: Db,
  items: readonly ImportItem[],
): Promise<{ problems: ImportProblem[]; counts: Counts }> {
  const problems: ImportProblem[] = [];
  const counts = noCounts();
  const rows = items.filter((r): r is ImportRow => r.kind === 'service');
  const contacts = items.filter((r): r is ImportContactRow => r.kind === 'contact');
  if (contacts.length > 0) {
    const checked = await checkContactsAgainstDatabase(db, rows, contacts);
    problems.push(...checked.problems);
    counts.contacts_created = checked.created;
    counts.contacts_unchanged = checked.unchanged;
  }
  if (rows.length === 0) return { problems: sortProblems(problems), counts };
  const planList: Plan[] = await db
    .select({ id: plans.id, name: plans.name, technology: plans.technology })
    .from(plans);
  const planOf = new Map(planList.map((p) => [p.id, p]));
  const accountIds = [...new Set(rows.map((r) => r.account_external_id))];
  const existingAccounts = new Set(
    (
      await inChunks(accountIds, (chunk) =>
        db
          .select({ externalId: accounts.externalId })
          .from(accounts)
          .where(inArray(accounts.externalId, chunk)),
      )
    ).map((a) => a.externalId!),
  );
  const existingServices = new Map(
    (
      await inChunks(
        rows.map((r) => r.service_external_id),
        (chunk) =>
          queryRows<{
            external_id: string;
            account_id: number;
            account_external_id: string | null;
          }>(
            db,
            sql`select s.external_id, s.account_id, a.external_id as account_external_id
                  from services s join accounts a on a.id = s.account_id
                 where s.external_id in (${sql.join(
                   chunk.map((c) => sql`${c}`),
                   sql`, `,
                 )})`,
          ),
      )
    ).map((s) => [s.external_id, s]),
  );
  const identifiers = new Map(
    (
      await inChunks(
        rows.map((r) => r.identifier),
        (chunk) =>
          queryRows<{ identifier: string; external_id: string | null; account_id: number }>(
            db,
            sql`select upper(identifier) as identifier, external_id, account_id from services
                 where upper(identifier) in (${sql.join(
                   chunk.map((c) => sql`${c}`),
                   sql`, `,
                 )})`,
          ),
      )
    ).map((s) => [s.identifier, s]),
  );
  // The holders of accounts still to be made: their addresses must be no one else's.
  const firstRows = new Map<string, ImportRow>();
  for (const row of rows)
    if (!existingAccounts.has(row.account_external_id) && !firstRows.has(row.account_external_id))
      firstRows.set(row.account_external_id, row);
  const holders = [...firstRows.values()];
  const takenEmails = new Set(
    (
      await inChunks(
        holders.map((r) => r.holder.email.trim().toLowerCase()),
        (chunk) =>
          queryRows<{ key: string }>(
            db,
            sql`select lower(trim(email)) as key from users
                 where role_status <> 'Removed' and lower(trim(email)) in (${sql.join(
                   chunk.map((c) => sql`${c}`),
                   sql`, `,
                 )})
                union
                select lower(username) from users where lower(username) in (${sql.join(
                  chunk.map((c) => sql`${c}`),
                  sql`, `,
                )})`,
          ),
      )
    ).map((r) => r.key),
  );
  const takenMobiles = new Set(
    (
      await inChunks(
        holders.map((r) => r.holder.mobile),
        (chunk) =>
          queryRows<{ key: string }>(
            db,
            sql`select regexp_replace(mobile, '[^0-9]', '', 'g') as key from users
                 where role_status <> 'Removed'
                   and regexp_replace(mobile, '[^0-9]', '', 'g') in (${sql.join(
                     chunk.map((c) => sql`${c}`),
                     sql`, `,
                   )})`,
          ),
      )
    ).map((r) => r.key),
  );

  const problem = (row: ImportRow, column: ImportColumn, message: string) =>
    problems.push({ line: row.line, column, message });
  for (const holder of holders) {
    if (takenEmails.has(holder.holder.email.trim().toLowerCase()))
      problem(holder, 'holder_email', 'someone already has this email address');
    if (takenMobiles.has(holder.holder.mobile))
      problem(holder, 'holder_mobile', 'someone already has this mobile number');
  }
  counts.accounts_created = firstRows.size;
  counts.accounts_updated = accountIds.length - firstRows.size;
  for (const row of rows) {
    const plan = planOf.get(row.plan_id);
    if (!plan) problem(row, 'plan_id', `there is no plan ${row.plan_id}`);
    else if (plan.technology !== row.technology)
      problem(
        row,
        'plan_id',
        `plan ${plan.id} (${plan.name}) is a ${plan.technology} plan, not ${row.technology}`,
      );
    const service = existingServices.get(row.service_external_id);
    if (service && service.account_external_id !== row.account_external_id)
      problem(
        row,
        'service_external_id',
        `this service is already on another account (${service.account_id})`,
      );
    const sameIdentifier = identifiers.get(row.identifier);
    if (sameIdentifier && sameIdentifier.external_id !== row.service_external_id)
      problem(
        row,
        'identifier',
        `another service already has this identifier (account ${sameIdentifier.account_id})`,
      );
    if (service) counts.services_unchanged++;
    else counts.services_created++;
  }
  return { problems: sortProblems(problems), counts };
}

type Counts = {
  accounts_created: number;
  accounts_updated: number;
  services_created: number;
  services_unchanged: number;
  contacts_created: number;
  contacts_unchanged: number;
};

const noCounts = (): Counts => ({
  accounts_created: 0,
  accounts_updated: 0,
  services_created: 0,
  services_unchanged: 0,
  contacts_created: 0,
  contacts_unchanged: 0,
});

/** `values` as a SQL list: `in (${list(values)})`. */
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The contact rows against the database: the account is the file's or already in Outpost; the
 * role and relationship exist (and the role is not the holder's); the email and mobile name no
 * one else (decision 035). A contact whose email is already a contact of that very account is
 * there already: a re-run leaves it as it is.
 */
async function checkContactsAgainstDatabase(
  db: Db,
  rows: readonly ImportRow[],
  contacts: readonly ImportContactRow[],
): Promise<{ problems: ImportProblem[]; created: number; unchanged: number }> {
  const problems: ImportProblem[] = [];
  const problem = (row: ImportContactRow, column: ImportColumn, message: string) =>
    problems.push({ line: row.line, column, message });
  const inFile = new Set(rows.map((r) => r.account_external_id));
  const accountIds = [...new Set(contacts.map((c) => c.account_external_id))];
  const known = new Set(
    (
      await inChunks(accountIds, (chunk) =>
        queryRows<{ external_id: string }>(
          db,
          sql`select external_id from accounts where external_id in (${list(chunk)})`,
        ),
      )
    ).map((a) => a.external_id),
  );
  const roleRows = await queryRows<{ role: string; relationship: string }>(
    db,
    sql`select r.role, l.relationship from roles r join relationships l on l.role_id = r.id
         where r.role <> ${HOLDER_ROLE}`,
  );
  const roleNames = new Set(roleRows.map((r) => r.role));
  const pairs = new Set(roleRows.map((r) => `${r.role}\n${r.relationship}`));
  // Who already has each email or mobile, and on which account (by its external id).
  const emailOwners = new Map(
    (
      await inChunks(
        contacts.map((c) => c.contact.email.toLowerCase()),
        (chunk) =>
          queryRows<{ key: string; account: string | null }>(
            db,
            sql`select lower(trim(u.email)) as key, a.external_id as account
                  from users u join accounts a on a.id = u.account_id
                 where u.role_status <> 'Removed' and lower(trim(u.email)) in (${list(chunk)})
                union all
                select lower(u.username), null from users u
                 where lower(u.username) in (${list(chunk)}) and u.role_status = 'Removed'`,
          ),
      )
    ).map((r) => [r.key, r.account]),
  );
  const mobileOwners = new Map(
    (
      await inChunks(
        contacts.map((c) => c.contact.mobile),
        (chunk) =>
          queryRows<{ key: string; email: string | null }>(
            db,
            sql`select regexp_replace(mobile, '[^0-9]', '', 'g') as key, lower(trim(email)) as email
                  from users where role_status <> 'Removed'
                   and regexp_replace(mobile, '[^0-9]', '', 'g') in (${list(chunk)})`,
          ),
      )
    ).map((r) => [r.key, r.email]),
  );
  let created = 0;
  let unchanged = 0;
  for (const row of contacts) {
    const { contact } = row;
    if (!inFile.has(row.account_external_id) && !known.has(row.account_external_id))
      problem(
        row,
        'account_external_id',
        'there is no account with this external id, in this file or already imported',
      );
    if (!roleNames.has(contact.role))
      problem(
        row,
        'contact_role',
        `the role must be one of ${[...roleNames].sort().join(', ')} (the holder is the account's service rows)`,
      );
    else if (!pairs.has(`${contact.role}\n${contact.relationship}`))
      problem(
        row,
        'contact_relationship',
        `the relationship must be one of ${roleRows
          .filter((r) => r.role === contact.role)
          .map((r) => r.relationship)
          .join(', ')} for a ${contact.role}`,
      );
    const email = contact.email.toLowerCase();
    const owner = emailOwners.get(email);
    const there = owner !== undefined && owner === row.account_external_id;
    if (owner !== undefined && !there)
      problem(row, 'contact_email', 'someone already has this email address');
    const mobileOwner = mobileOwners.get(contact.mobile);
    if (mobileOwner !== undefined && mobileOwner !== email)
      problem(row, 'contact_mobile', 'someone already has this mobile number');
    if (there) unchanged++;
    else created++;
  }
  return { problems, created, unchanged };
}

/**
 * More invitations than a sender may send in an hour (decision 036's limit, 500) would stop the
 * import part-way with 429: refused before anything is written instead.
 */
function inviteProblems(counts: Counts, invite: boolean): ImportProblem[] {
  const most = ADMIN_MESSAGE_LIMITS.holderInvitation.perSender;
  const mostContacts = ADMIN_MESSAGE_LIMITS.contactInvitation.perSender;
  const problems: ImportProblem[] = [];
  if (invite && counts.accounts_created > most)
    problems.push({
      line: 1,
      column: null,
      message: `with invite=true the file may make at most ${most} new accounts (invitations are limited to ${most} an hour): import it without invitations, or in files of ${most} accounts an hour apart`,
    });
  if (invite && counts.contacts_created > mostContacts)
    problems.push({
      line: 1,
      column: null,
      message: `with invite=true the file may add at most ${mostContacts} contacts (invitations are limited to ${mostContacts} an hour): import it without invitations, or in files of ${mostContacts} contacts an hour apart`,
    });
  return problems;
}

/** Reads and checks the file against the database, writing nothing. */
export async function dryRunImport(
  db: Db,
  text: string,
  now: Date,
  invite = false,
): Promise<ImportResult> {
  const read = readImportFile(text, now);
  const checked = await checkImportAgainstDatabase(db, read.rows);
  const problems = sortProblems([
    ...read.problems,
    ...inviteProblems(checked.counts, invite),
    ...checked.problems,
  ]);
  return {
    importid: null,
    dry_run: true,
    status: problems.length > 0 ? 'invalid' : 'valid',
    invite,
    rows: read.records,
    rows_done: 0,
    ...checked.counts,
    problems,
    created: null,
    finished: null,
  };
}

type RunRow = typeof importRuns.$inferSelect;

function viewOf(run: RunRow): ImportResult {
  return {
    importid: run.id,
    dry_run: false,
    status: run.status,
    invite: run.invite,
    rows: run.totalRows,
    rows_done: run.rowsDone,
    accounts_created: run.accountsCreated,
    accounts_updated: run.accountsUpdated,
    services_created: run.servicesCreated,
    services_unchanged: run.servicesUnchanged,
    contacts_created: run.contactsCreated,
    contacts_unchanged: run.contactsUnchanged,
    problems: run.errors,
    created: run.createdAt.toISOString(),
    finished: run.finishedAt?.toISOString() ?? null,
  };
}

/** A run as the API shows it, or null. */
export async function importRunView(db: Db, id: number): Promise<ImportResult | null> {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return run ? viewOf(run) : null;
}

export type ImportOptions = {
  invite: boolean;
  /** Rows per transaction (tests make it small). */
  batchRows?: number;
  /** Called after each batch commits (the CLI's progress). */
  onBatch?: (rowsDone: number, total: number) => void;
  /** An unexpected failure, for the log (the run records a plain message). */
  onError?: (error: unknown) => void;
};

export type PreparedImport =
  { ok: false; result: ImportResult } | { ok: true; rows: ImportItem[]; sha: string };

/**
 * Reads and checks a file to import. A file with problems is recorded as an invalid run (nothing
 * else is written) and answered with them all.
 */
export async function prepareImport(
  db: Db,
  text: string,
  caller: ImportCaller,
  invite: boolean,
  now: Date,
): Promise<PreparedImport> {
  const read = readImportFile(text, now);
  const checked = await checkImportAgainstDatabase(db, read.rows);
  const problems = sortProblems([
    ...read.problems,
    ...inviteProblems(checked.counts, invite),
    ...checked.problems,
  ]);
  const sha = fileSha256(text);
  if (problems.length === 0) return { ok: true, rows: read.rows, sha };
  const [run] = await db
    .insert(importRuns)
    .values({
      createdByStaffId: caller.staffId,
      createdByKeyId: caller.keyId,
      fileSha256: sha,
      totalRows: read.records,
      status: 'invalid',
      invite,
      errors: problems,
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    })
    .returning();
  return { ok: false, result: viewOf(run!) };
}

/**
 * The run of this file to continue (running, or failed at a batch), else a new one. In `tx`: the
 * admin API claims its Idempotency-Key in the same transaction.
 */
export async function startImportRun(
  tx: Db,
  file: string,
  total: number,
  caller: ImportCaller,
  invite: boolean,
  now: Date,
): Promise<number> {
  const sha = fileSha256(file);
  const [unfinished] = await tx
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(
      and(
        eq(importRuns.fileSha256, sha),
        inArray(importRuns.status, ['running', 'failed']),
        eq(importRuns.totalRows, total),
      ),
    )
    .orderBy(desc(importRuns.id))
    .limit(1)
    .for('update');
  if (unfinished) {
    await tx
      .update(importRuns)
      .set({ status: 'running', errors: [], file, updatedAt: now })
      .where(eq(importRuns.id, unfinished.id));
    return unfinished.id;
  }
  const [run] = await tx
    .insert(importRuns)
    .values({
      createdByStaffId: caller.staffId,
      createdByKeyId: caller.keyId,
      fileSha256: sha,
      totalRows: total,
      status: 'running',
      invite,
      file,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: importRuns.id });
  return run!.id;
}

/**
 * Writes the run's rows from its first batch not done, each batch in one transaction with the
 * run's progress: a failure (or a killed process) leaves whole batches, and the run `failed` with
 * the row that failed; the same file sent again continues there. The run's own invite setting
 * holds (the one it was started with).
 */
export async function continueImportRun(
  db: Db,
  deps: ProvisioningDeps,
  runId: number,
  rows: readonly ImportItem[],
  by: string,
  options: ImportOptions,
  clock: () => Date,
): Promise<ImportResult> {
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  /** Accounts this call has upserted: each once, on its first row. */
  const accountOf = new Map<string, number>();
  for (;;) {
    const [run] = await db.select().from(importRuns).where(eq(importRuns.id, runId));
    if (!run) throw new Error(`import run ${runId} is missing`);
    if (run.status !== 'running' || run.rowsDone >= rows.length) break;
    const start = run.rowsDone;
    const batch = rows.slice(start, start + batchRows);
    let line = batch[0]!.line;
    const known = new Map(accountOf);
    try {
      await withTransaction(db, async (tx) => {
        const now = clock();
        // The run's row locked: a second process on the same run waits, then sees the batch done.
        const [locked] = await tx
          .select({ rowsDone: importRuns.rowsDone, status: importRuns.status })
          .from(importRuns)
          .where(eq(importRuns.id, runId))
          .for('update');
        if (locked!.rowsDone !== start || locked!.status !== 'running') return;
        const counts = noCounts();
        const serviceRows = batch.filter((r): r is ImportRow => r.kind === 'service');
        const existing = new Set(
          serviceRows.length === 0
            ? []
            : (
                await tx
                  .select({ externalId: services.externalId })
                  .from(services)
                  .where(
                    inArray(
                      services.externalId,
                      serviceRows.map((r) => r.service_external_id),
                    ),
                  )
              ).map((s) => s.externalId),
        );
        // Accounts there already are upserted (their name); new ones created (createAccount's
        // insert still refuses an external id another request took meanwhile).
        const there = new Set(
          (
            await tx
              .select({ externalId: accounts.externalId })
              .from(accounts)
              .where(
                inArray(accounts.externalId, [...new Set(batch.map((r) => r.account_external_id))]),
              )
          ).map((a) => a.externalId),
        );
        for (const row of batch) {
          line = row.line;
          if (row.kind === 'contact') {
            const added = await importContact(tx, deps, row, known, by, now, run.invite);
            if (added) counts.contacts_created++;
            else counts.contacts_unchanged++;
            continue;
          }
          let accountId = known.get(row.account_external_id);
          if (accountId === undefined) {
            const input = { name: row.account_name, holder: row.holder };
            if (there.has(row.account_external_id)) {
              const upserted = await upsertAccount(
                tx,
                deps,
                row.account_external_id,
                input,
                by,
                now,
              );
              accountId = upserted.accountId;
              counts.accounts_updated++;
            } else {
              accountId = await createAccount(
                tx,
                deps,
                { ...input, external_id: row.account_external_id },
                by,
                now,
                { invite: run.invite },
              );
              counts.accounts_created++;
            }
            known.set(row.account_external_id, accountId);
          }
          if (existing.has(row.service_external_id)) {
            counts.services_unchanged++;
            continue;
          }
          await createService(
            tx,
            accountId,
            {
              external_id: row.service_external_id,
              technology: row.technology,
              plan_id: row.plan_id,
              identifier: row.identifier,
              address: row.address as Parameters<typeof createService>[2]['address'],
              tower_id: row.tower_id,
              satellite_beam: row.satellite_beam,
              status: row.status,
              start: row.start_date ? zonedInstant(row.start_date).toISOString() : undefined,
            },
            now,
          );
          counts.services_created++;
        }
        await tx
          .update(importRuns)
          .set({
            rowsDone: start + batch.length,
            accountsCreated: sql`${importRuns.accountsCreated} + ${counts.accounts_created}`,
            accountsUpdated: sql`${importRuns.accountsUpdated} + ${counts.accounts_updated}`,
            servicesCreated: sql`${importRuns.servicesCreated} + ${counts.services_created}`,
            servicesUnchanged: sql`${importRuns.servicesUnchanged} + ${counts.services_unchanged}`,
            contactsCreated: sql`${importRuns.contactsCreated} + ${counts.contacts_created}`,
            contactsUnchanged: sql`${importRuns.contactsUnchanged} + ${counts.contacts_unchanged}`,
            updatedAt: now,
          })
          .where(eq(importRuns.id, runId));
      });
    } catch (error) {
      if (!(error instanceof AppError)) options.onError?.(error);
      const message =
        error instanceof AppError
          ? error.message.replace(/^Invalid request: /, '')
          : 'the database refused this row (the log has the details)';
      await db
        .update(importRuns)
        .set({
          status: 'failed',
          errors: [
            {
              line,
              column: null,
              message: `${message} Nothing of rows ${batch[0]!.line} to ${batch.at(-1)!.line} was written; send the same file again to continue from there.`,
            },
          ],
          updatedAt: clock(),
        })
        .where(and(eq(importRuns.id, runId), ne(importRuns.status, 'done')));
      break;
    }
    // Committed: its accounts are known from now on.
    for (const [k, v] of known) accountOf.set(k, v);
    options.onBatch?.(Math.min(start + batch.length, rows.length), rows.length);
    if (start + batch.length >= rows.length) {
      // Thousands of new rows: fresh statistics before the run says it is done, so the next
      // search plans for the tables as they are now (PGlite runs no autovacuum; on PostgreSQL
      // it would come later). Without it a search right after 10,000 rows took 6.6 s, not 20 ms.
      await db.execute(sql`analyze accounts, users, services`);
    }
  }
  const finished = clock();
  await db
    .update(importRuns)
    .set({ status: 'done', file: null, finishedAt: finished, updatedAt: finished })
    .where(
      and(
        eq(importRuns.id, runId),
        eq(importRuns.status, 'running'),
        sql`${importRuns.rowsDone} >= ${importRuns.totalRows}`,
      ),
    );
  return (await importRunView(db, runId))!;
}

/**
 * A contact row in the batch's transaction: its account (made by an earlier row, or there
 * before), and the contact added as the admin API adds one, unless a contact of that account has
 * the email already (a re-run). True when added.
 */
async function importContact(
  tx: Db,
  deps: ProvisioningDeps,
  row: ImportContactRow,
  known: Map<string, number>,
  by: string,
  now: Date,
  invite: boolean,
): Promise<boolean> {
  let accountId = known.get(row.account_external_id);
  if (accountId === undefined) {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.externalId, row.account_external_id));
    if (!account) throw adminError('accountMissing');
    accountId = account.id;
    known.set(row.account_external_id, accountId);
  }
  const [there] = await queryRows<{ id: number }>(
    tx,
    sql`select id from users where account_id = ${accountId} and role_status <> 'Removed'
           and lower(trim(email)) = ${row.contact.email.toLowerCase()} limit 1`,
  );
  if (there) return false;
  const { role, relationship, ...person } = row.contact;
  await addAccountContact(tx, deps, accountId, { ...person, role, relationship }, by, now, {
    invite,
  });
  return true;
}

/** The whole import in one call (the command line; the API claims its key between the steps). */
export async function runImport(
  db: Db,
  deps: ProvisioningDeps,
  text: string,
  caller: ImportCaller,
  options: ImportOptions,
  clock: () => Date,
): Promise<ImportResult> {
  const prepared = await prepareImport(db, text, caller, options.invite, clock());
  if (!prepared.ok) return prepared.result;
  const runId = await withTransaction(db, (tx) =>
    startImportRun(tx, text, prepared.rows.length, caller, options.invite, clock()),
  );
  return continueImportRun(db, deps, runId, prepared.rows, caller.by, options, clock);
}

/** Who ran a run, as message limits count it: 'key:ID', 'staff:ID', or the command line. */
function principalOfRun(run: Pick<RunRow, 'createdByKeyId' | 'createdByStaffId'>): string {
  if (run.createdByKeyId !== null) return `key:${run.createdByKeyId}`;
  if (run.createdByStaffId !== null) return `staff:${run.createdByStaffId}`;
  return 'cli';
}

/**
 * The job (`admin.imports`, decision 053): every run still running with its file (one the API
 * queued, or one a stopped process left mid-way) continued from its first batch not done. Two
 * workers on one run take its batches in turn (each batch locks the run). The number of runs.
 */
export async function continueUnfinishedImports(
  deps: ProvisioningDeps,
  clock: () => Date,
  onError?: (error: unknown) => void,
): Promise<number> {
  const db = deps.db;
  const runs = await db
    .select({
      id: importRuns.id,
      file: importRuns.file,
      invite: importRuns.invite,
      createdByKeyId: importRuns.createdByKeyId,
      createdByStaffId: importRuns.createdByStaffId,
    })
    .from(importRuns)
    .where(and(eq(importRuns.status, 'running'), isNotNull(importRuns.file)))
    .orderBy(importRuns.id);
  for (const run of runs) {
    const read = readImportFile(run.file!, clock());
    await continueImportRun(
      db,
      deps,
      run.id,
      read.rows,
      principalOfRun(run),
      { invite: run.invite, ...(onError ? { onError } : {}) },
      clock,
    );
  }
  return runs.length;
}
