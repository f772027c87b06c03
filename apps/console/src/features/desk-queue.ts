import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  DESK_VIEWS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TEAMS,
  ticketTexts,
  type DeskView,
  type TicketPriority,
  type TicketTeam,
} from '@outpost/domain/tickets-rules';
import { technology, type Technology } from '@outpost/contracts/services';
import { ORDER_STATUSES, type OrderStatus } from '@outpost/domain/orders-rules';

/**
 * The ticket desk's and the orders queue's console logic, without React (docs/decisions/057,
 * 058): what the address holds of a queue, what the API is asked, and how a due time reads.
 */

/** The queue's saved views as the desk reads them; `all` is no view (every ticket). */
export const DESK_VIEW_TABS: { value: DeskView | 'all'; title: string }[] = [
  { value: 'all', title: 'All' },
  { value: 'new', title: 'New' },
  { value: 'mine', title: 'Mine' },
  { value: 'unassigned', title: 'Unassigned' },
  { value: 'waiting', title: 'Waiting on customer' },
  { value: 'overdue', title: 'Overdue' },
];

/** The technologies a ticket's service may have (the filter's choices; the API's own list). */
export const DESK_TECHNOLOGIES = technology.options;

/** The age filter's choices: opened at least this many days ago. */
export const DESK_AGES = ['1', '3', '7', '14', '30'] as const;

/** The most the API pages to (decision 051: `offset` up to 1,000). */
const OFFSET_MAX = 1000;

/** What the address holds of the queue: the view, the filters and where the page starts. */
export type DeskFilters = {
  view: DeskView | 'all';
  status?: (typeof TICKET_STATUSES)[number];
  priority?: TicketPriority;
  team?: TicketTeam;
  /** A staff member's id, or 'none' for unassigned tickets. */
  assignee?: string;
  technology?: Technology;
  /** Opened at least this many days ago. */
  older?: string;
  from: number;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Where a page starts, from the address: a whole number from 0 to 1,000 (anything else: 0). */
export function offsetFrom(value: string | null): number {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n > 0 ? Math.min(n, OFFSET_MAX) : 0;
}

/** The queue the address asks for; values the API would refuse are left out. */
export function deskFiltersFromSearch(search: URLSearchParams): DeskFilters {
  const assignee = search.get('assignee');
  const older = search.get('older');
  const filters: DeskFilters = {
    view: oneOf(DESK_VIEWS, search.get('view')) ?? 'all',
    from: offsetFrom(search.get('from')),
  };
  const status = oneOf(TICKET_STATUSES, search.get('status'));
  if (status) filters.status = status;
  const priority = oneOf(TICKET_PRIORITIES, search.get('priority'));
  if (priority) filters.priority = priority;
  const team = oneOf(TICKET_TEAMS, search.get('team'));
  if (team) filters.team = team;
  if (assignee !== null && /^([1-9][0-9]{0,8}|none)$/.test(assignee)) filters.assignee = assignee;
  const tech = oneOf(DESK_TECHNOLOGIES, search.get('technology'));
  if (tech) filters.technology = tech;
  if (older !== null && /^[1-9][0-9]{0,2}$/.test(older)) filters.older = older;
  return filters;
}

/** The address of a queue: only what differs from the default, in a steady order. */
export function deskFiltersToSearch(filters: DeskFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.view !== 'all') search.set('view', filters.view);
  if (filters.status) search.set('status', filters.status);
  if (filters.priority) search.set('priority', filters.priority);
  if (filters.team) search.set('team', filters.team);
  if (filters.assignee) search.set('assignee', filters.assignee);
  if (filters.technology) search.set('technology', filters.technology);
  if (filters.older) search.set('older', filters.older);
  if (filters.from > 0) search.set('from', String(filters.from));
  return search;
}

/** The API's query for a queue (`GET tickets/`), a page of `pageSize` rows. */
export function deskQueryOf(filters: DeskFilters, pageSize: number) {
  return {
    view: filters.view === 'all' ? undefined : filters.view,
    status: filters.status,
    priority: filters.priority,
    team: filters.team,
    assignee: filters.assignee,
    technology: filters.technology,
    older_than_days: filters.older,
    limit: String(pageSize),
    offset: String(filters.from),
  };
}

