/**
 * The CSV import of accounts, contacts and services (issue 39, docs/decisions/053): one row per
 * service, with its account's columns repeated; rows with the same account_external_id are one
 * account. These rules read one file before anything is written: every row's every problem, each
 * as {line, column, message}, where line is the file's own line number (the header is line 1).
 * The server adds what only the database knows (plans, identifiers and addresses already used).
 */
import { CONTACT_TITLES, checkContactBirthDate, checkContactMobile } from './contacts-rules';
import { checkContactEmail } from './contacts-rules';
import { isPersonName } from './name-rules';
import { parseCalendarDate } from './application-rules';

/** The columns, in the order the documentation and the template give them. */
export const IMPORT_COLUMNS = [
  'account_external_id',
  'account_name',
  'holder_title',
  'holder_first_name',
  'holder_last_name',
  'holder_email',
  'holder_mobile',
  'holder_date_of_birth',
  'service_external_id',
  'technology',
  'plan_id',
  'identifier',
  'address_line',
  'address_suburb',
  'address_state',
  'address_postcode',
  'tower_id',
  'satellite_beam',
  'start_date',
  'status',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns a row may leave empty. */
const OPTIONAL_COLUMNS: readonly ImportColumn[] = [
  'tower_id',
  'satellite_beam',
  'start_date',
  'status',
];

/** The columns that describe the account and its holder: the same on each row of one account. */
export const ACCOUNT_COLUMNS: readonly ImportColumn[] = IMPORT_COLUMNS.slice(0, 8);

export const IMPORT_TECHNOLOGIES = [
  'Sky Muster',
  'Sky Muster Plus',
  'Fixed Wireless',
  'Landline',
  'VOIP',
] as const;
export type ImportTechnology = (typeof IMPORT_TECHNOLOGIES)[number];
export const IMPORT_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** The most rows one file may hold (the API takes 5 MB; the CLI the same). */
export const IMPORT_MAX_ROWS = 50_000;
/**
 * The most rows the admin API imports while the request waits (a few seconds); a larger file is
 * answered 202 and imported by the job (docs/decisions/053).
 */
export const IMPORT_SYNC_ROWS = 1_000;
/** Rows per transaction: a failure or a killed process leaves whole batches. */
export const IMPORT_BATCH_ROWS = 500;

/** One problem: `column` null when it is the row's or the file's as a whole. */
export type ImportProblem = { line: number; column: string | null; message: string };

/** A row as it will be written, every value checked and trimmed. */
export type ImportRow = {
  line: number;
  account_external_id: string;
  account_name: string;
  holder: {
    title: (typeof CONTACT_TITLES)[number];
    given_names: string;
    surname: string;
    email: string;
    mobile: string;
    date_of_birth: string;
  };
  service_external_id: string;
  technology: ImportTechnology;
  plan_id: number;
  identifier: string;
  address: { line: string; suburb: string; state: string; postcode: string };
  tower_id: string | undefined;
  satellite_beam: string | undefined;
  /** 'YYYY-MM-DD' (its first period starts that day, in the business time zone) or undefined. */
  start_date: string | undefined;
  status: 'pending' | 'active';
};

const EXTERNAL_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const IDENTIFIER = /^[A-Za-z0-9]{4,30}$/;

/** "Line 14, column holder_email: this isn't an email address". */
export function importProblemText(p: ImportProblem): string {
  return `Line ${p.line}${p.column ? `, column ${p.column}` : ''}: ${p.message}`;
}

/**
 * The header's problems: every required column there once, nothing unknown (a typo in a column's
 * name would otherwise drop its values silently).
 */
export function checkImportHeader(header: readonly string[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name))
      problems.push({
        line: 1,
        column: name,
        message: `there is no column "${name}": the columns are ${IMPORT_COLUMNS.join(', ')}`,
      });
    else if (seen.has(name))
      problems.push({ line: 1, column: name, message: 'this column is there twice' });
    seen.add(name);
  }
  for (const name of IMPORT_COLUMNS)
    if (!seen.has(name) && !OPTIONAL_COLUMNS.includes(name))
      problems.push({ line: 1, column: name, message: 'this column is missing from the header' });
  return problems;
}

