/**
 * The CSV import of accounts, contacts and services (issue 39, docs/decisions/053): one row per
 * service, with its account's columns repeated; rows with the same account_external_id are one
 * account; a row of row_type contact adds one more contact to its account. These rules read one file before anything is written: every row's every problem, each
 * as {line, column, message}, where line is the file's own line number (the header is line 1).
 * The server adds what only the database knows (plans, identifiers and addresses already used).
 */
import { CONTACT_TITLES, checkContactBirthDate, checkContactMobile } from './contacts-rules';
import { checkContactEmail } from './contacts-rules';
import { isPersonName } from './name-rules';
import { parseCalendarDate } from './application-rules';

/** The account's and its holder's columns: the same on each row of one account. */
const ACCOUNT_PART = [
  'account_external_id',
  'account_name',
  'holder_title',
  'holder_first_name',
  'holder_last_name',
  'holder_email',
  'holder_mobile',
  'holder_date_of_birth',
] as const;

/** The service's columns: every required one on a service row, none on a contact row. */
const SERVICE_PART = [
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

/** A contact row's own columns: empty on a service row, every one needed on a contact row. */
const CONTACT_PART = [
  'contact_title',
  'contact_first_name',
  'contact_last_name',
  'contact_email',
  'contact_mobile',
  'contact_date_of_birth',
  'contact_role',
  'contact_relationship',
] as const;

/** The columns, in the order the documentation and the template give them. */
export const IMPORT_COLUMNS = [
  ...ACCOUNT_PART,
  ...SERVICE_PART,
  'row_type',
  ...CONTACT_PART,
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const CONTACT_COLUMNS: readonly ImportColumn[] = CONTACT_PART;
const SERVICE_COLUMNS: readonly ImportColumn[] = SERVICE_PART;

/** Columns a service row may leave empty, and the header may leave out. */
const OPTIONAL_COLUMNS: readonly ImportColumn[] = [
  'tower_id',
  'satellite_beam',
  'start_date',
  'status',
  'row_type',
  ...CONTACT_COLUMNS,
];

/** The columns that describe the account and its holder: the same on each row of one account. */
export const ACCOUNT_COLUMNS: readonly ImportColumn[] = ACCOUNT_PART;

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

/** A service row as it will be written, every value checked and trimmed. */
export type ImportRow = {
  kind: 'service';
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

/**
 * A contact row (`row_type` contact): one more contact of an account the file's service rows make
 * (or one already there), added as the admin API adds one. The role and relationship are the
 * database's to check.
 */
export type ImportContactRow = {
  kind: 'contact';
  line: number;
  account_external_id: string;
  contact: {
    title: (typeof CONTACT_TITLES)[number];
    given_names: string;
    surname: string;
    email: string;
    mobile: string;
    date_of_birth: string;
    role: string;
    relationship: string;
  };
  /** The account's other columns that the row fills: they must be the account's. */
  account: Partial<Record<ImportColumn, string>>;
};

/** One row of the file, either kind. */
export type ImportItem = ImportRow | ImportContactRow;

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
): { row: ImportItem | null; problems: ImportProblem[] } {
  const kind = (values.row_type ?? '').trim();
  if (kind === 'contact') return checkContactRow(values, line, now);
  const problems: ImportProblem[] = [];
  const v = (c: ImportColumn) => (values[c] ?? '').trim();
  const problem = (column: ImportColumn, message: string) =>
    problems.push({ line, column, message });
  if (kind !== '' && kind !== 'service')
    problem('row_type', 'the row type is service or contact (empty: service)');
  for (const c of IMPORT_COLUMNS)
    if (v(c) === '' && !OPTIONAL_COLUMNS.includes(c))
      problem(c, 'this is empty: every row needs one');
  for (const c of CONTACT_COLUMNS)
    if (v(c) !== '')
      problem(c, 'a service row has no contact: leave this empty, or make the row_type contact');
  const filled = (c: ImportColumn) => v(c) !== '';
  const longest = (c: ImportColumn, max: number) => {
    if (v(c).length > max) problem(c, `this is longer than ${max} characters`);
  };

  for (const c of ['account_external_id', 'service_external_id'] as const)
    if (filled(c) && !EXTERNAL_ID.test(v(c)))
      problem(c, 'an external id is 1 to 100 letters, digits or . _ : - (no spaces)');
  longest('account_name', 100);
  const mobile = v('holder_mobile').replace(/[\s-]/g, '');
  problems.push(
    ...personProblems(
      {
        title: ['holder_title', v('holder_title')],
        first: ['holder_first_name', v('holder_first_name')],
        last: ['holder_last_name', v('holder_last_name')],
        email: ['holder_email', v('holder_email')],
        mobile: ['holder_mobile', mobile],
        birth: ['holder_date_of_birth', v('holder_date_of_birth')],
      },
      line,
      now,
    ),
  );
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
      kind: 'service',
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
 * A contact row's problems, and the row when it has none: the account's external id, the
 * contact's eight columns (a person as the holder's columns are checked), and nothing of a
 * service. The account's other columns may be left empty; given, they must be the account's.
 */
function checkContactRow(
  values: Partial<Record<ImportColumn, string>>,
  line: number,
  now: Date,
): { row: ImportContactRow | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const v = (c: ImportColumn) => (values[c] ?? '').trim();
  const problem = (column: ImportColumn, message: string) =>
    problems.push({ line, column, message });
  if (v('account_external_id') === '')
    problem('account_external_id', 'this is empty: every row needs one');
  else if (!EXTERNAL_ID.test(v('account_external_id')))
    problem(
      'account_external_id',
      'an external id is 1 to 100 letters, digits or . _ : - (no spaces)',
    );
  for (const c of CONTACT_COLUMNS)
    if (v(c) === '') problem(c, 'this is empty: a contact row needs one');
  for (const c of SERVICE_COLUMNS)
    if (v(c) !== '') problem(c, 'a contact row has no service: leave this empty');
  const mobile = v('contact_mobile').replace(/[\s-]/g, '');
  problems.push(
    ...personProblems(
      {
        title: ['contact_title', v('contact_title')],
        first: ['contact_first_name', v('contact_first_name')],
        last: ['contact_last_name', v('contact_last_name')],
        email: ['contact_email', v('contact_email')],
        mobile: ['contact_mobile', mobile],
        birth: ['contact_date_of_birth', v('contact_date_of_birth')],
      },
      line,
      now,
    ),
  );
  for (const c of ['contact_role', 'contact_relationship'] as const)
    if (v(c).length > 100) problem(c, 'this is longer than 100 characters');
  if (problems.length > 0) return { row: null, problems };
  return {
    row: {
      kind: 'contact',
      line,
      account_external_id: v('account_external_id'),
      contact: {
        title: v('contact_title') as ImportContactRow['contact']['title'],
        given_names: v('contact_first_name'),
        surname: v('contact_last_name'),
        email: v('contact_email'),
        mobile,
        date_of_birth: v('contact_date_of_birth'),
        role: v('contact_role'),
        relationship: v('contact_relationship'),
      },
      account: Object.fromEntries(
        ACCOUNT_COLUMNS.filter((c) => c !== 'account_external_id' && v(c) !== '').map((c) => [
          c,
          c === 'holder_mobile' ? v(c).replace(/[\s-]/g, '') : v(c),
        ]),
      ),
    },
    problems,
  };
}

type PersonColumns = Record<
  'title' | 'first' | 'last' | 'email' | 'mobile' | 'birth',
  [ImportColumn, string]
>;

/** A person's columns (a holder's or a contact's) that are filled, checked by the contact rules. */
function personProblems(person: PersonColumns, line: number, now: Date): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const problem = ([column]: [ImportColumn, string], message: string) =>
    problems.push({ line, column, message });
  const filled = ([, value]: [ImportColumn, string]) => value !== '';
  if (filled(person.title) && !(CONTACT_TITLES as readonly string[]).includes(person.title[1]))
    problem(person.title, `the title must be one of ${CONTACT_TITLES.join(', ')}`);
  for (const name of [person.first, person.last]) {
    if (filled(name) && !isPersonName(name[1]))
      problem(name, "this isn't a name: letters, spaces, apostrophes, hyphens and full stops only");
    if (name[1].length > 100) problem(name, 'this is longer than 100 characters');
  }
  if (filled(person.email) && checkContactEmail(person.email[1]) !== null)
    problem(person.email, "this isn't an email address");
  if (filled(person.mobile) && checkContactMobile(person.mobile[1]) !== null)
    problem(person.mobile, "this isn't a mobile number: 8 to 15 digits, like 0491570006");
  if (filled(person.birth)) {
    const dob = checkContactBirthDate(person.birth[1], now);
    if (dob !== null)
      problem(
        person.birth,
        parseCalendarDate(person.birth[1])
          ? dob
          : "this isn't a date: write it as YYYY-MM-DD, like 1970-01-31",
      );
  }
  return problems;
}

/**
 * What only the whole file shows: an account's columns differing between its rows, a service
 * external id, an identifier, or an email or mobile (a holder's or a contact's) given twice, and
 * a contact row whose account's columns are not its account's.
 */
export function checkImportRows(items: readonly ImportItem[]): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const accounts = new Map<string, ImportRow>();
  const firstLine = new Map<string, number>();
  const once = (key: string, line: number, column: ImportColumn, what: string) => {
    const seen = firstLine.get(key);
    if (seen === undefined) firstLine.set(key, line);
    else problems.push({ line, column, message: `${what} is on line ${seen} too` });
  };
  const rows = items.filter((r): r is ImportRow => r.kind === 'service');
  const contacts = items.filter((r): r is ImportContactRow => r.kind === 'contact');
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
  }
  // Addresses in the file's order, holders and contacts alike: recovery names one person.
  const people = [
    ...[...accounts.values()].map((r) => ({
      line: r.line,
      email: r.holder.email,
      mobile: r.holder.mobile,
      columns: ['holder_email', 'holder_mobile'] as const,
    })),
    ...contacts.map((c) => ({
      line: c.line,
      email: c.contact.email,
      mobile: c.contact.mobile,
      columns: ['contact_email', 'contact_mobile'] as const,
    })),
  ].sort((a, b) => a.line - b.line);
  for (const p of people) {
    once(`email:${p.email.toLowerCase()}`, p.line, p.columns[0], 'this email address');
    once(`mobile:${p.mobile}`, p.line, p.columns[1], 'this mobile number');
  }
  for (const row of rows) {
    once(`service:${row.service_external_id}`, row.line, 'service_external_id', 'this service');
    once(`identifier:${row.identifier}`, row.line, 'identifier', 'this identifier');
  }
  for (const contact of contacts) {
    const account = accounts.get(contact.account_external_id);
    if (!account) continue; // one already in Outpost, or none: the database says
    for (const [column, value] of Object.entries(contact.account) as [ImportColumn, string][])
      if (accountValue(account, column) !== value)
        problems.push({
          line: contact.line,
          column,
          message: `this account is on line ${account.line} with another ${column}: leave it empty on a contact row, or give the account's`,
        });
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** An account column's value on a service row (case-folded for the email). */
function accountValue(row: ImportRow, column: ImportColumn): string | undefined {
  const values: Partial<Record<ImportColumn, string>> = {
    account_name: row.account_name,
    holder_title: row.holder.title,
    holder_first_name: row.holder.given_names,
    holder_last_name: row.holder.surname,
    holder_email: row.holder.email,
    holder_mobile: row.holder.mobile,
    holder_date_of_birth: row.holder.date_of_birth,
  };
  return values[column];
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
