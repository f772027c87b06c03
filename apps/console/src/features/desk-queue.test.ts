import { describe, expect, it } from 'vitest';
import {
  attachmentProblem,
  deskFiltersFromSearch,
  deskFiltersToSearch,
  deskQueryOf,
  dueText,
  hasDeskFilters,
  latestMessageId,
  offsetFrom,
  orderFiltersFromSearch,
  orderFiltersToSearch,
  spanText,
} from './desk-queue';

const now = new Date('2026-11-29T08:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the due time in words', () => {
  it('says how late an overdue ticket is, in words', () => {
    expect(dueText(at(-3 * HOUR - 59 * MIN), true, now)).toBe('Overdue 3 h');
    expect(dueText(at(-25 * MIN), true, now)).toBe('Overdue 25 min');
    expect(dueText(at(-10 * 1000), true, now)).toBe('Overdue 1 min');
    expect(dueText(at(-50 * HOUR), true, now)).toBe('Overdue 2 d');
  });

  it('says how long is left before a ticket is due', () => {
    expect(dueText(at(5 * HOUR + 30 * MIN), false, now)).toBe('Due in 5 h');
    expect(dueText(at(40 * MIN), false, now)).toBe('Due in 40 min');
    expect(dueText(at(72 * HOUR), false, now)).toBe('Due in 3 d');
  });

  it('says a ticket waiting on the customer was due, without calling it overdue', () => {
    expect(dueText(at(-2 * HOUR), false, now)).toBe('Was due 2 h ago');
  });

  it('rounds spans down: minutes, then hours up to two days, then days', () => {
    expect(spanText(59 * MIN)).toBe('59 min');
    expect(spanText(60 * MIN)).toBe('1 h');
    expect(spanText(47 * HOUR + 59 * MIN)).toBe('47 h');
    expect(spanText(48 * HOUR)).toBe('2 d');
  });
});

describe('the queue in the address', () => {
  it('reads the view and every filter', () => {
    const filters = deskFiltersFromSearch(
      new URLSearchParams(
        'view=overdue&status=Stalled&priority=urgent&team=billing&assignee=none&technology=Fixed+Wireless&older=7&from=50',
      ),
    );
    expect(filters).toEqual({
      view: 'overdue',
      status: 'Stalled',
      priority: 'urgent',
      team: 'billing',
      assignee: 'none',
      technology: 'Fixed Wireless',
      older: '7',
      from: 50,
    });
  });

  it('writes back the same address it read', () => {
    const search =
      'view=mine&status=Open&priority=high&team=support&assignee=12&technology=Sky+Muster&older=3&from=100';
    expect(deskFiltersToSearch(deskFiltersFromSearch(new URLSearchParams(search))).toString()).toBe(
      search,
    );
  });

  it('leaves out what the API would refuse, and starts at the first page', () => {
    const filters = deskFiltersFromSearch(
      new URLSearchParams(
        'view=everything&status=open&priority=asap&team=sales&assignee=Sam&technology=5G&older=-1&from=abc',
      ),
    );
    expect(filters).toEqual({ view: 'all', from: 0 });
    expect(hasDeskFilters(filters)).toBe(false);
    expect(deskFiltersToSearch(filters).toString()).toBe('');
  });

  it('keeps a page start within what the API pages to', () => {
    expect(offsetFrom('5000')).toBe(1000);
    expect(offsetFrom('-50')).toBe(0);
    expect(offsetFrom('1.5')).toBe(0);
    expect(offsetFrom(null)).toBe(0);
  });

  it('asks the API for the view, the filters and the page', () => {
    const filters = deskFiltersFromSearch(new URLSearchParams('view=unassigned&older=14&from=50'));
    expect(deskQueryOf(filters, 50)).toEqual({
      view: 'unassigned',
      status: undefined,
      priority: undefined,
      team: undefined,
      assignee: undefined,
      technology: undefined,
      older_than_days: '14',
      limit: '50',
      offset: '50',
    });
    expect(deskQueryOf(deskFiltersFromSearch(new URLSearchParams()), 50).view).toBeUndefined();
    expect(hasDeskFilters(filters)).toBe(true);
  });
});

describe('a reply', () => {
  it('names the newest message seen', () => {
    expect(latestMessageId([{ id: 3 }, { id: 9 }, { id: 7 }])).toBe(9);
    expect(latestMessageId([])).toBeUndefined();
  });

  it("refuses a file with the customer's own words", () => {
    expect(attachmentProblem({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      'The file is too big. Attach a file of 5 MB or less.',
    );
    expect(attachmentProblem({ size: 100, type: 'application/zip' })).toBe(
      'That file type cannot be attached. Attach a photo (PNG, JPEG, GIF or WebP) or a PDF.',
    );
    expect(attachmentProblem({ size: 5 * 1024 * 1024, type: 'application/pdf' })).toBeNull();
  });
});

describe('the orders queue in the address', () => {
  it('waits by default and reads a status and kind', () => {
    expect(orderFiltersFromSearch(new URLSearchParams())).toEqual({ status: 'waiting', from: 0 });
    expect(
      orderFiltersFromSearch(new URLSearchParams('status=rejected&kind=product&from=50')),
    ).toEqual({ status: 'rejected', kind: 'product', from: 50 });
    expect(orderFiltersFromSearch(new URLSearchParams('status=lost&kind=pets'))).toEqual({
      status: 'waiting',
      from: 0,
    });
  });

  it('writes only what differs from the default', () => {
    expect(orderFiltersToSearch({ status: 'waiting', from: 0 }).toString()).toBe('');
    expect(
      orderFiltersToSearch({ status: 'in-progress', kind: 'telephony', from: 50 }).toString(),
    ).toBe('status=in-progress&kind=telephony&from=50');
  });
});