/** Whether any filter beyond the view is set (the "Clear filters" button shows). */
export function hasDeskFilters(filters: DeskFilters): boolean {
  return Boolean(
    filters.status ||
    filters.priority ||
    filters.team ||
    filters.assignee ||
    filters.technology ||
    filters.older,
  );
}

/** A span of time as the desk reads it: '25 min', '3 h', '4 d' (rounded down; at least 1 min). */
export function spanText(ms: number): string {
  const minutes = Math.max(1, Math.floor(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * A ticket's due time in words: 'Overdue 3 h' while it is with the desk and late (said in words,
 * never by colour alone), 'Due in 5 h' before then, and 'Was due 2 d ago' for a ticket that is
 * late but not the desk's to answer (waiting on the customer, resolved).
 */
export function dueText(due: string, overdue: boolean, now: Date): string {
  const ms = new Date(due).getTime() - now.getTime();
  if (overdue) return `Overdue ${spanText(ms)}`;
  if (ms >= 0) return `Due in ${spanText(ms)}`;
  return `Was due ${spanText(ms)} ago`;
}

/** The id of the newest message of a thread (the reply's `after_reply_id`), if there is one. */
export function latestMessageId(messages: readonly { id: number }[]): number | undefined {
  return messages.reduce<number | undefined>(
    (max, m) => (max === undefined || m.id > max ? m.id : max),
    undefined,
  );
}

/**
 * Why a file cannot go with a reply (null: it can): the customer's own limits and words. The type
 * is checked by what the browser says here; the server reads the content itself.
 */
export function attachmentProblem(file: { size: number; type: string }): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return ticketTexts.attachmentTooBig;
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return ticketTexts.attachmentWrongType;
  return null;
}

/** The desk's priority and team as words. */
export const priorityText = (p: TicketPriority) => p.charAt(0).toUpperCase() + p.slice(1);
export const teamText = (t: TicketTeam | null) =>
  t === 'billing' ? 'Billing' : t === 'support' ? 'Support' : 'No team';

// ---- The orders queue (docs/decisions/058)

export const ORDER_KIND_FILTERS = [
  { value: 'product', title: 'Products' },
  { value: 'telephony', title: 'Telephony' },
] as const;

export type OrderFilters = {
  /** `waiting` (received or in-progress) is the default. */
  status: 'waiting' | OrderStatus;
  kind?: 'product' | 'telephony';
  from: number;
};

export function orderFiltersFromSearch(search: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {
    status: oneOf(['waiting', ...ORDER_STATUSES], search.get('status')) ?? 'waiting',
    from: offsetFrom(search.get('from')),
  };
  const kind = oneOf(['product', 'telephony'] as const, search.get('kind'));
  if (kind) filters.kind = kind;
  return filters;
}

export function orderFiltersToSearch(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status !== 'waiting') search.set('status', filters.status);
  if (filters.kind) search.set('kind', filters.kind);
  if (filters.from > 0) search.set('from', String(filters.from));
  return search;
}

/** An order's kind as the desk reads it. */
export function orderKindText(kind: string): string {
  return (
    {
      'call-barring': 'Call barring',
      'landline-options': 'Landline options',
      product: 'Product',
      'landline-transfer': 'Landline transfer',
      'voip-transfer': 'VoIP transfer',
      'new-voip': 'New VoIP',
    }[kind] ?? kind
  );
}

/** A move's button and its confirmation, by the status it moves the order to. */
export const ORDER_MOVE_TEXT = {
  'in-progress': {
    button: 'Move to in progress',
    confirm: 'Move this order to in progress? The customer is emailed that you are working on it.',
    done: 'The order is in progress; the customer has been emailed.',
  },
  completed: {
    button: 'Completed',
    confirm: 'Mark this order completed? Its ticket is resolved and the customer is emailed.',
    done: 'The order is completed; the customer has been emailed.',
  },
  rejected: {
    button: 'Rejected',
    confirm:
      'Reject this order? Its ticket is resolved with your reason, and the customer is emailed the reason.',
    done: 'The order is rejected; the customer has been emailed the reason.',
  },
} as const;
