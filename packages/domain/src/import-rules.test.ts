import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMNS,
  checkImportHeader,
  checkImportRow,
  checkImportRows,
  importProblemText,
} from './import-rules';
import type { ImportRow } from './import-rules';

const now = new Date('2027-02-01T00:00:00Z');
const values = {
  account_external_id: 'A-1',
  account_name: 'Dry Creek Station',
  holder_title: 'Ms',
  holder_first_name: 'Pat',
  holder_last_name: "O'Brien",
  holder_email: 'pat@example.net',
  holder_mobile: '0491 570 006',
  holder_date_of_birth: '1970-01-31',
  service_external_id: 'S-1',
  technology: 'Sky Muster Plus',
  plan_id: '22',
  identifier: 'avc000111222333',
  address_line: '1 Creek Road',
  address_suburb: 'Winton',
  address_state: 'QLD',
  address_postcode: '4735',
};

describe('the CSV import rules', () => {
  it('reads a good row: the mobile as digits, the identifier upper-case, pending by default', () => {
    const { row, problems } = checkImportRow(values, 2, now);
    expect(problems).toEqual([]);
    expect(row).toMatchObject({
      line: 2,
      holder: { mobile: '0491570006', surname: "O'Brien" },
      identifier: 'AVC000111222333',
      status: 'pending',
      tower_id: undefined,
      start_date: undefined,
    });
  });

  it('gives every problem of a row, each with its column', () => {
    const { row, problems } = checkImportRow(
      {
        ...values,
        holder_email: 'pat@',
        holder_date_of_birth: '2020-01-01',
        plan_id: 'x',
        account_name: '',
      },
      14,
      now,
    );
    expect(row).toBeNull();
    expect(problems.map(importProblemText)).toEqual([
      'Line 14, column account_name: this is empty: every row needs one',
      "Line 14, column holder_email: this isn't an email address",
      'Line 14, column holder_date_of_birth: Check the date of birth: a contact must be between 16 and 120 years old.',
      "Line 14, column plan_id: this isn't a plan's number (GET /api/admin/v1/plans/ lists them)",
    ]);
  });

  it('names unknown, doubled and missing columns of the header', () => {
    const header: string[] = [
      ...IMPORT_COLUMNS.filter((c) => c !== 'identifier'),
      'plan',
      'plan_id',
    ];
    expect(checkImportHeader(header).map(importProblemText)).toEqual([
      'Line 1, column plan: there is no column "plan": the columns are ' +
        IMPORT_COLUMNS.join(', '),
      'Line 1, column plan_id: this column is there twice',
      'Line 1, column identifier: this column is missing from the header',
    ]);
    // The optional columns may be left out.
    expect(checkImportHeader(IMPORT_COLUMNS.filter((c) => c !== 'tower_id'))).toEqual([]);
  });

  it("finds an account's rows that disagree, and services given twice", () => {
    const rows = [2, 3, 4].map((line) => checkImportRow(values, line, now).row as ImportRow);
    rows[1] = { ...rows[1]!, service_external_id: 'S-2', identifier: 'AVC2' };
    rows[2] = {
      ...rows[2]!,
      account_name: 'Other',
      service_external_id: 'S-3',
      identifier: 'AVC3',
    };
    expect(checkImportRows(rows).map(importProblemText)).toEqual([
      "Line 4, column account_name: this account is on line 2 too, with another account_name: an account's columns must be the same on each of its rows",
    ]);
    const twice = [2, 3].map((line) => checkImportRow(values, line, now).row as ImportRow);
    twice[1] = { ...twice[1]!, account_external_id: 'A-2' };
    expect(checkImportRows(twice).map(importProblemText)).toEqual([
      'Line 3, column holder_email: this email address is on line 2 too',
      'Line 3, column holder_mobile: this mobile number is on line 2 too',
      'Line 3, column service_external_id: this service is on line 2 too',
      'Line 3, column identifier: this identifier is on line 2 too',
    ]);
  });

  it('reads a contact row: the contact by the holder’s rules, no service, the account’s own columns', () => {
    const contact = {
      row_type: 'contact',
      account_external_id: 'A-1',
      contact_title: 'Mr',
      contact_first_name: 'Sam',
      contact_last_name: 'Books',
      contact_email: 'sam.books@example.net',
      contact_mobile: '0491 570 007',
      contact_date_of_birth: '1980-05-01',
      contact_role: 'Billing Contact',
      contact_relationship: 'Bookkeeper',
    };
    const read = checkImportRow(contact, 5, now);
    expect(read.problems).toEqual([]);
    expect(read.row).toEqual({
      kind: 'contact',
      line: 5,
      account_external_id: 'A-1',
      contact: {
        title: 'Mr',
        given_names: 'Sam',
        surname: 'Books',
        email: 'sam.books@example.net',
        mobile: '0491570007',
        date_of_birth: '1980-05-01',
        role: 'Billing Contact',
        relationship: 'Bookkeeper',
      },
      account: {},
    });

    const bad = checkImportRow(
      {
        ...contact,
        contact_email: 'sam@',
        contact_role: '',
        identifier: 'AVC9',
        row_type: 'contact',
      },
      6,
      now,
    );
    expect(bad.problems.map(importProblemText)).toEqual([
      'Line 6, column contact_role: this is empty: a contact row needs one',
      'Line 6, column identifier: a contact row has no service: leave this empty',
      "Line 6, column contact_email: this isn't an email address",
    ]);
    expect(
      checkImportRow({ ...values, row_type: 'person' }, 7, now).problems.map(importProblemText),
    ).toEqual(['Line 7, column row_type: the row type is service or contact (empty: service)']);
    expect(
      checkImportRow({ ...values, contact_email: 'x@example.net' }, 8, now).problems.map(
        importProblemText,
      ),
    ).toEqual([
      'Line 8, column contact_email: a service row has no contact: leave this empty, or make the row_type contact',
    ]);

    // In the file: the contact's email is the holder's, and its account's name another.
    const holderRow = checkImportRow(values, 2, now).row!;
    const clash = checkImportRow(
      { ...contact, contact_email: 'PAT@example.net', account_name: 'Wet Creek Station' },
      3,
      now,
    ).row!;
    expect(checkImportRows([holderRow, clash]).map(importProblemText)).toEqual([
      'Line 3, column contact_email: this email address is on line 2 too',
      "Line 3, column account_name: this account is on line 2 with another account_name: leave it empty on a contact row, or give the account's",
    ]);
  });
});