/** One row's problems, and the row when it has none. `now` dates the age check. */
export function checkImportRow(
  values: Partial<Record<ImportColumn, string>>,
  line: number,
  now: Date,
): { row: ImportRow | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const v = (c: ImportColumn) => (values[c] ?? '').trim();
  const problem = (column: ImportColumn, message: string) =>
    problems.push({ line, column, message });
  for (const c of IMPORT_COLUMNS)
    if (v(c) === '' && !OPTIONAL_COLUMNS.includes(c))
      problem(c, 'this is empty: every row needs one');
  const filled = (c: ImportColumn) => v(c) !== '';
  const longest = (c: ImportColumn, max: number) => {
    if (v(c).length > max) problem(c, `this is longer than ${max} characters`);
  };

  for (const c of ['account_external_id', 'service_external_id'] as const)
    if (filled(c) && !EXTERNAL_ID.test(v(c)))
      problem(c, 'an external id is 1 to 100 letters, digits or . _ : - (no spaces)');
  longest('account_name', 100);
  if (filled('holder_title') && !(CONTACT_TITLES as readonly string[]).includes(v('holder_title')))
    problem('holder_title', `the title must be one of ${CONTACT_TITLES.join(', ')}`);
  for (const c of ['holder_first_name', 'holder_last_name'] as const) {
    if (filled(c) && !isPersonName(v(c)))
      problem(c, "this isn't a name: letters, spaces, apostrophes, hyphens and full stops only");
    longest(c, 100);
  }
  if (filled('holder_email') && checkContactEmail(v('holder_email')) !== null)
    problem('holder_email', "this isn't an email address");
  const mobile = v('holder_mobile').replace(/[\s-]/g, '');
  if (filled('holder_mobile') && checkContactMobile(mobile) !== null)
    problem('holder_mobile', "this isn't a mobile number: 8 to 15 digits, like 0491570006");
  if (filled('holder_date_of_birth')) {
    const dob = checkContactBirthDate(v('holder_date_of_birth'), now);
    if (dob !== null)
      problem(
        'holder_date_of_birth',
        parseCalendarDate(v('holder_date_of_birth'))
          ? dob
          : "this isn't a date: write it as YYYY-MM-DD, like 1970-01-31",
      );
  }
  if (filled('technology') && !(IMPORT_TECHNOLOGIES as readonly string[]).includes(v('technology')))
    problem('technology', `the technology must be one of ${IMPORT_TECHNOLOGIES.join(', ')}`);
  if (filled('plan_id') && !/^[1-9][0-9]{0,8}$/.test(v('plan_id')))
    problem('plan_id', "this isn't a plan's number (GET /api/admin/v1/plans/ lists them)");
  if (filled('identifier') && !IDENTIFIER.test(v('identifier')))
    problem(
      'identifier',
      'the AVC id or phone number is 4 to 30 letters or digits (no spaces or dashes)',
    );
  longest('address_line', 100);
  longest('address_suburb', 60);
  if (filled('address_state') && !(IMPORT_STATES as readonly string[]).includes(v('address_state')))
    problem('address_state', `the state must be one of ${IMPORT_STATES.join(', ')}`);
  if (filled('address_postcode') && !/^[0-9]{4}$/.test(v('address_postcode')))
    problem('address_postcode', 'a postcode is 4 digits');
  longest('tower_id', 30);
  longest('satellite_beam', 30);
  if (filled('start_date') && !parseCalendarDate(v('start_date')))
    problem('start_date', "this isn't a date: write it as YYYY-MM-DD, like 2026-07-01");
  if (filled('status') && v('status') !== 'pending' && v('status') !== 'active')
    problem('status', 'the status is pending or active (empty: pending)');

  if (problems.length > 0) return { row: null, problems };
  const optional = (c: ImportColumn) => (filled(c) ? v(c) : undefined);
  return {
    row: {
      line,
      account_external_id: v('account_external_id'),
      account_name: v('account_name'),
      holder: {
        title: v('holder_title') as ImportRow['holder']['title'],
        given_names: v('holder_first_name'),
        surname: v('holder_last_name'),
        email: v('holder_email'),
        mobile,
        date_of_birth: v('holder_date_of_birth'),
      },
      service_external_id: v('service_external_id'),
      technology: v('technology') as ImportTechnology,
      plan_id: Number(v('plan_id')),
      identifier: v('identifier').toUpperCase(),
      address: {
        line: v('address_line'),
        suburb: v('address_suburb'),
        state: v('address_state'),
        postcode: v('address_postcode'),
      },
      tower_id: optional('tower_id'),
      satellite_beam: optional('satellite_beam'),
      start_date: optional('start_date'),
      status: (optional('status') ?? 'pending') as ImportRow['status'],
    },
    problems,
  };
}

/**
 * What only the whole file shows: an account's columns differing between its rows, and a service
 * external id, an identifier, or a holder's email or mobile given twice (for two accounts).
 */
export function checkImportRows(rows: readonly ImportRow[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const accounts = new Map<string, ImportRow>();
  const firstLine = new Map<string, number>();
  const once = (key: string, row: ImportRow, column: ImportColumn, what: string) => {
    const seen = firstLine.get(key);
    if (seen === undefined) firstLine.set(key, row.line);
    else problems.push({ line: row.line, column, message: `${what} is on line ${seen} too` });
  };
  for (const row of rows) {
    const first = accounts.get(row.account_external_id);
    if (first) {
      const differs = accountDifference(first, row);
      if (differs)
        problems.push({
          line: row.line,
          column: differs,
          message: `this account is on line ${first.line} too, with another ${differs}: an account's columns must be the same on each of its rows`,
        });
      continue;
    }
    accounts.set(row.account_external_id, row);
    once(`email:${row.holder.email.toLowerCase()}`, row, 'holder_email', 'this email address');
    once(`mobile:${row.holder.mobile}`, row, 'holder_mobile', 'this mobile number');
  }
  for (const row of rows) {
    once(`service:${row.service_external_id}`, row, 'service_external_id', 'this service');
    once(`identifier:${row.identifier}`, row, 'identifier', 'this identifier');
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** The first account column in which two rows of one account differ, or null. */
function accountDifference(a: ImportRow, b: ImportRow): ImportColumn | null {
  if (a.account_name !== b.account_name) return 'account_name';
  const pairs: [ImportColumn, string, string][] = [
    ['holder_title', a.holder.title, b.holder.title],
    ['holder_first_name', a.holder.given_names, b.holder.given_names],
    ['holder_last_name', a.holder.surname, b.holder.surname],
    ['holder_email', a.holder.email.toLowerCase(), b.holder.email.toLowerCase()],
    ['holder_mobile', a.holder.mobile, b.holder.mobile],
    ['holder_date_of_birth', a.holder.date_of_birth, b.holder.date_of_birth],
  ];
  return pairs.find(([, x, y]) => x !== y)?.[0] ?? null;
}
