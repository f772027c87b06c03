import { describe, expect, it } from 'vitest';
import {
  cannedFailurePlace,
  cannedPreview,
  deskPeople,
  insertIntoDraft,
  mergeCandidates,
  mergedHereText,
  placeholderText,
  ticketIdFromNumber,
} from './desk-tools';

describe('the people a ticket can be given to', () => {
  it('lists the desk once each, by name, with owners seen on tickets', () => {
    const assignees = [
      { staffid: 3, name: 'Sam Support' },
      { staffid: 1, name: 'Ada Admin' },
    ];
    expect(
      deskPeople(assignees, [
        { staffid: 3, name: 'Sam Support' },
        null,
        undefined,
        // Switched off since, still owning a ticket: the queue's filter finds theirs.
        { staffid: 9, name: 'Lee Left' },
      ]),
    ).toEqual([
      { staffid: 1, name: 'Ada Admin' },
      { staffid: 9, name: 'Lee Left' },
      { staffid: 3, name: 'Sam Support' },
    ]);
  });

  it('keeps the server’s name when a ticket shows an older one', () => {
    expect(
      deskPeople([{ staffid: 3, name: 'Sam Support' }], [{ staffid: 3, name: 'Sam' }]),
    ).toEqual([{ staffid: 3, name: 'Sam Support' }]);
  });

  it('still offers the signed-in person before the list comes', () => {
    expect(deskPeople([], [{ staffid: 3, name: 'Sam Support' }])).toEqual([
      { staffid: 3, name: 'Sam Support' },
    ]);
  });
});

describe('a canned reply put into the draft', () => {
  it('replaces an empty draft (spaces count as empty)', () => {
    expect(insertIntoDraft('', 'Hi Jordan', { start: 0, end: 0 })).toEqual({
      value: 'Hi Jordan',
      caret: 9,
    });
    expect(insertIntoDraft('  \n ', 'Hi Jordan', { start: 2, end: 2 })).toEqual({
      value: 'Hi Jordan',
      caret: 9,
    });
  });

  it('goes where the cursor is, the cursor after it', () => {
    expect(insertIntoDraft('Hello. Thanks', 'We are on it. ', { start: 7, end: 7 })).toEqual({
      value: 'Hello. We are on it. Thanks',
      caret: 21,
    });
  });

  it('takes the place of the selected text', () => {
    expect(insertIntoDraft('Hello XXX bye', 'there', { start: 6, end: 9 })).toEqual({
      value: 'Hello there bye',
      caret: 11,
    });
  });

  it('goes at the end when there is no cursor, and keeps a cursor inside the draft', () => {
    expect(insertIntoDraft('Hello', ' there', null)).toEqual({ value: 'Hello there', caret: 11 });
    expect(insertIntoDraft('Hello', '!', { start: 40, end: 50 })).toEqual({
      value: 'Hello!',
      caret: 6,
    });
  });

  it('writes a placeholder as the text does', () => {
    expect(placeholderText('customer.first_name')).toBe('{{customer.first_name}}');
    expect(
      insertIntoDraft('Hi ,', placeholderText('customer.first_name'), { start: 3, end: 3 }),
    ).toEqual({ value: 'Hi {{customer.first_name}},', caret: 26 });
  });
});

describe('a canned reply in the list', () => {
  it('shows its text on one line, cut short with an ellipsis', () => {
    expect(cannedPreview('Hi {{customer.first_name}},\n\nThanks.')).toBe(
      'Hi {{customer.first_name}}, Thanks.',
    );
    expect(cannedPreview('one two three four', 10)).toBe('one two…');
    expect(cannedPreview('short', 10)).toBe('short');
  });

  it('shows the server’s refusal under the field it is about', () => {
    const unknown =
      'There is no placeholder {{customer.firstname}}. Use one of {{customer.first_name}}.';
    expect(cannedFailurePlace({ status: 400, message: unknown })).toEqual({
      place: 'body',
      message: unknown,
    });
    expect(
      cannedFailurePlace({ status: 409, message: 'another canned reply already has this title.' }),
    ).toEqual({ place: 'title', message: 'another canned reply already has this title.' });
    expect(
      cannedFailurePlace({
        status: 400,
        message: 'Invalid request',
        fields: { title: 'Too big: expected string to have <=80 characters' },
      }),
    ).toEqual({ place: 'title', message: 'Too big: expected string to have <=80 characters' });
    expect(
      cannedFailurePlace({ status: 403, message: 'your staff role may not do this.' }),
    ).toEqual({ place: 'form', message: 'your staff role may not do this.' });
  });
});

describe('the ticket a duplicate is merged into', () => {
  it('reads the number as the customer quotes it, or its digits', () => {
    expect(ticketIdFromNumber('T240123')).toBe(240123);
    expect(ticketIdFromNumber(' t240123 ')).toBe(240123);
    expect(ticketIdFromNumber('240123')).toBe(240123);
    expect(ticketIdFromNumber('T 240123')).toBe(240123);
  });

  it('reads nothing else as a number', () => {
    for (const typed of ['', 'T', 'T0', 'TT240123', 'T24O123', '#240123', 'T1234567890', '-5'])
      expect(ticketIdFromNumber(typed)).toBeNull();
  });

  it("offers the customer's other tickets still open", () => {
    const tickets = [
      { ticket_id: 240009, subject: 'Dropouts again', status: 'Open' },
      { ticket_id: 240007, subject: 'Dropouts', status: 'New' },
      { ticket_id: 240004, subject: 'Old bill', status: 'Resolved' },
      { ticket_id: 240002, subject: 'Waiting on photos', status: 'Waiting' },
    ];
    expect(mergeCandidates(tickets, 240007).map((t) => [t.number, t.subject])).toEqual([
      ['T240009', 'Dropouts again'],
      ['T240002', 'Waiting on photos'],
    ]);
  });

  it('says what moved after the merge', () => {
    expect(mergedHereText('T240007', { messages: 2, attachments: 1, notes: 0 })).toBe(
      'T240007 was merged into this ticket: 2 messages, 1 attachment and no internal notes moved here.',
    );
    expect(mergedHereText('T240007', { messages: 1, attachments: 0, notes: 3 })).toBe(
      'T240007 was merged into this ticket: 1 message, no attachments and 3 internal notes moved here.',
    );
  });
});
