import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../../db/columns';
import { apiKeys, staffMembers } from '../staff/staff.schema';

/** A problem of an import, as the API and the CLI show it (docs/decisions/053). */
export type ImportRunProblem = { line: number; column: string | null; message: string };

/**
 * One CSV import (docs/decisions/053): who ran it, which file (its SHA-256: the same file sent
 * again continues this run), how far it got (rows_done, a whole number of batches: each batch
 * commits with its rows), and its problems. `invalid`: the file was refused before anything was
 * written; `failed`: a batch failed and was rolled back (the run continues from it when the file
 * is sent again); `done`.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdByStaffId: integer('created_by_staff_id').references(() => staffMembers.id),
    createdByKeyId: integer('created_by_key_id').references(() => apiKeys.id),
    fileSha256: text('file_sha256').notNull(),
    totalRows: integer('total_rows').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    status: text('status').$type<'invalid' | 'running' | 'failed' | 'done'>().notNull(),
    /** Whether new holders are sent the invitation to set a password. */
    invite: boolean('invite').notNull(),
    accountsCreated: integer('accounts_created').notNull().default(0),
    accountsUpdated: integer('accounts_updated').notNull().default(0),
    servicesCreated: integer('services_created').notNull().default(0),
    servicesUnchanged: integer('services_unchanged').notNull().default(0),
    contactsCreated: integer('contacts_created').notNull().default(0),
    contactsUnchanged: integer('contacts_unchanged').notNull().default(0),
    /**
     * The file, kept while the run is unfinished: the job continues a run the API queued (or one
     * a killed process left), and it is dropped when the run is done.
     */
    file: text('file'),
    errors: jsonb('errors').$type<ImportRunProblem[]>().notNull().default([]),
    createdAt: timestampTz('created_at').notNull(),
    updatedAt: timestampTz('updated_at').notNull(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    index('import_runs_file_idx').on(t.fileSha256),
    check('import_runs_status', sql`${t.status} in ('invalid', 'running', 'failed', 'done')`),
  ],
);
